// Sanjay's staged model construction (policies/modelling/) on noise-free synthetic runs: least squares recovers
// known coefficients, Eq. 3.7's standard error is worked by hand, and the staged search over the 77 x 77 x 8 x 16 x 16
// candidates finds the model the runs were made with and predicts unseen runs exactly.
#include "base/least_squares.hpp"
#include "policies/modelling/campaign.hpp"
#include "policies/modelling/staged_search.hpp"

#include "base/random.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace isogrid;
using namespace isogrid::modelling;

TEST(LeastSquares, RecoversAnExactLineAndStatesItsStandardError)
{
  // y = 2 + 3 x on x = 0..4: exact, SSE 0.
  std::vector<double> ones(5, 1), x = {0, 1, 2, 3, 4}, y;
  for (double v : x)
    y.push_back(2 + 3 * v);
  Fit f = least_squares({ones, x}, y);
  ASSERT_TRUE(f.usable());
  EXPECT_NEAR(f.coefficients[0], 2, 1e-12);
  EXPECT_NEAR(f.coefficients[1], 3, 1e-12);
  EXPECT_NEAR(f.standard_error, 0, 1e-12);
  // A constant fitted to 1, 2, 3, 4: mean 2.5, SSE 1.5^2 + 0.5^2 + 0.5^2 + 1.5^2 = 5, n - p = 3 (Eq. 3.7).
  Fit c = least_squares({std::vector<double>(4, 1)}, {1, 2, 3, 4});
  EXPECT_NEAR(c.coefficients[0], 2.5, 1e-12);
  EXPECT_NEAR(c.sse, 5, 1e-12);
  EXPECT_NEAR(c.standard_error, std::sqrt(5.0 / 3), 1e-12);
}

TEST(LeastSquares, RefusesWhatItCannotFit)
{
  EXPECT_FALSE(least_squares({{1, 2}, {3, 4}}, {1, 2}).usable());           // n <= p
  EXPECT_FALSE(least_squares({{1, 2, 3}, {2, 4, 6}}, {1, 2, 3}).usable());  // dependent columns
  EXPECT_FALSE(least_squares({{1, NAN, 3, 4}}, {1, 2, 3, 4}).usable());     // undefined on a run
}

TEST(Candidates, TheThesisCounts)
{
  EXPECT_EQ(complexity_candidates().size(), 77u);
  EXPECT_EQ(bandwidth_candidates().size(), 8u);
  EXPECT_EQ(scalability_candidates().size(), 16u);
  EXPECT_EQ(shape_name({{1, 0, 0}, {1, 2, 1}}), "1 + N^2 ln N");
  EXPECT_EQ(shape_name({{1, 1.5, 0}}), "N^1.5");
}

namespace {

// A model's time depends on N through its problem_size.
scheduling::PerformanceModel at_size(scheduling::PerformanceModel m, double n)
{
  m.problem_size = n;
  return m;
}

// The thesis's training campaign (§3.7, Table 3.8), timed by `truth`.
std::vector<Observation> campaign(const scheduling::PerformanceModel& truth, std::uint64_t seed)
{
  SeededRandom random(seed);
  return synthetic_campaign(truth, random);
}

scheduling::PerformanceModel known_model()
{
  // An Eigen-like solver: N^3 computation, N^2 communication, linear in bandwidth, communication shrinking as sqrt P.
  scheduling::PerformanceModel m;
  m.computation           = {{2e-9, 3, 0}};
  m.communication         = {{4e-5, 2, 0}};
  m.bandwidth_effect      = scheduling::Growth::Linear;
  m.computation_speedup   = scheduling::Growth::Linear;
  m.communication_speedup = scheduling::Growth::Sqrt;
  return m;
}

}  // namespace

