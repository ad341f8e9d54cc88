// How long a run will take: the ETA's arithmetic, the wall time of a set of point costs, and the sources an estimate
// comes from (the last run in the folder, a shipped study as measured, the model's measured cost).
#include "simulator/core/catalog.hpp"
#include "simulator/experiment/experiment.hpp"
#include "simulator/run/measured_costs.hpp"
#include "simulator/run/progress.hpp"
#include "simulator/run/results_reader.hpp"
#include "simulator/run/run_estimate.hpp"
#include "simulator/run/runner.hpp"
#include "tests/test_support.hpp"

#include <gtest/gtest.h>
#include <numeric>

using namespace isogrid;
using namespace isogrid::testing;

TEST(Eta, FollowsTheEstimateUntilPointsSayHowFastThisMachineIs)
{
  EtaEstimator eta(100, 2);  // 100 s of one job's work, two jobs
  EXPECT_DOUBLE_EQ(eta.eta(0), 50);
  // A 10-second point took 10 s of wall time with two jobs: this machine is twice as slow as the estimate (10 / 5),
  // which one point weighs against the estimate's five: pace (5 * 1 + 1 * 2) / 6 on the 45 s left.
  eta.finished(10);
  EXPECT_DOUBLE_EQ(eta.eta(10), 45 * 7.0 / 6);
  // Four more alike: five points to the estimate's five, pace (5 + 5 * 2) / 10 on the 25 s left.
  for (int i = 0; i < 4; ++i)
    eta.finished(10);
  EXPECT_DOUBLE_EQ(eta.eta(50), 25 * 1.5);
}

TEST(Eta, AMachineFasterThanTheEstimateShortensIt)
{
  EtaEstimator eta(60, 1);
  for (int i = 0; i < 5; ++i)
    eta.finished(6);  // 30 s of estimated work done in 15 s: twice as fast
  EXPECT_DOUBLE_EQ(eta.eta(15), 30 * (5 + 5 * 0.5) / 10);
}

TEST(RunEstimate, WallTimeSpreadsTheCostsOverTheJobsButNotBelowTheLongestPoint)
{
  RunEstimate e;
  e.costs = {1, 1, 10};
  EXPECT_DOUBLE_EQ(e.wall_s(2), 10);  // 12 / 2 = 6, but one point alone takes 10
  EXPECT_DOUBLE_EQ(e.wall_s(1), 12);
  EXPECT_DOUBLE_EQ(e.wall_s(2, {false, false, true}), 1);
  EXPECT_DOUBLE_EQ(e.pending_s({true, false, false}), 11);
}

TEST(RunEstimate, TheLastRunOfTheSameExperimentTimesEveryPoint)
{
  TempDir dir;
  const std::string file = dir.write("sweep.yaml", "model: dlt-star\nmode: predict\nparameters: {A: 1, C: 0.1, S: 0}\n"
                                                   "sweep:\n  m: [1, 2, 3]\n  V: [10, 100]\n");
  Experiment ex          = load_experiment(file, {}, catalog());
  // No run yet, and a file that is no shipped study: the model's measured cost, or nothing.
  auto before = estimate_run(ex, (dir.path() / "out").string());
  EXPECT_TRUE(!before || !before->from_last_run);
  RunOptions options;
  options.out_dir  = (dir.path() / "out").string();
  options.progress = false;
  run_experiment(ex, options);
  auto after = estimate_run(ex, options.out_dir);
  ASSERT_TRUE(after);
  EXPECT_TRUE(after->from_last_run);
  ASSERT_EQ(after->costs.size(), 6u);
  std::vector<double> walls;
  for_each_result(options.out_dir + "/results.csv", [&](const std::vector<std::string>& row) {
    walls.push_back(std::stod(row.back()));  // wall_s, the last column
  });
  EXPECT_EQ(after->costs, walls);
  EXPECT_NE(after->basis.find("last run"), std::string::npos) << after->basis;
  // Another experiment in the same folder (another sweep) is not timed by it.
  Experiment other = load_experiment(file, {"V=[10, 1000]"}, catalog());
  auto not_it      = estimate_run(other, options.out_dir);
  EXPECT_TRUE(!not_it || !not_it->from_last_run);
}

TEST(RunEstimate, AShippedStudyIsEstimatedFromItsMeasuredRun)
{
  const std::string study       = "alzain2008/table11-raytracer-scalability";
  const MeasuredStudy* measured = nullptr;
  for (const auto& m : measured_studies())
    if (m.study == study)
      measured = &m;
  ASSERT_NE(measured, nullptr) << "measured_costs.cpp has no " << study;
  Experiment ex = load_experiment(source("experiments/" + study + ".yaml"), {}, catalog());
  auto e        = estimate_run(ex, "/nonexistent/out");
  ASSERT_TRUE(e);
  EXPECT_FALSE(e->from_last_run);
  EXPECT_NEAR(std::accumulate(e->costs.begin(), e->costs.end(), 0.0), measured->total_s, 1e-9 * measured->total_s);
  EXPECT_NE(e->basis.find(study), std::string::npos) << e->basis;
  // With --set the study has fewer points, each at its mean cost.
  Experiment fewer = load_experiment(source("experiments/" + study + ".yaml"), {"repetitions=1"}, catalog());
  auto f           = estimate_run(fewer, "/nonexistent/out");
  ASSERT_TRUE(f);
  EXPECT_NEAR(std::accumulate(f->costs.begin(), f->costs.end(), 0.0),
              measured->total_s * static_cast<double>(fewer.included_points) / measured->points,
              1e-9 * measured->total_s);
}
