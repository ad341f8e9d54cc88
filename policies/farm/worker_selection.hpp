#pragma once
// Which workers of a cluster take part in the farm. Argollo et al. keep a cluster's efficiency (EstPerf / AvPerf,
// Eq. 3) above a threshold by "selecting the workers for which the addition of Available Performance is
// approximate to the Estimated Performance": adding workers behind a saturated link adds AvPerf but no EstPerf.
#include "base/named_registry.hpp"
#include "policies/farm/farm_performance.hpp"

#include <vector>

namespace isogrid::farm {

struct SelectionRequest {
  const ClusterResources* cluster = nullptr;
  double bytes_per_task           = 0;
  double aggregation              = 1;  // the cluster's S
  bool is_local                   = false;
  double threshold                = 0.85;  // efficiency to keep ("threshold" policy)
  size_t count                    = 0;     // workers wanted ("count" policy)
};

// Returns the chosen workers' indices, fastest first.
using SelectionPolicy = std::vector<size_t> (*)(const SelectionRequest& request);

// "all", "threshold" (the largest fastest-first set whose Eq. 3 efficiency stays >= the threshold; a remote
// cluster where even one worker falls short stays out, the local cluster keeps one) and "count" (the `count`
// fastest workers).
const NamedRegistry<SelectionPolicy>& selection_policies();
// The same registry, open to additions until the catalog freezes it: for what a plugin registers.
NamedRegistry<SelectionPolicy>& selection_registry();

}  // namespace isogrid::farm
