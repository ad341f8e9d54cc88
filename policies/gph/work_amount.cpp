#include "policies/gph/work_amount.hpp"

#include <algorithm>
#include <cmath>

namespace isogrid::gph {

namespace {

// ceil() of a ratio computed in floating point: 0.4 / 0.2 is 2.0000000000000004, which is 2 round trips, not 3.
constexpr double kRatioSlack = 1e-9;

}  // namespace

size_t one_spark(size_t pool) { return std::min<size_t>(pool, 1); }

size_t sparks_for_requester(const Topology& topology, size_t receiver, size_t requester, size_t pool, double latency,
                            const Gg2Parameters& p)
{
  if (pool == 0)
    return 0;
  if (topology.same_cluster(receiver, requester) && !(latency > p.latency_threshold))
    return 1;
  double local = topology.local_latency(receiver);
  size_t trips = p.k_max;
  if (local > 0) {
    double ratio = std::ceil(latency / local - kRatioSlack);
    trips        = ratio < static_cast<double>(p.k_max) ? static_cast<size_t>(std::max(ratio, 0.0)) : p.k_max;
  }
  size_t spare = pool > p.keep_local ? pool - p.keep_local : 0;
  size_t k     = std::min({spare, trips, p.k_max, pool / 2});
  return std::max<size_t>(k, 1);
}

}  // namespace isogrid::gph
