// Korkhov (2009) Ch. 4 on isogrid, checked at three levels:
//  1. the closed forms against the chapter's numbers and the notes' derived tables;
//  2. the skeleton's exact schedule (halo_timing, no SimGrid) against the closed forms, over the whole sweep;
//  3. SimGrid against that schedule, to rounding.
#include "policies/stencil/decomposition.hpp"
#include "policies/stencil/halo_plan.hpp"
#include "simulator/core/catalog.hpp"
#include "simulator/core/timeline.hpp"
#include "simulator/sg/session.hpp"
#include "tests/test_support.hpp"
#include "workloads/stencil/grid_speedup_formulas.hpp"
#include "workloads/stencil/halo_timing.hpp"
#include "workloads/stencil/lbm_models.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <map>
#include <numeric>
#include <set>
#include <sstream>

using namespace isogrid;
using namespace isogrid::stencil;
using namespace isogrid::testing;

namespace {

const Model& lbm() { return model_of(lbm_grid_schema()); }

// Both faces of lbm-grid points, each in a child process, as the model's metrics.
std::vector<TypedOutcome<LbmGridMetrics>> run_lbm(const std::vector<Point>& points)
{
  return read_outcomes(lbm_grid_schema(), evaluate_in_children(points, lbm()));
}

LbmCase paper_case(double nx, double ny, size_t C, size_t p) { return LbmCase{nx, ny, C, p, 1.3e5, 5e-6, 3e-5}; }

// The skeleton's time for one step of a homogeneous case, from its exact schedule.
double schedule_time(const LbmCase& c, int steps = 1)
{
  std::vector<ClusterShape> shapes(c.clusters, ClusterShape{c.ranks, c.delta});
  std::vector<size_t> owner = cluster_of_ranks(shapes);
  HaloCosts costs;
  for (double share : decomposition_policies().get("equal")(shapes, c.nx))
    costs.compute.push_back(share * c.ny * c.ny / c.delta);
  costs.intra = c.ny * c.ny * c.tau_comm;
  costs.inter = c.ny * c.ny * c.tau_grid;
  return halo_schedule_time(chain_halo_plan(owner), costs, steps);
}

}  // namespace

// ---- policies ----

TEST(StencilDecomposition, EqualSplitIsThePapers)
{
  std::vector<ClusterShape> two = {{4, 1.0}, {4, 1.0}};
  auto shares                   = decomposition_policies().get("equal")(two, 64);
  ASSERT_EQ(shares.size(), 8u);
  for (double s : shares)
    EXPECT_DOUBLE_EQ(s, 8.0);
  std::vector<ClusterShape> unequal = {{2, 1.0}, {4, 1.0}};  // W/C per cluster, then per rank
  EXPECT_EQ(decomposition_policies().get("equal")(unequal, 60), (std::vector<double>{15, 15, 7.5, 7.5, 7.5, 7.5}));
}

TEST(StencilDecomposition, CapacityWeightedEqualisesComputeTime)
{
  std::vector<ClusterShape> clusters = {{2, 1.0}, {4, 3.0}, {1, 2.0}};
  auto shares                        = decomposition_policies().get("capacity-weighted")(clusters, 100);
  EXPECT_NEAR(std::accumulate(shares.begin(), shares.end(), 0.0), 100, 1e-12);
  auto owner = cluster_of_ranks(clusters);
  for (size_t r = 0; r < shares.size(); ++r)  // share / speed is the same for everyone: 100 / (2 + 12 + 2)
    EXPECT_NEAR(shares[r] / clusters[owner[r]].speed, 100.0 / 16, 1e-12);
}

