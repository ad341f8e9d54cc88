#pragma once
// The resource-selection policies by name, and Sanjay's multi-cluster wrapper: the same policy runs on every
// cluster (each with its own scaled model and budget) and the cluster whose schedule is fastest wins.
#include "base/named_registry.hpp"
#include "base/random.hpp"
#include "policies/scheduling/schedule_evaluator.hpp"

#include <functional>

namespace isogrid::scheduling {

// Searches the evaluator's cluster until done or out of budget; returns evaluate.result().
using ResourceSelection = std::function<ScheduleResult(Evaluator&, SeededRandom&)>;

// sa, ga, aco, bb, dp, be with the thesis's parameters and the documented errata.
const NamedRegistry<ResourceSelection>& resource_selection_policies();
// The same registry, open to additions until the catalog freezes it: for what a plugin registers.
NamedRegistry<ResourceSelection>& resource_selection_registry();

struct ClusterChoice {
  std::size_t cluster = 0;
  ScheduleResult result;          // on that cluster
  std::uint64_t evaluations = 0;  // over every cluster
  double work               = 0;  // over every cluster
};

// Runs `select` on each cluster with a fresh evaluator (options as given: the budget is per cluster) and keeps
// the fastest exact time (ties: the lower cluster index). `models[i]` is the application on cluster i.
ClusterChoice select_over_clusters(const std::vector<ClusterState>& clusters,
                                   const std::vector<PerformanceModel>& models, const ResourceSelection& select,
                                   const std::function<EvaluatorOptions(std::size_t cluster)>& options,
                                   SeededRandom& random);

}  // namespace isogrid::scheduling
