// Argollo et al.'s analytic model (Eqs. 1-5), worker selection and the three-phase planner against the paper's
// printed estimates (Tables 1-5) and hand-worked cases. No SimGrid here: these are pure policies.
#include "policies/farm/farm_performance.hpp"
#include "policies/farm/tuning_plan.hpp"
#include "policies/farm/worker_selection.hpp"

#include <cmath>
#include <gtest/gtest.h>

using namespace isogrid::farm;

namespace {

constexpr double kCV  = 2310248;  // bytes a task moves: a 4-byte command and a 601x31x31 float matrix
constexpr double kKiB = 1024;
// The local cluster's rate, printed 1.754e-3 tasks/s: every printed speedup rounds to its digits only for a rate
// in 1.75405-1.75409e-3 (28.430 / 1.754 = 16.2087, printed 16.208).
constexpr double kLocalRate = 1.75407e-3;

// The testbed in the paper's units: rates in tasks/s (per-worker values are the cluster means, except Spain's,
// whose three fastest give the 8.885e-3 the paper selects), 1 MB/s LANs, Internet throughputs in KB/s = KiB/s.
std::vector<ClusterResources> testbed(double spain_kib = 21.0)
{
  ClusterResources argentina{"Argentina", std::vector<double>(3, kLocalRate / 3), 1048576, kUnbounded};
  ClusterResources brazil{"Brazil", std::vector<double>(5, 3.106e-3 / 5), 1048576, 25.3 * kKiB};
  std::vector<double> spain_rates(3, 8.885e-3 / 3);
  spain_rates.insert(spain_rates.end(), 5, (23.570e-3 - 8.885e-3) / 5);
  ClusterResources spain{"Spain", spain_rates, 1048576, spain_kib * kKiB};
  return {argentina, brazil, spain};
}

// The paper prints speedups to 3 decimals and efficiencies as whole percents.
void expect_row(const ClusterEstimate& e, double speedup, double efficiency_percent)
{
  EXPECT_NEAR(e.speedup, speedup, 5e-4);
  EXPECT_NEAR(100 * e.efficiency, efficiency_percent, 0.5);
}

}  // namespace

TEST(FarmModel, MaxPerformanceIsThroughputOverDataPerTask)
{
  // Eq. 4: 21.0 KB/s over 2 310 248 B per task is the paper's 9.30e-3 tasks/s; Eq. 5 multiplies it by S.
  EXPECT_NEAR(max_performance(21.0 * kKiB, kCV), 9.308e-3, 5e-7);
  EXPECT_NEAR(max_performance(21.0 * kKiB, kCV, 3), 3 * 9.308e-3, 2e-6);
  // The LAN: 1 MB/s carries 0.45 tasks/s, far above the local AvPerf.
  EXPECT_NEAR(max_performance(1048576, kCV), 0.4539, 1e-4);
}

TEST(FarmModel, Table2AllResources)
{
  auto clusters  = testbed();
  FarmEstimate e = estimate_farm(clusters, all_workers(clusters), kCV, {1, 1, 1});
  expect_row(e.clusters[0], 1.000, 100);
  expect_row(e.clusters[1], 1.771, 100);
  expect_row(e.clusters[2], 5.307, 39);
  expect_row(e.total, 8.077, 50);
  EXPECT_NEAR(e.total.available, 28.430e-3, 5e-7);
  EXPECT_TRUE(e.clusters[2].communication_bound());
  EXPECT_FALSE(e.clusters[1].communication_bound());
  EXPECT_EQ(e.total.workers, 16u);
}

TEST(FarmModel, Table2WithTheMeasured23KiBps)
{
  // The paper's explanation of Spain's 5.795: the link really gave 23.0 KB/s, i.e. 10.19e-3 tasks/s = 5.81.
  auto clusters  = testbed(23.0);
  FarmEstimate e = estimate_farm(clusters, all_workers(clusters), kCV, {1, 1, 1});
  EXPECT_NEAR(e.clusters[2].speedup, 5.81, 5e-3);
}

TEST(FarmModel, Table4TunedWithS3)
{
  auto clusters  = testbed();
  FarmEstimate e = estimate_farm(clusters, all_workers(clusters), kCV, {1, 3, 3});
  expect_row(e.clusters[2], 13.437, 100);
  expect_row(e.total, 16.208, 100);
  EXPECT_FALSE(e.clusters[2].communication_bound());
}

TEST(FarmModel, LocalClusterWithoutWorkersIsRefused)
{
  auto clusters = testbed();
  EXPECT_THROW(estimate_farm(clusters, {{}, {0}, {0}}, kCV, {1, 1, 1}), std::invalid_argument);
  EXPECT_THROW(estimate_farm(clusters, {{0}}, kCV, {1, 1, 1}), std::invalid_argument);
}

