// Eq. 4.1, the cluster state, the evaluator (budget, prediction error, best so far) and the exhaustive optimum,
// on hand-worked numbers. No SimGrid here.
#include "policies/scheduling/application_models.hpp"
#include "policies/scheduling/cluster_draw.hpp"
#include "policies/scheduling/exhaustive.hpp"
#include "policies/scheduling/performance_model.hpp"
#include "policies/scheduling/schedule_evaluator.hpp"
#include "tests/scheduling_support.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

using namespace isogrid;
using namespace isogrid::scheduling;
using namespace isogrid::scheduling::testing;

// N = 1000: computation 1000 / (cpu P), communication 50 / (bw sqrt P).
TEST(PerformanceModel, Eq41ByHand)
{
  PerformanceModel m = test_model();
  EXPECT_DOUBLE_EQ(m.time(4, 0.5, 25), 1000 / (0.5 * 4) + 50 / (25 * 2));           // 500 + 1
  EXPECT_DOUBLE_EQ(m.time(1, 0.8, std::numeric_limits<double>::infinity()), 1250);  // one machine: no link
  EXPECT_EQ(m.time(0, 1, 1), std::numeric_limits<double>::infinity());
  // A cluster 1.4 times slower scales only the computation.
  EXPECT_DOUBLE_EQ(m.scaled(1.4).time(4, 0.5, 25), 1.4 * 500 + 1);
  // Polynomial-log terms: 2 N^2 ln N + 3 at N = e.
  EXPECT_DOUBLE_EQ(complexity({{2, 2, 1}, {3, 0, 0}}, std::exp(1.0)), 2 * std::exp(2.0) + 3);
}

TEST(PerformanceModel, GrowthFamiliesOfTables31And32)
{
  EXPECT_DOUBLE_EQ(apply(Growth::Pow1_5, 4), 8);
  EXPECT_DOUBLE_EQ(apply(Growth::LinearLog, std::exp(2.0)), 2 * std::exp(2.0));
  EXPECT_DOUBLE_EQ(apply(Growth::InvSqrt, 16), 0.25);
  EXPECT_DOUBLE_EQ(apply(Growth::InvLog, std::exp(4.0)), 0.25);
  for (const char* name : {"sqrt", "x", "x^1.5", "x^2", "x^2.5", "x^3", "log", "xlog", "1/sqrt", "1/x", "1/x^1.5",
                           "1/x^2", "1/x^2.5", "1/x^3", "1/log", "1/xlog"})
    EXPECT_EQ(growth_name(parse_growth(name)), name);
  EXPECT_THROW(parse_growth("x^4"), std::invalid_argument);
  PerformanceModel m = test_model();
  EXPECT_TRUE(m.monotone());
  m.communication_speedup = Growth::InvLinear;
  EXPECT_FALSE(m.monotone());
}

TEST(ClusterState, TraitsAreTheMinimaOverTheSchedule)
{
  ClusterState s = state_of({0.9, 0.5, 0.8}, {{0, 100, 20}, {100, 0, 80}, {20, 80, 0}});
  EXPECT_DOUBLE_EQ(s.min_bandwidth(), 20);
  EXPECT_DOUBLE_EQ(s.max_bandwidth(), 100);
  EXPECT_DOUBLE_EQ(s.mean_bandwidth(0), 60);
  ScheduleTraits t = traits_of(s, {0, 1});
  EXPECT_EQ(t.processors, 2u);
  EXPECT_DOUBLE_EQ(t.cpu, 0.5);
  EXPECT_DOUBLE_EQ(t.bandwidth, 100);
  ScheduleTraits u = traits_with(s, {0, 1}, t, 2);
  EXPECT_DOUBLE_EQ(u.bandwidth, 20);
  EXPECT_DOUBLE_EQ(u.cpu, 0.5);
  EXPECT_EQ(traits_of(s, {2}).bandwidth, std::numeric_limits<double>::infinity());
  EXPECT_THROW(state_of({0.5, 1.2}, {{0, 1}, {1, 0}}), std::invalid_argument);
  EXPECT_THROW(state_of({0.5, 0.6}, {{0, 1}, {2, 0}}), std::invalid_argument);
  EXPECT_THROW(ClusterState({0.5, 0.6}, {1, 2, 3}), std::invalid_argument);
}

// Three machines, computation-only model (1000 / (cpu P)): {0,1,2} gives 1000 / (0.5 * 3) = 666.7, {0,2}
// 1000 / 1.6 = 625, {0} 1111: the optimum is {0, 2}, found after all 7 subsets.
TEST(Exhaustive, FindsTheBestSubsetByHand)
{
  ClusterState s     = state_of({0.9, 0.5, 0.8}, {{0, 100, 20}, {100, 0, 80}, {20, 80, 0}});
  PerformanceModel m = test_model();
  m.communication.clear();
  Evaluator evaluate(s, m);
  ScheduleResult r = exhaustive_optimum(evaluate);
  EXPECT_EQ(r.schedule, (Schedule{0, 2}));
  EXPECT_DOUBLE_EQ(r.time, 625);
  EXPECT_EQ(r.evaluations, 7u);
}

TEST(Evaluator, PredictionErrorStaysWithinItsBoundAndIsReproducible)
{
  ClusterState s     = random_state(8, 5, 0);
  PerformanceModel m = test_model();
  EvaluatorOptions noisy;
  noisy.error = 0.3;
  noisy.seed  = 11;
  Evaluator a(s, m, noisy), b(s, m, noisy);
  double low = 1e300, high = 0;
  for (int i = 0; i < 2000; ++i) {
    double exact = a.exact({0, 1, 2});
    double seen  = a({0, 1, 2});
    EXPECT_EQ(seen, b({0, 1, 2}));
    low  = std::min(low, seen / exact);
    high = std::max(high, seen / exact);
  }
  EXPECT_GE(low, 0.7);
  EXPECT_LT(high, 1.3);
  EXPECT_LT(low, 0.72);  // 2000 uniform draws reach within 2 % of each end
  EXPECT_GT(high, 1.28);
  // The result is scored exactly whatever the search saw.
  EXPECT_DOUBLE_EQ(a.result().time, a.exact({0, 1, 2}));
  EvaluatorOptions certain;
  certain.error = 1.0;
  EXPECT_THROW(Evaluator(s, m, certain), std::invalid_argument);
}

