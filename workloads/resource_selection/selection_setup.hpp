#pragma once
// One point of a resource-selection study turned into what the policies need: the clusters' drawn states, the
// application's model on each (scaled by the cluster's CPU factor), the schedulers to race and their budget.
#include "policies/scheduling/cluster_draw.hpp"
#include "policies/scheduling/performance_model.hpp"
#include "policies/scheduling/schedule_evaluator.hpp"
#include "workloads/resource_selection/resource_selection_model.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace isogrid::scheduling {

struct DrawnCluster {
  ClusterState state;
  PerformanceModel model;
  double scaling = 1;
  LoadMix mix;
  double weight = 0;  // Sanjay's cluster weight: machines x scaling factor x (light + medium) share
};

struct SelectionSetup {
  std::vector<std::string> schedulers;  // registry names, in the order given
  std::vector<DrawnCluster> clusters;
  double scheduling_time = 25;     // s
  bool wall_clock        = false;  // else a work budget of scheduling_time x work_per_second
  double work_per_second = 0;
  double error           = 0;

  // The budget and error of one scheduler on one cluster; `seed` feeds the error draws.
  EvaluatorOptions evaluator_options(std::uint64_t seed) const;
};

// U[low, high] over whole numbers, `high` 0 (or below low) meaning exactly `low`: a drawn cluster count or size.
std::size_t draw_between(SeededRandom& random, long long low, long long high);

// machines_max and clusters_max, when set, not below machines and clusters. Throws ParamError at the _max key.
void check_size_ranges(long long machines, long long machines_max, long long clusters, long long clusters_max);

// Checks what the per-key specs cannot (ranges whose ends are given separately, the load mix). Throws ParamError.
void check_selection_params(const ResourceSelectionParams& params);

// Draws the clusters from the point's seed. The same seed gives the same clusters whatever schedulers run.
SelectionSetup draw_selection_setup(const ResourceSelectionParams& params, std::uint64_t seed);

}  // namespace isogrid::scheduling