TEST(StagedSearch, FindsTheModelNoiseFreeRunsWereMadeWith)
{
  const scheduling::PerformanceModel truth = known_model();
  std::vector<FittedModel> sorted          = staged_search(campaign(truth, 11));
  ASSERT_FALSE(sorted.empty());
  EXPECT_LE(sorted.size(), 1000u);
  // Exact fits tie; the fewest terms come first, so the head is the truth's own shape.
  EXPECT_EQ(sorted.front().name(), "comp N^3, comm N^2, f_bw x, f_Pcomp x, f_Pcomm sqrt");
  // The head predicts unseen runs as the truth does, on processor counts it was not trained on too.
  SeededRandom random(99);
  for (int k = 0; k < 50; ++k) {
    double n = random.uniform(500, 4000), cpu = random.uniform(0.065, 1), bw = random.uniform(2, 100);
    for (std::size_t p : {1u, 3u, 8u, 16u}) {
      double want = at_size(truth, n).time(p, cpu, bw);
      EXPECT_NEAR(at_size(sorted.front().model, n).time(p, cpu, bw), want, 1e-6 * want) << sorted.front().name();
    }
  }
  // The truth's own shape is in the list, with its coefficients recovered.
  bool found = false;
  for (const FittedModel& m : sorted) {
    const Combination& c = m.combination;
    if (m.model.computation.size() == 1 && m.model.computation[0].power == 3 && m.model.communication.size() == 1 &&
        m.model.communication[0].power == 2 && m.model.communication[0].log_power == 0 &&
        c.bandwidth_effect == scheduling::Growth::Linear && c.computation_speedup == scheduling::Growth::Linear &&
        c.communication_speedup == scheduling::Growth::Sqrt) {
      found = true;
      EXPECT_NEAR(m.model.computation[0].coefficient, 2e-9, 2e-9 * 1e-6);
      EXPECT_NEAR(m.model.communication[0].coefficient, 4e-5, 4e-5 * 1e-6);
    }
  }
  EXPECT_TRUE(found);
}

TEST(StagedSearch, KeepsWithinTwentyPercentOfTheBestAndTheCap)
{
  auto model = [](double se) {
    FittedModel m;
    m.standard_error = se;
    return m;
  };
  std::vector<FittedModel> kept =
      keep_best({model(1.3), model(1.0), model(1.19), model(INFINITY), model(1.2)}, 10, 1.2, 100);
  ASSERT_EQ(kept.size(), 3u);  // 1.0, 1.19, 1.2; not 1.3, nor the unusable one
  EXPECT_EQ(kept[0].standard_error, 1.0);
  EXPECT_EQ(kept[2].standard_error, 1.2);
  EXPECT_EQ(keep_best({model(1.0), model(1.1), model(1.15)}, 2, 1.2, 100).size(), 2u);
  // Below 1e-9 of the mean time, standard errors are rounding: all equal, the given order kept.
  std::vector<FittedModel> exact = keep_best({model(3e-14), model(1e-14), model(2e-14)}, 10, 1.2, 100);
  ASSERT_EQ(exact.size(), 3u);
  EXPECT_EQ(exact[0].standard_error, 3e-14);
}

TEST(StagedSearch, NeedsRunsForEveryStage)
{
  std::vector<Observation> runs = campaign(known_model(), 1);
  runs.erase(std::remove_if(runs.begin(), runs.end(), [](const Observation& r) { return r.processors == 2; }),
             runs.end());
  EXPECT_THROW(staged_search(runs), std::invalid_argument);
}

// Multiple models and online adaptation (policies/modelling/model_list.hpp).
#include "policies/modelling/model_list.hpp"