TEST(FarmSelection, ThresholdKeepsThreeSpanishWorkers)
{
  auto clusters = testbed();
  SelectionRequest r;
  r.bytes_per_task   = kCV;
  r.threshold        = 0.85;
  const auto& select = selection_policies().get("threshold");
  r.cluster          = &clusters[2];
  // Three give 8.885e-3 <= 9.308e-3 (100 %); a fourth gives 11.82e-3 against 9.308e-3, 79 % < 85 %.
  EXPECT_EQ(select(r), (std::vector<size_t>{0, 1, 2}));
  r.cluster = &clusters[1];
  EXPECT_EQ(select(r).size(), 5u);
  // At a 75 % threshold the fourth is kept (78.7 %), not the fifth (9.308 / 14.76 = 63 %).
  r.cluster   = &clusters[2];
  r.threshold = 0.75;
  EXPECT_EQ(select(r).size(), 4u);
  // With S = 3 the link carries 27.9e-3 > 23.57e-3: every worker.
  r.threshold   = 0.85;
  r.aggregation = 3;
  EXPECT_EQ(select(r).size(), 8u);
}

TEST(FarmSelection, HandWorkedSlowLink)
{
  // One worker at 1 task/s behind a link carrying 0.5 tasks/s: 50 % even alone. A remote cluster stays out; the
  // local cluster keeps its fastest worker, since the application must run somewhere.
  ClusterResources c{"slow", {0.5, 1.0}, 100, 50};  // CV = 100 B: LAN 1 task/s, Internet 0.5 task/s
  SelectionRequest r;
  r.cluster        = &c;
  r.bytes_per_task = 100;
  r.threshold      = 0.85;
  EXPECT_TRUE(selection_policies().get("threshold")(r).empty());
  r.is_local = true;  // LAN 1 task/s: the fastest (1.0) alone is 100 %, adding 0.5 gives 67 %
  EXPECT_EQ(selection_policies().get("threshold")(r), (std::vector<size_t>{1}));
  r.count = 1;
  EXPECT_EQ(selection_policies().get("count")(r), (std::vector<size_t>{1}));
  r.count = 7;
  EXPECT_EQ(selection_policies().get("count")(r), (std::vector<size_t>{1, 0}));
  EXPECT_EQ(selection_policies().get("all")(r), (std::vector<size_t>{1, 0}));
}

TEST(FarmTuning, EquationFiveGivesTheAggregationFactor)
{
  // S = AvPerf CV / TPut = 23.57e-3 x 2 310 248 / 21 504 = 2.53 -> 3; at 85 % only 2.15 is needed -> still 3.
  EXPECT_NEAR(exact_aggregation(23.570e-3, kCV, 21.0 * kKiB), 2.53, 5e-3);
  EXPECT_EQ(recommended_aggregation(23.570e-3, kCV, 21.0 * kKiB), 3);
  EXPECT_EQ(recommended_aggregation(23.570e-3, kCV, 21.0 * kKiB, 0.85), 3);
  EXPECT_EQ(recommended_aggregation(23.570e-3, kCV, 21.0 * kKiB, 0.7), 2);
  // A link that is not the bottleneck needs no aggregation.
  EXPECT_EQ(recommended_aggregation(3.106e-3, kCV, 25.3 * kKiB), 1);
  // Exactly at an integer stays there despite rounding.
  EXPECT_EQ(recommended_aggregation(3.0, 1.0, 1.0 / (1 + 1e-15)), 3);
}

TEST(FarmTuning, ThreePhasePlanGivesTable5)
{
  TuningPlan plan = plan_tuning(testbed(), kCV, 0.85);
  ASSERT_EQ(plan.steps.size(), 4u);
  EXPECT_TRUE(plan.local_reaches_available);
  expect_row(plan.step("local").estimate.total, 1.000, 100);
  expect_row(plan.step("all").estimate.total, 8.077, 50);
  expect_row(plan.step("selected").estimate.total, 7.836, 100);
  expect_row(plan.step("tuned").estimate.total, 16.208, 100);
  // Table 3's Spanish row and Table 4's S.
  const PlanStep& selected = plan.step("selected");
  EXPECT_EQ(selected.workers[2].size(), 3u);
  EXPECT_EQ(selected.estimate.total.workers, 11u);
  EXPECT_NEAR(selected.estimate.clusters[2].available, 8.885e-3, 1e-9);
  expect_row(selected.estimate.clusters[2], 5.065, 100);
  EXPECT_NEAR(selected.estimate.total.available, 13.745e-3, 5e-7);
  EXPECT_EQ(plan.step("tuned").aggregation, (std::vector<double>{1, 1, 3}));
  EXPECT_NEAR(plan.exact_aggregation[2], 2.53, 5e-3);
  EXPECT_TRUE(std::isnan(plan.exact_aggregation[0]));
  EXPECT_THROW(plan.step("nonsense"), std::invalid_argument);
}