TEST(Evaluator, BudgetsAreCountedAndTheWallClockIsAsked)
{
  ClusterState s     = random_state(6, 2, 0);
  PerformanceModel m = test_model();
  EvaluatorOptions budget;
  budget.max_evaluations = 3;
  Evaluator e(s, m, budget);
  e({0});
  e({0, 1});
  EXPECT_FALSE(e.exhausted());
  e({0, 1, 2});
  EXPECT_TRUE(e.exhausted());
  int asked = 0;
  EvaluatorOptions clock;
  clock.out_of_time = [&] { return ++asked >= 2; };
  Evaluator w(s, m, clock);
  EXPECT_FALSE(w.exhausted());
  EXPECT_TRUE(w.exhausted());
  EXPECT_TRUE(w.exhausted());  // stays spent without asking again
  EXPECT_EQ(asked, 2);
}

TEST(ClusterDraw, LoadMixesKeepEveryShareBetween10And80Percent)
{
  SeededRandom random(4);
  for (int i = 0; i < 1000; ++i) {
    LoadMix mix = draw_load_mix(random);
    EXPECT_DOUBLE_EQ(mix.light + mix.medium + mix.heavy, 100);
    for (double share : {mix.light, mix.medium, mix.heavy}) {
      EXPECT_GE(share, 10);
      EXPECT_LE(share, 80);
    }
  }
}

// 30/40/30 of 10 machines is 3 light, 4 medium, 3 heavy; of 11 the largest remainder (medium's 0.4 against 0.3)
// takes the last machine. CPU values fall in their category's range, links in 20-80 % of the maximum.
TEST(ClusterDraw, CategoriesAreExactSharesAndLinksStayInTheirRange)
{
  for (std::size_t n : {10u, 11u}) {
    ClusterDraw draw;
    draw.machines      = n;
    draw.max_bandwidth = 5000;
    SeededRandom random(n);
    ClusterState s = draw_cluster_state(draw, random);
    int light = 0, medium = 0, heavy = 0;
    for (std::size_t m = 0; m < n; ++m) {
      double c = s.cpu(m);
      light += c >= 0.701, medium += c >= 0.351 && c <= 0.7, heavy += c >= 0.05 && c <= 0.35;
    }
    EXPECT_EQ(light, 3);
    EXPECT_EQ(medium, n == 10 ? 4 : 5);
    EXPECT_EQ(heavy, 3);
    EXPECT_GE(s.min_bandwidth(), 1000);
    EXPECT_LT(s.max_bandwidth(), 4000);
    SeededRandom again(n);
    ClusterState t = draw_cluster_state(draw, again);
    EXPECT_EQ(t.cpu(n - 1), s.cpu(n - 1));
    EXPECT_EQ(t.bandwidth(0, n - 1), s.bandwidth(0, n - 1));
  }
  ClusterDraw bad;
  bad.mix = {50, 50, 50};
  SeededRandom random(1);
  EXPECT_THROW(draw_cluster_state(bad, random), std::invalid_argument);
}

// The real-cluster loads of Sec. 4.3.1: half of 104 machines loaded to U[0.065, 0.72], the rest free; every link
// at capacity but 1 to 8 pairs at U[2 %, 80 %] of it.
TEST(ClusterDraw, LoadedSubsetLoadsHalfTheMachinesAndAFewLinks)
{
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    SeededRandom random(seed);
    ClusterState s = draw_loaded_subset_state(LoadedSubsetDraw{104, 1000, 0.5}, random);
    int loaded = 0, slow_links = 0;
    for (std::size_t m = 0; m < 104; ++m) {
      if (s.cpu(m) < 1) {
        loaded += 1;
        EXPECT_GE(s.cpu(m), 0.065);
        EXPECT_LT(s.cpu(m), 0.72);
      }
      for (std::size_t k = m + 1; k < 104; ++k)
        if (s.bandwidth(m, k) < 1000) {
          slow_links += 1;
          EXPECT_GE(s.bandwidth(m, k), 20);
          EXPECT_LT(s.bandwidth(m, k), 800);
        }
    }
    EXPECT_EQ(loaded, 52) << seed;
    EXPECT_GE(slow_links, 1) << seed;
    EXPECT_LE(slow_links, 8) << seed;
  }
  SeededRandom random(1);
  EXPECT_THROW(draw_loaded_subset_state(LoadedSubsetDraw{10, 1000, 1.5}, random), std::invalid_argument);
}

// Every shipped application is monotone (Box Elimination accepts it) and MD's numbers are the documented ones:
// 256 machines at CPU 0.5 and 200 Mbit/s: 6.4e-4 2048^2 / 128 + 0.86 2048 / (200 x 16).
TEST(ApplicationModels, MonotoneAndAsDocumented)
{
  for (const auto& e : application_models().entries())
    EXPECT_TRUE(e.item.monotone()) << e.name;
  const PerformanceModel& md = application_models().get("MD");
  EXPECT_DOUBLE_EQ(md.time(256, 0.5, 200), 6.4e-4 * 2048 * 2048 / 128 + 0.86 * 2048 / (200 * 16));
  EXPECT_THROW(application_models().get("LU"), std::invalid_argument);
}
