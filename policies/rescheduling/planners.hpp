#pragma once
// Single-cluster rescheduling planners (Sanjay §5.3) and the ground truth they are measured against. Each is
// pure: an IntervalScheduler (the cluster, the application, BE per interval) and the plan settings in, a IntervalPlan
// out.
//
// Readings of what the thesis leaves open (shared notes, sections 4.1-4.3 and 11):
// - Incremental (Fig. 5.2): an interval grows from its first phase until valid; then each next phase joins it while
//   keeping the interval's schedule (prevSched, the schedule found when it became valid) beats rescheduling
//   (BE on the enlarged interval + rcost). The interval closes before the phase that changes behaviour, and the
//   next one starts there. Phases that never become valid join the last interval. Times use each schedule's
//   lowest CPU and bandwidth, as Eq. 4.1 does (the pseudo-code's "average" is erratum 10).
// - Division (§5.3.2): the one-interval plan, then the best single marker, then the best marker added to the best
//   plan so far, and so on, while some plan with that many intervals is valid; the best plan met.
// - Genetic (Figs. 5.4-5.5): 200 chromosomes of markers, 50 generations of single-point crossover on random pairs,
//   split-largest / merge-smallest mutation of every child, fitness 1 / Eq. 5.5, the best 200 kept. The initial
//   chromosomes draw each marker with a density drawn per chromosome in [0, 1/2] (not stated); a merge joins the
//   smallest interval to the next one (the last interval to the previous one).
// - Brute force: every one of the 2^(n-1) plans, the best valid one.
// - Optimal: a shortest path over the DAG of phase boundaries, edge i -> j the interval i .. j - 1 weighted by its
//   time plus rcost and present only when valid. Exactly brute force's optimum in n(n+1)/2 interval schedules.
#include "base/named_registry.hpp"
#include "base/random.hpp"
#include "policies/rescheduling/plan.hpp"

#include <functional>

namespace isogrid::rescheduling {

IntervalPlan incremental_plan(IntervalScheduler& intervals, const PlanSettings& settings);
IntervalPlan division_plan(IntervalScheduler& intervals, const PlanSettings& settings);

struct GeneticPlanOptions {
  std::size_t population  = 200;
  std::size_t generations = 50;
};
IntervalPlan genetic_plan(IntervalScheduler& intervals, const PlanSettings& settings, SeededRandom& random,
                          const GeneticPlanOptions& options = {});

// Above this many phases brute force refuses (2^(n-1) plans).
constexpr std::size_t brute_force_phase_limit = 22;
// Throws std::invalid_argument above brute_force_phase_limit.
IntervalPlan brute_force_plan(IntervalScheduler& intervals, const PlanSettings& settings);
IntervalPlan optimal_plan(IntervalScheduler& intervals, const PlanSettings& settings);

// The planners by name: incremental, division, genetic (the heuristics), brute-force and optimal (ground truth).
using Planner = std::function<IntervalPlan(IntervalScheduler&, const PlanSettings&, SeededRandom&)>;
const NamedRegistry<Planner>& planners();
// The same registry, open to additions until the catalog freezes it: for what a plugin registers.
NamedRegistry<Planner>& planner_registry();

}  // namespace isogrid::rescheduling