TEST(HaloPlan, BordersExchangeAcrossClustersFirstAndInsideLast)
{
  // C = 2, p = 4: ranks 0..3 | 4..7; the border pair is (3, 4).
  auto plan = chain_halo_plan({0, 0, 0, 0, 1, 1, 1, 1});
  EXPECT_EQ(plan[3].inter, (std::vector<size_t>{4}));
  EXPECT_EQ(plan[4].inter, (std::vector<size_t>{3}));
  EXPECT_TRUE(plan[0].inter.empty());
  EXPECT_EQ(plan[1].intra, (std::vector<size_t>{2, 0}));  // the interior pair first
  EXPECT_EQ(plan[2].intra, (std::vector<size_t>{1, 3}));  // the border pair last
  EXPECT_EQ(plan[3].intra, (std::vector<size_t>{2}));
  EXPECT_EQ(plan[5].intra, (std::vector<size_t>{6, 4}));
  // One processor per cluster: every exchange crosses clusters.
  auto singles = chain_halo_plan({0, 1, 2});
  EXPECT_EQ(singles[1].inter, (std::vector<size_t>{0, 2}));
  EXPECT_TRUE(singles[1].intra.empty());
}

TEST(HaloPlan, CriticalPathIsTheChaptersOnEvenClusters)
{
  // Per step: 2 N_y^2 tau_comm on one cluster, N_y^2 (tau_grid + tau_comm) on several (eq. 4.26).
  for (size_t C : {1, 2, 3, 5})
    for (size_t p : {4, 8, 16, 32}) {
      LbmCase c      = paper_case(512, 30, C, p);
      double compute = c.nx * c.ny * c.ny / (static_cast<double>(C * p) * c.delta);
      double comm    = C == 1 ? 2 * c.ny * c.ny * c.tau_comm : c.ny * c.ny * (c.tau_comm + c.tau_grid);
      EXPECT_NEAR(schedule_time(c), compute + comm, 1e-12) << C << " " << p;
      EXPECT_NEAR(schedule_time(c, 5), 5 * (compute + comm), 1e-11) << C << " " << p;
    }
  // Two ranks in one cluster exchange once: the chapter's 2 N_y^2 tau_comm counts a neighbour that is not there.
  LbmCase two = paper_case(512, 30, 1, 2);
  EXPECT_NEAR(schedule_time(two), 512.0 * 900 / (2 * 1.3e5) + 900 * 5e-6, 1e-12);
}

// ---- closed forms ----

TEST(GridSpeedupFormulas, ReproduceTheChaptersThresholds)
{
  // Eq. 4.36: beta > 28C - 10 for gamma > 0.8: 46, 74, 102 (C = 2, 3, 4).
  EXPECT_NEAR(beta_min(0.8, 2, 6), 46, 1e-9);
  EXPECT_NEAR(beta_min(0.8, 3, 6), 74, 1e-9);
  EXPECT_NEAR(beta_min(0.8, 4, 6), 102, 1e-9);
  // Eqs. 4.37-4.39: N_x >= beta Delta tau_comm p = 29.9p, 48.1p, 66.3p.
  EXPECT_NEAR(beta_min(0.8, 2, 6) * 1.3e5 * 5e-6, 29.9, 1e-9);
  EXPECT_NEAR(beta_min(0.8, 3, 6) * 1.3e5 * 5e-6, 48.1, 1e-9);
  EXPECT_NEAR(beta_min(0.8, 4, 6) * 1.3e5 * 5e-6, 66.3, 1e-9);
  // At the threshold, gamma is exactly 0.8: e.g. N_x = 29.9 p on two clusters.
  EXPECT_NEAR(grid_efficiency(paper_case(29.9 * 8, 40, 2, 8)), 0.8, 1e-12);
}

TEST(GridSpeedupFormulas, MatchTheDerivedTable)
{
  // Notes A.3.4: gamma = (beta + 2)/(beta + 7C) at alpha = 6.
  struct Row {
    double beta;
    size_t C;
    double gamma;
  };
  for (Row r : std::vector<Row>{{2, 2, 0.250},
                                {10, 2, 0.500},
                                {46, 3, 0.716},
                                {74, 4, 0.745},
                                {102, 5, 0.759},
                                {200, 3, 0.914},
                                {1000, 4, 0.975}}) {
    double p  = 4;
    LbmCase c = paper_case(r.beta * p * 1.3e5 * 5e-6, 30, r.C, 4);
    EXPECT_NEAR(grid_efficiency(c), r.gamma, 5e-4) << r.beta << " " << r.C;
  }
  // Absolute times for N_x = 512, N_y = 50 (notes A.3.4).
  EXPECT_NEAR(single_cluster_time(paper_case(512, 50, 1, 1)), 9.846, 5e-4);
  EXPECT_NEAR(single_cluster_time(paper_case(512, 50, 1, 4)), 2.487, 5e-4);
  EXPECT_NEAR(multi_cluster_time(paper_case(512, 50, 2, 4)), 1.318, 5e-4);
  EXPECT_NEAR(multi_cluster_time(paper_case(512, 50, 4, 4)), 0.703, 5e-4);
  EXPECT_NEAR(grid_speedup(paper_case(512, 50, 4, 16)), 2.653, 5e-4);
  EXPECT_LT(grid_speedup(paper_case(64, 20, 2, 16)), 1.0);  // 0.81: two clusters do not pay off
  // Eq. 4.33 equals the ratio of the two times it comes from.
  LbmCase c = paper_case(256, 20, 3, 8);
  EXPECT_NEAR(grid_speedup(c), single_cluster_time(c) / multi_cluster_time(c), 1e-12);
}

