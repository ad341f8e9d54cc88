// Simulated annealing, the genetic algorithm and ant colony optimisation (Sanjay, Figs. 4.1-4.3): hand cases,
// their gap to the exhaustive optimum, budgets, reproducibility and the errata's corner cases. No SimGrid here.
#include "policies/scheduling/ant_colony.hpp"
#include "policies/scheduling/exhaustive.hpp"
#include "policies/scheduling/genetic_schedule.hpp"
#include "policies/scheduling/schedule_links.hpp"
#include "policies/scheduling/search_support.hpp"
#include "policies/scheduling/simulated_annealing.hpp"
#include "tests/scheduling_support.hpp"

#include <gtest/gtest.h>
#include <cmath>
#include <cstdio>
#include <functional>
#include <set>

using namespace isogrid;
using namespace isogrid::scheduling;
using namespace isogrid::scheduling::testing;

namespace {

using Search = std::function<ScheduleResult(Evaluator&, SeededRandom&)>;

struct NamedSearch {
  const char* name;
  Search run;
};

std::vector<NamedSearch> searches()
{
  return {
      {"sa", [](Evaluator& e, SeededRandom& r) { return simulated_annealing(e, r); }},
      {"sa-metropolis",
       [](Evaluator& e, SeededRandom& r) {
         SaOptions o;
         o.acceptance = SaAcceptance::Metropolis;
         return simulated_annealing(e, r, o);
       }},
      {"ga", [](Evaluator& e, SeededRandom& r) { return genetic_schedule(e, r); }},
      {"aco", [](Evaluator& e, SeededRandom& r) { return ant_colony(e, r); }},
  };
}

}  // namespace

// Three machines (CPU 0.9, 0.5, 0.8), computation 1000 / (cpu P): {0,1,2} 666.7, {0,2} 625, {0,1} and {1,2} 1000,
// {0} 1111: every search finds {0, 2}.
TEST(PopulationSearches, FindTheOptimumOfThreeMachines)
{
  ClusterState s = state_of({0.9, 0.5, 0.8}, {{0, 100, 20}, {100, 0, 80}, {20, 80, 0}});
  PerformanceModel m = test_model();
  m.communication.clear();
  for (const NamedSearch& search : searches()) {
    Evaluator evaluate(s, m);
    SeededRandom random(1);
    ScheduleResult r = search.run(evaluate, random);
    EXPECT_EQ(r.schedule, (Schedule{0, 2})) << search.name;
    EXPECT_DOUBLE_EQ(r.time, 625) << search.name;
  }
}

// Never better than the optimum; how far from it on random 12-machine states, with no budget, is measured and
// printed. When written, all four reached the optimum on all 20 states (with no budget they try every size with
// dozens of schedules each); the bound leaves 1 % for a change of random stream.
TEST(PopulationSearches, GapToTheOptimumOnRandomStatesIsMeasured)
{
  for (const NamedSearch& search : searches()) {
    Gap gap = gap_to_optimum(search.name, [&](Evaluator& e, std::uint64_t seed) {
      SeededRandom random(seed);
      return search.run(e, random);
    });
    EXPECT_LT(gap.worst, 0.01) << search.name;
  }
}

TEST(PopulationSearches, StopAtTheBudgetReproduciblyAndHandleOneMachine)
{
  ClusterState s = random_state(16, 4, 0);
  PerformanceModel m = test_model();
  for (const NamedSearch& search : searches()) {
    EvaluatorOptions budget;
    budget.max_evaluations = 100;
    Evaluator a(s, m, budget), b(s, m, budget);
    SeededRandom ra(7), rb(7);
    ScheduleResult first = search.run(a, ra), second = search.run(b, rb);
    EXPECT_EQ(first.evaluations, 100u) << search.name;
    EXPECT_FALSE(first.schedule.empty()) << search.name;
    EXPECT_DOUBLE_EQ(first.time, a.exact(first.schedule)) << search.name;
    EXPECT_EQ(first.schedule, second.schedule) << search.name;  // same seed, same search
    ClusterState one = state_of({0.4}, {{0}});
    Evaluator alone(one, m);
    SeededRandom r(1);
    EXPECT_EQ(search.run(alone, r).schedule, (Schedule{0})) << search.name;
  }
}

// Erratum 5: with every machine and link identical all top ants tie; the thesis's deposit divides by zero there,
// Al-Ani's gives each top ant 1. The search still returns a finite time: all 8 machines, 1000 / 8 + 50 / (100 sqrt 8).
TEST(AntColony, TiedAntsDepositWithoutDividingByZero)
{
  std::vector<double> cpu(8, 1.0), bw(64, 100);
  ClusterState flat(cpu, bw);
  PerformanceModel m = test_model();
  Evaluator evaluate(flat, m);
  SeededRandom random(2);
  ScheduleResult r = ant_colony(evaluate, random);
  EXPECT_TRUE(std::isfinite(r.time));
  EXPECT_DOUBLE_EQ(r.time, 1000.0 / 8 + 50 / (100 * std::sqrt(8.0)));
}

// Simulated annealing's swaps keep the schedule's traits through ScheduleLinks: after every swap, and for every
// member left out, they equal a recount.
TEST(ScheduleLinks, IncrementalTraitsAgreeWithARecount)
{
  SeededRandom random(9);
  ClusterState s = random_state(20, 9, 0);
  ScheduleLinks links(s, {3, 1, 4, 15, 9, 2, 6, 5, 19, 7, 0, 8});
  auto same = [](const ScheduleTraits& a, const ScheduleTraits& b) {
    EXPECT_EQ(a.processors, b.processors);
    EXPECT_DOUBLE_EQ(a.cpu, b.cpu);
    EXPECT_DOUBLE_EQ(a.bandwidth, b.bandwidth);
  };
  for (int round = 0; round < 200; ++round) {
    Schedule now = links.members();
    same(links.traits(), traits_of(s, now));
    for (std::size_t k = 0; k < now.size(); ++k) {
      Schedule without = now;
      without.erase(without.begin() + static_cast<std::ptrdiff_t>(k));
      same(links.traits_without(k), traits_of(s, without));
    }
    std::vector<bool> in(s.machines(), false);
    for (std::size_t m : now)
      in[m] = true;
    std::size_t outsider;
    do
      outsider = random.below(s.machines());
    while (in[outsider]);
    links.replace(random.below(now.size()), outsider);
  }
}

TEST(SearchSupport, DistinctMachinesAndAWeightedWheel)
{
  SeededRandom random(3);
  Schedule k = random_machines(10, 6, random);
  EXPECT_EQ(std::set<std::size_t>(k.begin(), k.end()).size(), 6u);
  for (std::size_t m : k)
    EXPECT_LT(m, 10u);
  // Weights 1, 0, 3: index 1 never comes out, index 2 about three times as often as 0.
  int count[3] = {0, 0, 0};
  for (int i = 0; i < 40000; ++i)
    count[roulette({1, 0, 3}, random)] += 1;
  EXPECT_EQ(count[1], 0);
  EXPECT_NEAR(count[2] / static_cast<double>(count[0]), 3, 0.15);
}
