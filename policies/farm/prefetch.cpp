#include "policies/farm/prefetch.hpp"

#include <cmath>

namespace isogrid::farm {

namespace {

long long whole(double x) { return static_cast<long long>(x); }

long long round_trip(const PrefetchRequest& r) { return whole(r.aggregation + std::ceil(r.rate * r.round_trip)); }

long long one_per_worker(const PrefetchRequest& r) { return whole(r.aggregation) + static_cast<long long>(r.workers); }

long long none(const PrefetchRequest& r) { return whole(r.aggregation); }

}  // namespace

NamedRegistry<PrefetchPolicy>& prefetch_registry()
{
  static NamedRegistry<PrefetchPolicy> registry = [] {
    NamedRegistry<PrefetchPolicy> r("farm-prefetch");
    r.add("round-trip",
          "S plus the tasks the sub-workers finish in one round trip (result transfer and two "
          "latencies): they never wait for the Internet, and the queue is no longer than that",
          round_trip);
    r.add("one-per-worker", "S plus one task per sub-worker", one_per_worker);
    r.add("none", "S only: sub-workers wait a round trip each time a message leaves", none);
    return r;
  }();
  return registry;
}

const NamedRegistry<PrefetchPolicy>& prefetch_policies() { return prefetch_registry(); }

ISOGRID_POLICY_FAMILY(prefetch_registry);

}  // namespace isogrid::farm