TEST(GridSpeedupFormulas, GammaGrowsWithBetaAndFallsWithAlpha)
{
  // Erratum E3: the chapter's text says the opposite; eq. 4.33 says this.
  LbmCase c         = paper_case(128, 20, 3, 4);
  LbmCase more_beta = c, more_alpha = c;
  more_beta.nx *= 2;
  more_alpha.tau_grid *= 2;
  EXPECT_GT(grid_speedup(more_beta), grid_speedup(c));
  EXPECT_LT(grid_speedup(more_alpha), grid_speedup(c));
}

// ---- the schedule against the closed form, over the whole sweep of the chapter ----

TEST(LbmSchedule, StaysWithinFivePercentOfEquation433OverTheSweep)
{
  size_t points     = 0;
  double worst_even = 0, worst_single = 0;
  for (double nx : {36, 64, 128, 256, 512})
    for (double ny : {10, 20, 30, 40, 50})
      for (size_t C : {1, 2, 3, 4, 5})
        for (size_t p : {1, 2, 4, 8, 16, 32}) {
          LbmCase c = paper_case(nx, ny, C, p);
          if (grain_size(c) < 1)
            continue;
          ++points;
          LbmCase one                          = c;
          one.clusters                         = 1;
          double gamma_schedule                = schedule_time(one) / schedule_time(c);
          double dev_gamma                     = std::fabs(gamma_schedule / grid_speedup(c) - 1);
          double dev_time                      = std::fabs(schedule_time(c) / multi_cluster_time(c) - 1);
          double dev                           = std::max(dev_gamma, dev_time);
          (p == 1 ? worst_single : worst_even) = std::max(p == 1 ? worst_single : worst_even, dev);
        }
  EXPECT_EQ(points, 685u);
  EXPECT_LE(worst_even, 0.05);  // p >= 2: the paper's 5 %
  // p = 1 with C >= 4 on the shortest tube: eq. 4.26 charges an intra-cluster exchange that a one-processor
  // cluster does not have (5.0-5.9 % at N_x = 36, C = 4 and 5).
  EXPECT_LE(worst_single, 0.06);
  EXPECT_GT(worst_single, 0.05);
}

// ---- SimGrid against the schedule ----

TEST(LbmSimulation, MatchesItsScheduleToRounding)
{
  std::vector<Point> points;
  for (double C : {1.0, 2.0, 3.0})
    for (double p : {1.0, 2.0, 4.0, 6.0})
      points.push_back(point_for(lbm(), {{"N_x", 96.0}, {"N_y", 20.0}, {"C", C}, {"p", p}, {"K", 3.0}}));
  auto outcomes = run_lbm(points);
  for (size_t i = 0; i < points.size(); ++i) {
    LbmGridParams params = lbm_grid_schema().params_of(points[i]);
    LbmCase c            = paper_case(96, 20, static_cast<size_t>(params.C), static_cast<size_t>(params.p[0]));
    LbmCase one          = c;
    one.clusters         = 1;
    EXPECT_NEAR(outcomes[i].simulated.time / schedule_time(c, 3), 1, 1e-9) << i;
    EXPECT_NEAR(outcomes[i].simulated.reference_time / schedule_time(one, 3), 1, 1e-9) << i;
    EXPECT_NEAR(outcomes[i].simulated.one_processor_time, 3 * 96.0 * 400 / 1.3e5, 1e-9) << i;
    EXPECT_NEAR(outcomes[i].predicted.time, 3 * multi_cluster_time(c), 1e-9) << i;
  }
}

