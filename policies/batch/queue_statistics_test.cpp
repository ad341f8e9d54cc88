// A batch queue's statistics on a hand-worked replay.
#include "policies/batch/queue_statistics.hpp"
#include "policies/batch/stream_summary.hpp"

#include <cmath>
#include <gtest/gtest.h>

using namespace isogrid::batch;

TEST(QueueStatistics, HandWorkedOnAFirstComeFirstServedQueue)
{
  // 2 processors. J1 (2 procs, 10 s) at 0 runs 0-10; J2 (2 procs, 10 s) at 1 runs 10-20, waiting 9 s; J3 (1 proc,
  // 5 s) at 2 runs 20-25, waiting 18 s. Bounded slowdowns: 10/10 = 1, 19/10 = 1.9, 23/max(5, 10) = 2.3. Executed
  // processor-seconds 20 + 20 + 5 = 45 over 2 x 25; offered 45 over 2 x 2 s of submissions.
  std::vector<BatchJob> jobs = {{1, 0, 2, 10, 10}, {2, 1, 2, 10, 10}, {3, 2, 1, 5, 5}};
  auto out                   = run_batch_queue(jobs, 2, queue_policies().get("fcfs"));
  QueueStatistics s          = queue_statistics(jobs, out, 2);
  EXPECT_EQ(s.jobs, 3);
  EXPECT_EQ(s.killed, 0);
  EXPECT_DOUBLE_EQ(s.mean_wait, 9);
  EXPECT_DOUBLE_EQ(s.median_wait, 9);
  EXPECT_DOUBLE_EQ(s.max_wait, 18);
  EXPECT_DOUBLE_EQ(s.mean_bounded_slowdown, (1 + 1.9 + 2.3) / 3);
  EXPECT_DOUBLE_EQ(s.makespan, 25);
  EXPECT_DOUBLE_EQ(s.utilisation, 45.0 / 50);
  EXPECT_DOUBLE_EQ(s.offered_load, 45.0 / 4);

  // J3 asks for 3 s only: killed at 23, it executed 3 s; the offered load still counts the 5 s it wanted.
  jobs[2].requested = 3;
  out               = run_batch_queue(jobs, 2, queue_policies().get("fcfs"));
  s                 = queue_statistics(jobs, out, 2);
  EXPECT_EQ(s.killed, 1);
  EXPECT_DOUBLE_EQ(s.makespan, 23);
  EXPECT_DOUBLE_EQ(s.utilisation, 43.0 / 46);
  EXPECT_DOUBLE_EQ(s.offered_load, 45.0 / 4);
  EXPECT_DOUBLE_EQ(s.mean_bounded_slowdown, (1 + 1.9 + 21.0 / 10) / 3);

  EXPECT_TRUE(std::isnan(queue_statistics({}, {}, 2).mean_wait));
}

TEST(StreamSummary, HandWorked)
{
  // Four jobs over 2 days on 8 processors: widths 1, 2, 3, 8 (one serial, two powers of two), run times 100, 200,
  // 300, 1000 s. Processor-seconds 100 + 400 + 900 + 8000 = 9400, of which 9300 parallel; offered 9400 / (8 x 2 d).
  std::vector<BatchJob> jobs = {
      {1, 0, 1, 100, 100}, {2, 1000, 2, 200, 200}, {3, 5000, 3, 300, 300}, {4, 172800, 8, 1000, 1000}};
  StreamSummary s = summarise_stream(jobs, 8);
  EXPECT_EQ(s.jobs, 4);
  EXPECT_DOUBLE_EQ(s.days, 2);
  EXPECT_DOUBLE_EQ(s.jobs_per_day, 2);
  EXPECT_DOUBLE_EQ(s.offered_load, 9400.0 / (8 * 172800));
  EXPECT_DOUBLE_EQ(s.serial_share, 0.25);
  EXPECT_DOUBLE_EQ(s.power_of_two_share, 0.5);
  EXPECT_DOUBLE_EQ(s.mean_width, 3.5);
  EXPECT_EQ(s.max_width, 8);
  EXPECT_DOUBLE_EQ(s.mean_run_time, 400);
  EXPECT_DOUBLE_EQ(s.median_run_time, 250);
  EXPECT_EQ(s.max_run_time, 1000);
  EXPECT_DOUBLE_EQ(s.parallel_work_share, 9300.0 / 9400);
}
