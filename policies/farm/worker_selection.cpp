#include "policies/farm/worker_selection.hpp"

#include <algorithm>

namespace isogrid::farm {

namespace {

std::vector<size_t> every_worker(const SelectionRequest& r) { return fastest_first(r.cluster->worker_rates); }

std::vector<size_t> fastest_count(const SelectionRequest& r)
{
  std::vector<size_t> order = fastest_first(r.cluster->worker_rates);
  order.resize(std::min(order.size(), r.count));
  return order;
}

// Efficiency falls once the link saturates and never rises again (AvPerf grows, EstPerf stays), so the largest
// acceptable prefix is found by walking until it first falls short.
std::vector<size_t> above_threshold(const SelectionRequest& r)
{
  std::vector<size_t> order = fastest_first(r.cluster->worker_rates);
  std::vector<size_t> chosen;
  for (size_t w : order) {
    chosen.push_back(w);
    ClusterEstimate e = estimate_cluster(*r.cluster, chosen, r.bytes_per_task, r.aggregation, r.is_local);
    if (e.efficiency < r.threshold) {
      chosen.pop_back();
      break;
    }
  }
  if (chosen.empty() && r.is_local && !order.empty())
    chosen.push_back(order.front());
  return chosen;
}

}  // namespace

NamedRegistry<SelectionPolicy>& selection_registry()
{
  static NamedRegistry<SelectionPolicy> registry = [] {
    NamedRegistry<SelectionPolicy> r("farm-selection");
    r.add("all", "every worker of the cluster", every_worker);
    r.add("threshold",
          "the most workers, fastest first, whose estimated efficiency (Eq. 3) stays at or above "
          "efficiency_threshold (Argollo et al.'s Multi-Cluster Analysis)",
          above_threshold);
    r.add("count", "the `workers` fastest workers of each cluster", fastest_count);
    return r;
  }();
  return registry;
}

const NamedRegistry<SelectionPolicy>& selection_policies() { return selection_registry(); }

ISOGRID_POLICY_FAMILY(selection_registry);

}  // namespace isogrid::farm
