// A batch queue's statistics on a hand-worked replay.
#include "policies/batch/queue_statistics.hpp"

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
