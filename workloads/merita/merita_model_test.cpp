// The merita model on the Sec. 6.7 grid and on a drawn one: the grid as declared, every strategy's accounting
// consistent (a turnaround is its waits, runs and overheads), and the same seed giving the same stream.
#include "tests/test_support.hpp"
#include "workloads/merita/merita_model.hpp"

#include <cmath>
#include <gtest/gtest.h>

using namespace isogrid;
using namespace isogrid::merita;
using namespace isogrid::testing;

TEST(MeritaModel, EveryStrategysTimeIsAccountedFor)
{
  MeritaParams p;
  p.submissions   = 4;
  MeritaMetrics m = predicted(merita_schema(), p, 7);
  EXPECT_EQ(m.batch_clusters, 2);
  EXPECT_EQ(m.processors, 32 + 16 + 48);
  EXPECT_GT(m.background_jobs, 100);
  for (const std::string& s : m.strategies.names()) {
    const StrategyMetrics& x = m.strategies[s];
    EXPECT_NEAR(x.turnaround_h, x.wait_h + x.run_h + x.overhead_h, 1e-9 * x.turnaround_h) << s;
    EXPECT_GT(x.run_h, 0) << s;
    EXPECT_GE(x.processor_hours, x.run_h) << s << ": at least one processor all along";
    EXPECT_TRUE(std::isfinite(x.other_wait_h)) << s;
  }
  EXPECT_EQ(m.strategies["static"].wait_h, 0) << "static runs on the interactive cluster";
  EXPECT_EQ(m.strategies["static"].moves, 0);
  EXPECT_EQ(m.strategies["no-rescheduling"].moves, 0);
  EXPECT_LE(m.strategies["oracle"].wait_error_h, 1e-9) << "the oracle's waits are the actual ones";
  MeritaMetrics again = predicted(merita_schema(), p, 7);
  EXPECT_EQ(again.strategies["merita"].turnaround_h, m.strategies["merita"].turnaround_h);
}

TEST(MeritaModel, ADrawnGridHasTheClustersAsked)
{
  MeritaParams p;
  p.grid          = "drawn";
  p.clusters      = 6;
  p.batch_share   = 1;
  p.submissions   = 2;
  p.strategies    = {"merita", "oracle"};
  MeritaMetrics m = predicted(merita_schema(), p, 3);
  EXPECT_EQ(m.batch_clusters, 6);
  EXPECT_GE(m.processors, 6 * 16);
  EXPECT_LE(m.processors, 6 * 64);
  EXPECT_TRUE(std::isnan(m.strategies["static"].turnaround_h)) << "a strategy not run stays empty";
}

TEST(MeritaModel, ATraceLongerThanTheStreamIsMetFromARandomOffset)
{
  // The NASA log spans 92 days; a stream of 2 runs a day apart, with 30 days of room, takes about a third of it, from
  // an offset each repetition draws: two seeds meet different parts, with different numbers of jobs.
  MeritaParams p;
  p.background_trace = source("traces/NASA-iPSC-1993-3.1-cln.swf.gz");
  p.submissions      = 2;
  p.mean_gap_h       = 24;
  p.strategies       = {"merita"};
  MeritaMetrics a = predicted(merita_schema(), p, 1), b = predicted(merita_schema(), p, 2);
  EXPECT_GT(a.background_jobs, 1000);
  EXPECT_LT(a.background_jobs, 2 * 18239) << "a part of the log on each of the two batch clusters";
  EXPECT_NE(a.background_jobs, b.background_jobs);
}
