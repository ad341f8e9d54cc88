#include "policies/rescheduling/planners.hpp"

namespace isogrid::rescheduling {

NamedRegistry<Planner>& planner_registry()
{
  static NamedRegistry<Planner> registry = [] {
    NamedRegistry<Planner> r("rescheduling-planner");
    r.add("incremental",
          "Incremental Algorithm (Fig. 5.2): grow each interval until valid, extend it while keeping "
          "its schedule beats rescheduling",
          [](IntervalScheduler& i, const PlanSettings& s, SeededRandom&) { return incremental_plan(i, s); });
    r.add("division", "Division heuristic (Sec. 5.3.2): add the best marker to the best plan, one at a time",
          [](IntervalScheduler& i, const PlanSettings& s, SeededRandom&) { return division_plan(i, s); });
    r.add("genetic", "genetic plan search (Figs. 5.4-5.5): 200 chromosomes, 50 generations, split/merge mutation",
          [](IntervalScheduler& i, const PlanSettings& s, SeededRandom& random) { return genetic_plan(i, s, random); });
    r.add("brute-force", "every one of the 2^(n-1) plans (the thesis's ground truth, up to 22 phases)",
          [](IntervalScheduler& i, const PlanSettings& s, SeededRandom&) { return brute_force_plan(i, s); });
    r.add("optimal",
          "shortest path over the DAG of phase boundaries: brute force's optimum in n(n+1)/2 interval "
          "schedules",
          [](IntervalScheduler& i, const PlanSettings& s, SeededRandom&) { return optimal_plan(i, s); });
    return r;
  }();
  return registry;
}

const NamedRegistry<Planner>& planners() { return planner_registry(); }

ISOGRID_POLICY_FAMILY(planner_registry);

}  // namespace isogrid::rescheduling
