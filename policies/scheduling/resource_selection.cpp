#include "policies/scheduling/resource_selection.hpp"

#include "policies/scheduling/ant_colony.hpp"
#include "policies/scheduling/box_elimination.hpp"
#include "policies/scheduling/branch_and_bound.hpp"
#include "policies/scheduling/dynamic_programming.hpp"
#include "policies/scheduling/genetic_schedule.hpp"
#include "policies/scheduling/simulated_annealing.hpp"

#include <stdexcept>

namespace isogrid::scheduling {

NamedRegistry<ResourceSelection>& resource_selection_registry()
{
  static NamedRegistry<ResourceSelection> registry = [] {
    NamedRegistry<ResourceSelection> r("resource-selection");
    r.add("sa", "simulated annealing over schedules (Fig. 4.1; geometric cooling, literal acceptance)",
          [](Evaluator& e, SeededRandom& random) { return simulated_annealing(e, random); });
    r.add("ga", "genetic algorithm over schedules (Fig. 4.2; 60 x 50 generations per size, greedy mutation)",
          [](Evaluator& e, SeededRandom& random) { return genetic_schedule(e, random); });
    r.add("aco", "ant colony optimisation (Fig. 4.3; 60 ants, 30 top ants, rho 0.9, Al-Ani's deposit)",
          [](Evaluator& e, SeededRandom& random) { return ant_colony(e, random); });
    r.add("bb", "branch and bound from the full set (Fig. 4.4; best half of each node's children under the bound)",
          [](Evaluator& e, SeededRandom&) { return branch_and_bound(e); });
    r.add("dp", "dynamic programming, growing from the freest machine (Fig. 4.5, Eq. 4.2; two best per size)",
          [](Evaluator& e, SeededRandom&) { return dynamic_programming(e); });
    r.add("be", "Box Elimination over the (cpu, bandwidth, P) grid (Figs. 4.6-4.8; steps 0.1 and 10-100 Mbit/s)",
          [](Evaluator& e, SeededRandom& random) {
            return box_elimination(e, BoxEliminationOptions{}, [&random] { return random.next(); });
          });
    return r;
  }();
  return registry;
}

const NamedRegistry<ResourceSelection>& resource_selection_policies() { return resource_selection_registry(); }

ISOGRID_POLICY_FAMILY(resource_selection_registry);

ClusterChoice select_over_clusters(const std::vector<ClusterState>& clusters,
                                   const std::vector<PerformanceModel>& models, const ResourceSelection& select,
                                   const std::function<EvaluatorOptions(std::size_t cluster)>& options,
                                   SeededRandom& random)
{
  if (clusters.empty() || clusters.size() != models.size())
    throw std::invalid_argument("multi-cluster selection needs one model per cluster and at least one cluster");
  ClusterChoice best;
  for (std::size_t c = 0; c < clusters.size(); ++c) {
    Evaluator evaluate(clusters[c], models[c], options(c));
    ScheduleResult r = select(evaluate, random);
    best.evaluations += r.evaluations;
    best.work += r.work;
    if (c == 0 || r.time < best.result.time) {
      best.cluster = c;
      best.result  = std::move(r);
    }
  }
  return best;
}

}  // namespace isogrid::scheduling