TEST(LbmSimulation, Das2IsCalibratedAsTheChapterMeasuredIt)
{
  std::string das2          = std::string(ISOGRID_SOURCE_DIR) + "/platforms/das2.yaml";
  const Model& estimation   = isogrid::testing::catalog().model("lbm-estimation");
  std::vector<Point> points = {
      point_for(estimation, {{"platform", das2}, {"N_x", 128.0}, {"N_y", 30.0}, {"p", 8.0}, {"C", 4.0}}),
      point_for(estimation, {{"platform", das2}, {"N_x", 36.0}, {"N_y", 10.0}, {"p", 3.0}, {"C", 2.0}}),
  };
  for (const auto& o : read_outcomes(lbm_estimation_schema(), evaluate_in_children(points, estimation))) {
    EXPECT_NEAR(o.predicted.delta, 1.3e5, 1e-6);  // Delta read off the platform
    EXPECT_NEAR(o.predicted.tau_comm, 5e-6, 1e-15);
    EXPECT_NEAR(o.predicted.tau_grid, 3e-5, 1e-15);
    EXPECT_NEAR(o.simulated.delta / 1.3e5, 1, 1e-9);  // and recovered by eqs. 4.27-4.30 from simulated runs
    EXPECT_NEAR(o.simulated.tau_comm / 5e-6, 1, 1e-9);
    EXPECT_NEAR(o.simulated.tau_grid / 3e-5, 1, 1e-9);
    EXPECT_NEAR(o.simulated.tau_grid_difference / 3e-5, 1, 1e-9);
    EXPECT_NEAR(o.simulated.alpha, 6, 1e-8);
  }
  // The lbm-grid model on DAS-2 predicts from the probed constants and matches its generated twin.
  auto on_das2 =
      run_lbm({point_for(lbm(), {{"platform", das2}, {"N_x", 256.0}, {"N_y", 40.0}, {"C", 5.0}, {"p", 8.0}})});
  EXPECT_NEAR(on_das2[0].predicted.time, multi_cluster_time(paper_case(256, 40, 5, 8)), 1e-12);
  EXPECT_NEAR(on_das2[0].simulated.time, schedule_time(paper_case(256, 40, 5, 8)), 1e-9);
}

TEST(LbmSimulation, TooFewHostsOnTheDas2ClustersIsAClearError)
{
  std::string das2 = std::string(ISOGRID_SOURCE_DIR) + "/platforms/das2.yaml";
  Point p          = point_for(lbm(), {{"platform", das2}, {"N_x", 512.0}, {"N_y", 10.0}, {"C", 2.0}, {"p", 33.0}});
  ProcessPool pool(1, 60);
  pool.launch(0, [&p] {
    Outcome out(lbm().info().metrics.size());
    lbm().evaluate(p, Faces{false, true}, SimulationContext{sg::exact_network_config(), false}, out);
    return std::string();
  });
  auto r = pool.wait_some();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].error, "33 rank(s) on cluster leiden of the platform, which has 32 host(s)");
}

TEST(LbmSimulation, BackgroundLoadSlowsRunsDownWithinItsBound)
{
  std::vector<Point> points;
  for (uint64_t seed = 1; seed <= 6; ++seed)
    points.push_back(point_for(
        lbm(), {{"N_x", 256.0}, {"N_y", 30.0}, {"C", 2.0}, {"p", 4.0}, {"noise_probability", 1.0}, {"noise_max", 0.3}},
        seed));
  points.push_back(point_for(lbm(), {{"N_x", 256.0}, {"N_y", 30.0}, {"C", 2.0}, {"p", 4.0}}));
  auto outcomes = run_lbm(points);
  double quiet  = outcomes.back().simulated.time;
  EXPECT_NEAR(quiet / schedule_time(paper_case(256, 30, 2, 4)), 1, 1e-9);
  std::set<double> seen;
  size_t slower = 0;
  for (size_t i = 0; i + 1 < outcomes.size(); ++i) {
    double t = outcomes[i].simulated.time;
    // One node computes up to 1.3 times slower: never faster, at most 1.3 times slower overall. A loaded end rank
    // can hide in its slack (it waits for its neighbour's first exchange anyway), so not every run is slower.
    EXPECT_GE(t, quiet * (1 - 1e-12)) << i;
    EXPECT_LT(t, quiet * 1.3) << i;
    slower += t > quiet * (1 + 1e-6) ? 1 : 0;
    seen.insert(t);
  }
  EXPECT_GE(slower, 3u);
  EXPECT_GE(seen.size(), 4u);  // different seeds, different outliers
}