namespace {

Combination combination(std::size_t comp, std::size_t comm, scheduling::Growth f_pcomm)
{
  Combination c;
  c.computation           = comp;
  c.communication         = comm;
  c.bandwidth_effect      = scheduling::Growth::Linear;
  c.computation_speedup   = scheduling::Growth::Linear;
  c.communication_speedup = f_pcomm;
  return c;
}

// Index of a single-term shape N^power.
std::size_t shape(double power)
{
  for (std::size_t k = 0; k < complexity_candidates().size(); ++k) {
    const Shape& s = complexity_candidates()[k];
    if (s.size() == 1 && s[0].power == power && s[0].log_power == 0)
      return k;
  }
  throw std::logic_error("no such shape");
}

std::vector<FittedModel> hand_made_list()
{
  // The truth (N^3, N^2, f_Pcomm sqrt), the same with f_Pcomm linear, and a wrong computation (N^2).
  std::vector<FittedModel> list;
  for (const Combination& c : {combination(shape(2), shape(2), scheduling::Growth::Sqrt),
                               combination(shape(3), shape(2), scheduling::Growth::Linear),
                               combination(shape(3), shape(2), scheduling::Growth::Sqrt)}) {
    FittedModel m;
    m.combination = c;
    list.push_back(m);
  }
  return list;
}

Observation run_of(const scheduling::PerformanceModel& truth, SeededRandom& random)
{
  Observation r;
  r.problem_size = random.uniform(500, 4000);
  r.processors   = std::size_t{2} << random.below(3);  // 2, 4 or 8
  r.cpu          = random.uniform(0.065, 1);
  r.bandwidth    = random.uniform(2, 100);
  r.time         = at_size(truth, r.problem_size).time(r.processors, r.cpu, r.bandwidth);
  return r;
}

}  // namespace

TEST(ModelList, RanksByStandardErrorAndPredictsWithTheHead)
{
  ModelList list(hand_made_list(), campaign(known_model(), 3));
  ASSERT_EQ(list.models().size(), 3u);
  EXPECT_EQ(list.head().name(), "comp N^3, comm N^2, f_bw x, f_Pcomp x, f_Pcomm sqrt");
  EXPECT_EQ(list.models().back().name(), "comp N^2, comm N^2, f_bw x, f_Pcomp x, f_Pcomm sqrt");
  double want = at_size(known_model(), 1500).time(4, 0.5, 40);
  EXPECT_NEAR(list.predict(1500, 4, 0.5, 40), want, 1e-6 * want);
}

TEST(ModelList, ALastTenthModelIsDroppedAfterFiveObservationsInARow)
{
  // A tenth of three models is none (the lowest tenth starts at rank ceil(0.9 x 3) = 3); with a third, the lowest is
  // rank 2, where the wrong computation stays.
  AdaptationSettings settings;
  settings.prune_fraction = 1.0 / 3;
  settings.prune_after    = 5;
  settings.rebuild_every  = 0;
  ModelList list(hand_made_list(), campaign(known_model(), 3), SearchLimits{}, settings);
  SeededRandom random(8);
  for (int k = 0; k < 4; ++k)
    list.observe(run_of(known_model(), random));
  EXPECT_EQ(list.models().size(), 3u);  // four times in the lowest third: kept
  list.observe(run_of(known_model(), random));
  ASSERT_EQ(list.models().size(), 2u);  // the fifth: the wrong computation is gone
  for (const FittedModel& m : list.models())
    EXPECT_NE(m.name(), "comp N^2, comm N^2, f_bw x, f_Pcomp x, f_Pcomm sqrt");
  EXPECT_EQ(list.observed(), 5u);
}

TEST(ModelList, AnotherModelTakesOverWhenTheApplicationChanges)
{
  // Trained on runs whose communication shrinks as sqrt P; then the application's communication starts shrinking
  // as P (a new library, say). Refitted on all the runs, the linear model overtakes once the new runs dominate, and
  // its predictions of the new runs come close.
  AdaptationSettings settings;
  settings.rebuild_every = 0;
  ModelList list(hand_made_list(), campaign(known_model(), 3), SearchLimits{}, settings);
  scheduling::PerformanceModel changed = known_model();
  changed.communication_speedup        = scheduling::Growth::Linear;
  SeededRandom random(21);
  for (int k = 0; k < 200; ++k)
    list.observe(run_of(changed, random));
  EXPECT_EQ(list.head().name(), "comp N^3, comm N^2, f_bw x, f_Pcomp x, f_Pcomm x");
  double want = at_size(changed, 2000).time(8, 0.7, 10);
  EXPECT_NEAR(list.predict(2000, 8, 0.7, 10), want, 0.05 * want);
}

