// Batch queue policies on hand-worked queues, and the invariants of any policy on a drawn stream.
#include "base/random.hpp"
#include "policies/batch/batch_queue.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>
#include <string>
#include <vector>

using namespace isogrid;
using namespace isogrid::batch;

namespace {

std::vector<JobOutcome> run(const std::vector<BatchJob>& jobs, unsigned processors, const std::string& policy)
{
  return run_batch_queue(jobs, processors, queue_policies().get(policy));
}

// (start, end) of every job, in the jobs' order.
std::vector<std::pair<double, double>> times(const std::vector<JobOutcome>& out)
{
  std::vector<std::pair<double, double>> t;
  for (const auto& o : out)
    t.emplace_back(o.start, o.end);
  return t;
}

using Times = std::vector<std::pair<double, double>>;

}  // namespace

TEST(BatchQueue, EasyBackfillsAJobThatEndsBeforeTheHeadsReservationAndFcfsDoesNot)
{
  // 4 processors. Job 1 holds 2 until 10; job 2 needs all 4 (reservation at 10); job 3 needs 2 for 5 s: it fits
  // now and ends at 7, before the head's reservation, so EASY and conservative start it at 2 and job 2 still starts
  // at 10. FCFS keeps it behind job 2: 15 to 20.
  std::vector<BatchJob> jobs = {{1, 0, 2, 10, 10}, {2, 1, 4, 5, 5}, {3, 2, 2, 5, 5}};
  EXPECT_EQ(times(run(jobs, 4, "fcfs")), (Times{{0, 10}, {10, 15}, {15, 20}}));
  EXPECT_EQ(times(run(jobs, 4, "easy")), (Times{{0, 10}, {10, 15}, {2, 7}}));
  EXPECT_EQ(times(run(jobs, 4, "conservative")), (Times{{0, 10}, {10, 15}, {2, 7}}));
  // Requested 10 s instead, job 3 would end at 12, past the head's reservation, on processors the head needs: no
  // policy starts it before job 2.
  jobs[2].requested = 10;
  jobs[2].run_time  = 10;
  for (const char* policy : {"fcfs", "easy", "conservative"})
    EXPECT_EQ(times(run(jobs, 4, policy)), (Times{{0, 10}, {10, 15}, {15, 25}})) << policy;
}

TEST(BatchQueue, EasyBackfillsOnTheProcessorsTheHeadLeavesFree)
{
  // Job 2 needs 3 of 4 processors from 10: one stays free then, so a 1-processor job may run long past 10.
  std::vector<BatchJob> jobs = {{1, 0, 2, 10, 10}, {2, 1, 3, 5, 5}, {3, 2, 1, 100, 100}};
  EXPECT_EQ(times(run(jobs, 4, "easy")), (Times{{0, 10}, {10, 15}, {2, 102}}));
}

TEST(BatchQueue, ConservativeProtectsEveryReservationWhereEasyProtectsTheHeadOnly)
{
  // 4 processors. Job 1 holds 2 until 10. Job 2 (3 processors, 5 s) is reserved at 10; job 3 (all 4, 5 s) at 15.
  // Job 4 (1 processor, 20 s) fits now on the processor job 2 leaves free at 10, so EASY starts it at 3, but it
  // holds that processor until 23 and job 3, which needs all 4, waits until then. Conservative sees job 3's
  // reservation too and runs job 4 after it, from 20: no job waits longer than its reservation said.
  std::vector<BatchJob> jobs = {{1, 0, 2, 10, 10}, {2, 1, 3, 5, 5}, {3, 2, 4, 5, 5}, {4, 3, 1, 20, 20}};
  EXPECT_EQ(times(run(jobs, 4, "easy")), (Times{{0, 10}, {10, 15}, {23, 28}, {3, 23}}));
  EXPECT_EQ(times(run(jobs, 4, "conservative")), (Times{{0, 10}, {10, 15}, {15, 20}, {20, 40}}));
  EXPECT_EQ(times(run(jobs, 4, "fcfs")), (Times{{0, 10}, {10, 15}, {15, 20}, {20, 40}}));
}