TEST(LbmSimulation, CapacityWeightedSplitHelpsHeterogeneousClusters)
{
  // Cluster 1 is twice as fast; the equal split waits for cluster 0, the weighted one does not.
  std::map<std::string, Value> base = {
      {"N_x", 300.0}, {"N_y", 20.0}, {"C", 2.0}, {"p", 4.0}, {"delta", std::vector<double>{1e5, 2e5}}};
  auto weighted             = base;  // the equal split is the default: base itself
  weighted["decomposition"] = std::string("capacity-weighted");
  auto o                    = run_lbm({point_for(lbm(), base), point_for(lbm(), weighted)});
  EXPECT_LT(o[1].simulated.time, 0.8 * o[0].simulated.time);
  for (const auto& x : o) {
    EXPECT_NEAR(x.simulated.time / x.predicted.time, 1, 1e-9);
    // The reference is the fastest single cluster: cluster 1 alone.
    double fast_alone = 300.0 * 400 / (4 * 2e5) + 2 * 400 * 5e-6;
    EXPECT_NEAR(x.simulated.reference_time, fast_alone, 1e-9);
    EXPECT_NEAR(x.predicted.reference_time, fast_alone, 1e-12);
  }
  // Unequal processor counts ("fractional C"): 2 + 6 processors, weighted by capacity.
  auto fractional = point_for(lbm(), {{"N_x", 320.0},
                                      {"N_y", 20.0},
                                      {"C", 2.0},
                                      {"p", std::vector<double>{2, 6}},
                                      {"decomposition", std::string("capacity-weighted")}});
  auto f          = run_lbm({fractional});
  EXPECT_NEAR(f[0].simulated.time / f[0].predicted.time, 1, 0.05);
  EXPECT_NEAR(f[0].simulated.grain_size, 40, 1e-12);  // 320 slices over 8 processors
}

// ---- the general model (eqs. 4.11-4.21) ----

TEST(GridSpeedupGeneral, IdentitiesHoldAndG2SignFollowsQ2sGrowth)
{
  auto eval = [](double q2_exp, double q2_const, double q2_coef) {
    GridSpeedupGeneralParams p;
    p.W = 1e4, p.delta = 10, p.p = 8, p.C = 4;
    p.q2_const = q2_const, p.q2_coef = q2_coef, p.q2_exp = q2_exp, p.q1_const = 2;
    return predicted(grid_speedup_general_schema(), p);
  };
  for (auto f : {eval(1, 0, 1e-3), eval(0.5, 0, 0.05), eval(1.5, 0, 1e-5), eval(1, 3, 0)}) {
    EXPECT_NEAR(f.speedup, f.speedup_closed_form, 1e-9 * f.speedup);                 // eq. 4.13 = eq. 4.12
    EXPECT_NEAR(f.grid_speedup, f.grid_speedup_closed_form, 1e-9 * f.grid_speedup);  // eq. 4.18 = eq. 4.16
    EXPECT_NEAR(f.grid_efficiency, f.grid_speedup / 4, 1e-12);
  }
  EXPECT_NEAR(eval(1, 0, 1e-3).g_2, 0, 1e-12);  // Q_2 proportional to W: g_2 = 0, Gamma = C / (1 + g_1) (4.21)
  EXPECT_GT(eval(0.5, 0, 0.05).g_2, 0);         // grows slower than W: each element pays more than its share
  EXPECT_GT(eval(1, 3, 0).g_2, 0);              // a constant overhead is the extreme case
  EXPECT_LT(eval(1.5, 0, 1e-5).g_2, 0);         // grows faster: g_2 < 0
  // Super-linear Grid speedup when g_2 < 0 outweighs g_1 (case 3 of Sec. 4.3.2): no Q_1, steep Q_2.
  GridSpeedupGeneralParams steep;
  steep.W = 1e4, steep.delta = 10, steep.p = 8, steep.C = 4, steep.q2_coef = 1e-4, steep.q2_exp = 2;
  EXPECT_GT(predicted(grid_speedup_general_schema(), steep).grid_speedup, 4.0);
}

