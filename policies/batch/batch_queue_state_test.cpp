// A batch queue driven event by event, as a simulation that submits jobs as it goes drives it: an open-ended job
// its owner ends, one killed at its requested time, and the starts reported as they happen.
#include "policies/batch/batch_queue_state.hpp"

#include <gtest/gtest.h>

using namespace isogrid::batch;

TEST(BatchQueueState, AnOpenEndedJobHoldsItsProcessorsUntilItsOwnerEndsIt)
{
  // 4 processors, EASY. At 0 job A (2 processors, open-ended, 100 s requested) starts. At 5 job B (all 4, 10 s)
  // must wait for A: A promises to end by 100. At 20 A's owner stops it: B starts then, and ends at 30.
  BatchQueueState q(4, queue_policies().get("easy"));
  size_t a = q.submit({1, 0, 2, 100, kOpenEnded});
  q.decide();
  EXPECT_EQ(q.take_started(), (std::vector<size_t>{a}));
  q.run_until(5);
  size_t b = q.submit({2, 0, 4, 10, 10});
  q.decide();
  EXPECT_FALSE(q.started(b));
  EXPECT_EQ(q.outcome(b).submit, 5) << "submitted at the queue's now";
  EXPECT_EQ(q.next_end(), 100) << "A is killed at its requested time unless its owner ends it first";
  q.run_until(20);
  EXPECT_TRUE(q.take_started().empty());
  q.finish(a);
  q.decide();
  EXPECT_EQ(q.take_started(), (std::vector<size_t>{b}));
  EXPECT_EQ(q.outcome(a).end, 20);
  EXPECT_FALSE(q.outcome(a).killed);
  EXPECT_EQ(q.outcome(b).start, 20);
  EXPECT_EQ(q.next_end(), 30) << "A's stale end at 100 is skipped";
  EXPECT_THROW(q.finish(a), std::logic_error);
  q.run_until(kOpenEnded);
  EXPECT_EQ(q.next_end(), kOpenEnded);
}

TEST(BatchQueueState, AnOpenEndedJobNobodyEndsIsKilledAtItsRequestedTime)
{
  BatchQueueState q(2, queue_policies().get("fcfs"));
  size_t c = q.submit({3, 0, 2, 50, kOpenEnded});
  q.decide();
  q.run_until(40);
  size_t d = q.submit({4, 0, 1, 5, 5});
  q.decide();
  EXPECT_FALSE(q.started(d));
  q.run_until(kOpenEnded);
  EXPECT_TRUE(q.outcome(c).killed);
  EXPECT_EQ(q.outcome(c).end, 50);
  EXPECT_EQ(q.outcome(d).start, 50);
  EXPECT_EQ(q.outcome(d).wait(), 10);
  EXPECT_THROW(q.submit({5, 0, 3, 5, 5}), std::invalid_argument) << "wider than the cluster";
  EXPECT_THROW(BatchQueueState(0, queue_policies().get("fcfs")), std::invalid_argument);
}