TEST(ModelList, FromTheStagedSearchAndRebuiltEveryFiftyObservations)
{
  ModelList list(campaign(known_model(), 11));
  EXPECT_EQ(list.head().name(), "comp N^3, comm N^2, f_bw x, f_Pcomp x, f_Pcomm sqrt");
  SeededRandom random(5);
  for (int k = 0; k < 50; ++k)
    list.observe(run_of(known_model(), random));  // the 50th rebuilds from the communication stage on
  EXPECT_EQ(list.head().name(), "comp N^3, comm N^2, f_bw x, f_Pcomp x, f_Pcomm sqrt");
  EXPECT_LE(list.models().size(), 1000u);
  double want = at_size(known_model(), 3000).time(8, 0.3, 50);
  EXPECT_NEAR(list.predict(3000, 8, 0.3, 50), want, 1e-6 * want);
}

// Cross-platform porting (policies/modelling/porting.hpp, Eq. 3.9).
#include "policies/modelling/porting.hpp"

TEST(Porting, RecoversTheTargetsFactorsFromDedicatedRuns)
{
  // The target computes 1.7 times slower and communicates at 0.6 of the reference's cost.
  const scheduling::PerformanceModel reference = known_model();
  const scheduling::PerformanceModel target    = ported(reference, 1.7, 0.6);
  // R_cpu: one dedicated single-processor run of a moderate size on each.
  double r_cpu = cpu_scaling_factor(at_size(target, 2000).time(1, 1, 100), at_size(reference, 2000).time(1, 1, 100));
  EXPECT_NEAR(r_cpu, 1.7, 1e-12);
  // R_bw: dedicated two-processor runs of several sizes on the target (cpu 1, the link's nominal 100 Mbit/s).
  std::vector<Observation> runs;
  for (double n : {800.0, 1600.0, 2400.0, 3200.0}) {
    Observation r;
    r.problem_size = n;
    r.processors   = 2;
    r.cpu          = 1;
    r.bandwidth    = 100;
    r.time         = at_size(target, n).time(2, 1, 100);
    runs.push_back(r);
  }
  double r_bw = bandwidth_scaling_factor(reference, r_cpu, runs);
  EXPECT_NEAR(r_bw, 0.6, 1e-9);
  // Eq. 3.9 then predicts loaded runs on the target, on any processor count.
  scheduling::PerformanceModel on_target = ported(reference, r_cpu, r_bw);
  double want                            = at_size(target, 3000).time(8, 0.4, 20);
  EXPECT_NEAR(at_size(on_target, 3000).time(8, 0.4, 20), want, 1e-9 * want);
  EXPECT_THROW(cpu_scaling_factor(0, 1), std::invalid_argument);
  // A factor cannot make a time negative: a target whose runs the computation alone overshoots gets R_bw 0.
  std::vector<Observation> quick                      = runs;
  const scheduling::PerformanceModel computation_only = ported(reference, r_cpu, 0);
  for (Observation& r : quick)
    r.time = 0.9 * at_size(computation_only, r.problem_size).time(2, 1, 100);
  EXPECT_EQ(bandwidth_scaling_factor(reference, r_cpu, quick), 0);
  // A model without communication has nothing to scale.
  EXPECT_EQ(bandwidth_scaling_factor(ported(reference, 1, 0), r_cpu, runs), 1);
  runs.resize(1);
  runs[0].processors = 1;  // one processor: no communication to scale
  EXPECT_THROW(bandwidth_scaling_factor(reference, r_cpu, runs), std::invalid_argument);
}

// Cumulative against single models of a two-phase application (policies/modelling/multi_phase.hpp).
#include "policies/modelling/multi_phase.hpp"