// The timeline of the multi-cluster run, C = 2 clusters of p = 3 ranks, K = 4 steps: every rank computes 4 times;
// the chain's inner ranks exchange a halo with each neighbour in their cluster every step (the ends of the chain
// with one), and the two ranks at the clusters' border exchange across the wide area once a step.
TEST(LbmSimulation, TheTimelineHoldsEveryStepAndEveryHaloOfTheChain)
{
  Point point       = point_for(lbm(), {{"N_x", 96.0}, {"N_y", 20.0}, {"C", 2.0}, {"p", 3.0}, {"K", 4.0}});
  Timeline timeline = isogrid::testing::timeline_of(lbm(), point);
  std::map<std::string, int> count;  // "rank|state" -> intervals
  for (const TimelineEvent& e : timeline.events()) {
    EXPECT_EQ(e.group, "grid") << "only the multi-cluster run is recorded: " << e.resource;
    count[e.resource + "|" + e.state] += 1;
  }
  EXPECT_EQ(count.size(), 6u * 2 + 2) << "every rank computes and exchanges inside; two exchange across";
  const int steps = 4;
  for (int r = 0; r < 6; ++r) {
    std::string rank      = "c" + std::to_string(r / 3) + " rank " + std::to_string(r);
    int inside_neighbours = (r == 0 || r == 5 || r == 2 || r == 3) ? 1 : 2;  // 2 and 3 meet across the border
    EXPECT_EQ(count[rank + "|compute"], steps) << rank;
    EXPECT_EQ(count[rank + "|halo"], steps * inside_neighbours) << rank;
    EXPECT_EQ(count[rank + "|wide-area halo"], (r == 2 || r == 3) ? steps : 0) << rank;
  }
}

// The estimation procedure's timeline: its four measurement runs one after the other, each a group (one rank; p
// ranks in one cluster; C clusters of p; C p ranks in one cluster), every rank of each computing its one step.
TEST(LbmSimulation, TheEstimationTimelineHoldsItsFourRunsInTurn)
{
  std::string das2        = std::string(ISOGRID_SOURCE_DIR) + "/platforms/das2.yaml";
  const Model& estimation = isogrid::testing::catalog().model("lbm-estimation");
  Timeline timeline       = isogrid::testing::timeline_of(
            estimation, point_for(estimation, {{"platform", das2}, {"N_x", 36.0}, {"N_y", 10.0}, {"p", 3.0}, {"C", 2.0}}));
  const std::vector<std::string> runs = {"one", "single", "multi", "wide"};
  const std::vector<size_t> ranks     = {1, 3, 6, 6};
  std::map<std::string, std::map<std::string, int>> computed;  // group -> rank -> compute intervals
  std::map<std::string, std::pair<double, double>> span;       // group -> (first start, last end)
  for (const TimelineEvent& e : timeline.events()) {
    ASSERT_NE(std::find(runs.begin(), runs.end(), e.group), runs.end()) << e.group;
    computed[e.group][e.resource] += e.state == "compute";
    auto it    = span.emplace(e.group, std::make_pair(e.start, e.end)).first;
    it->second = {std::min(it->second.first, e.start), std::max(it->second.second, e.end)};
  }
  for (size_t k = 0; k < runs.size(); ++k) {
    ASSERT_EQ(computed[runs[k]].size(), ranks[k]) << runs[k];
    for (const auto& [rank, steps] : computed[runs[k]])
      EXPECT_EQ(steps, 1) << runs[k] << " " << rank;
    if (k > 0) {
      EXPECT_GE(span[runs[k]].first, span[runs[k - 1]].second) << runs[k] << " starts after " << runs[k - 1];
    }
  }
}