TEST(BatchQueue, AJobPastItsRequestedTimeIsKilledAndAnEarlyEndFreesItsProcessors)
{
  // Job 1 asks for 10 s and needs 30: killed at 10. Job 2 asks for 50 s and ends after 5.
  std::vector<BatchJob> jobs = {{1, 0, 4, 10, 30}, {2, 0, 4, 50, 5}, {3, 0, 4, 5, 5}};
  auto out                   = run(jobs, 4, "fcfs");
  EXPECT_EQ(times(out), (Times{{0, 10}, {10, 15}, {15, 20}}));
  EXPECT_TRUE(out[0].killed);
  EXPECT_FALSE(out[1].killed);
  EXPECT_DOUBLE_EQ(out[2].wait(), 15);
}

TEST(BatchQueue, EveryPolicyKeepsTheInvariantsOnADrawnStream)
{
  // 400 jobs on 32 processors: none starts before its submission, processors are never oversubscribed, each job
  // runs for its run time (or its requested time, killed), and backfilling never makes the mean wait worse than
  // first come, first served on this stream.
  SeededRandom random(2008);
  std::vector<BatchJob> jobs;
  double t = 0;
  for (uint64_t id = 1; id <= 400; ++id) {
    t += random.uniform(0, 60);
    unsigned width   = 1u << static_cast<unsigned>(random.uniform(0, 6));  // 1 .. 32
    double run_time  = random.uniform(10, 3000);
    double requested = run_time * random.uniform(0.9, 3);  // a few underestimate and are killed
    jobs.push_back({id, t, width, requested, run_time});
  }
  std::map<std::string, double> mean_wait;
  for (const auto& entry : queue_policies().entries()) {
    const std::string& name = entry.name;
    auto out                = run_batch_queue(jobs, 32, entry.item);
    std::vector<std::pair<double, int>> events;
    double waits = 0;
    for (size_t i = 0; i < out.size(); ++i) {
      EXPECT_GE(out[i].start, jobs[i].submit) << name << " job " << jobs[i].id;
      EXPECT_NEAR(out[i].end - out[i].start, std::min(jobs[i].run_time, jobs[i].requested), 1e-9 * out[i].end) << name;
      EXPECT_EQ(out[i].killed, jobs[i].run_time > jobs[i].requested);
      events.emplace_back(out[i].start, static_cast<int>(jobs[i].width));
      events.emplace_back(out[i].end, -static_cast<int>(jobs[i].width));
      waits += out[i].wait();
    }
    std::sort(events.begin(), events.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second < b.second;  // ends before starts at one time
    });
    int busy = 0;
    for (const auto& [time, delta] : events) {
      busy += delta;
      ASSERT_LE(busy, 32) << name << " at " << time;
    }
    mean_wait[name] = waits / static_cast<double>(out.size());
  }
  EXPECT_LE(mean_wait["easy"], mean_wait["fcfs"]);
  EXPECT_LE(mean_wait["conservative"], mean_wait["fcfs"]);
}

TEST(BatchQueue, AStreamThatCannotRunIsRefused)
{
  EXPECT_THROW(run({{1, 0, 8, 10, 10}}, 4, "fcfs"), std::invalid_argument);  // wider than the cluster
  EXPECT_THROW(run({{1, 5, 1, 10, 10}, {2, 4, 1, 10, 10}}, 4, "fcfs"), std::invalid_argument);  // submit goes back
  EXPECT_THROW(run({{1, 0, 1, 0, 10}}, 4, "fcfs"), std::invalid_argument);                      // no requested time
  EXPECT_THROW(run({{1, 0, 1, 10, 10}}, 0, "fcfs"), std::invalid_argument);                     // no processors
  // A policy that starts what does not fit is a bug, said as such.
  QueuePolicy greedy = [](const QueueView& v) {
    std::vector<size_t> all(v.queue.size());
    for (size_t i = 0; i < all.size(); ++i)
      all[i] = i;
    return all;
  };
  EXPECT_THROW(run_batch_queue({{1, 0, 3, 10, 10}, {2, 0, 3, 10, 10}}, 4, greedy), std::logic_error);
}