TEST(MultiPhase, TheCumulativeModelFollowsPhasesThatScaleDifferently)
{
  // Phase 1 computes in parallel (N^3, linear speedup); phase 2 is a poorly parallel step (N^2 computation and
  // communication, both shrinking as sqrt P). One Eq. 3.6 model has one f_Pcomp and cannot hold both; the sum of two
  // can.
  scheduling::PerformanceModel compute;
  compute.computation   = {{2e-9, 3, 0}};
  compute.communication = {{1e-6, 1, 0}};
  scheduling::PerformanceModel exchange;
  exchange.computation           = {{5e-7, 2, 0}};
  exchange.communication         = {{4e-4, 2, 0}};
  exchange.computation_speedup   = scheduling::Growth::Sqrt;
  exchange.communication_speedup = scheduling::Growth::Sqrt;
  // The same training runs (one campaign's sizes, processors and loads) timed phase by phase.
  std::vector<Observation> first = campaign(compute, 17), second = campaign(exchange, 17), whole = first;
  for (std::size_t k = 0; k < whole.size(); ++k)
    whole[k].time += second[k].time;
  CumulativeModel cumulative({first, second});
  FittedModel single = single_model(whole);
  // Unseen runs: the cumulative model is exact, the single one is not.
  SeededRandom random(4);
  double worst_cumulative = 0, worst_single = 0;
  for (int k = 0; k < 40; ++k) {
    double n = random.uniform(500, 4000), cpu = random.uniform(0.065, 1), bw = random.uniform(2, 100);
    std::size_t p    = std::size_t{2} << random.below(3);
    double want      = at_size(compute, n).time(p, cpu, bw) + at_size(exchange, n).time(p, cpu, bw);
    worst_cumulative = std::max(worst_cumulative, std::abs(cumulative.time(n, p, cpu, bw) - want) / want);
    worst_single     = std::max(worst_single, std::abs(predicted_time(single, n, p, cpu, bw) - want) / want);
  }
  EXPECT_LT(worst_cumulative, 1e-6);
  EXPECT_GT(worst_single, 1e-3) << single.name();  // the single model misses somewhere
  EXPECT_EQ(cumulative.phases().size(), 2u);
}

// Judging predictions (policies/modelling/evaluation.hpp).
#include "policies/modelling/evaluation.hpp"

TEST(Evaluation, PercentagePredictionErrorsSummarised)
{
  // Errors 10, 20, 35 and 50 %: mean 28.75, half under 30 %, three quarters under 40 %.
  PpeSummary s = summarize_ppe({100, 100, 200, 10}, {110, 80, 130, 15});
  EXPECT_EQ(s.count, 4u);
  EXPECT_DOUBLE_EQ(s.mean, 28.75);
  EXPECT_DOUBLE_EQ(s.under_30, 50);
  EXPECT_DOUBLE_EQ(s.under_40, 75);
  // Sample sd of 10, 20, 35, 50 about 28.75: sqrt((351.5625 + 76.5625 + 39.0625 + 451.5625) / 3).
  EXPECT_NEAR(s.sd, std::sqrt(918.75 / 3), 1e-9);
  EXPECT_THROW(summarize_ppe({1}, {}), std::invalid_argument);
}

TEST(Evaluation, SchedulingUsefulnessAsTable34)
{
  // Table 3.4's first group: the predictions pick (4800, 8), actually 987.27 s; the fastest was (4800, 6) at 951.02
  // s: 3.81 % lost, printed 3 %. A second group, 200 s of dedicated time later, where the pick is the fastest.
  std::vector<ScheduleCandidate> runs = {{4700, 8, 990, 1002.1},  {4800, 8, 940, 987.27},   {4800, 6, 960, 951.02},
                                         {4900, 4, 1100, 1080.5}, {5500, 8, 1150, 1153.53}, {5700, 4, 1200, 1160.0}};
  auto dedicated = [](double n) { return n < 5000 ? 900 + (n - 4700) / 10 : 1100 + (n - 5500) / 10; };
  std::vector<UsefulnessGroup> groups = scheduling_usefulness(runs, dedicated);
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].first_size, 4700);
  EXPECT_EQ(groups[0].last_size, 4900);
  EXPECT_EQ(groups[0].chosen.processors, 8u);
  EXPECT_EQ(groups[0].best.processors, 6u);
  EXPECT_NEAR(groups[0].loss_percent, 100 * (987.27 - 951.02) / 951.02, 1e-9);
  EXPECT_EQ(groups[0].loss_floored, 3);
  EXPECT_EQ(groups[1].first_size, 5500);
  EXPECT_EQ(groups[1].chosen.problem_size, 5500);
  EXPECT_EQ(groups[1].best.problem_size, 5500);
  EXPECT_EQ(groups[1].loss_floored, 0);
}
