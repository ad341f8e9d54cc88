#include "policies/gph/main_pe.hpp"

#include <vector>

namespace isogrid::gph {

size_t random_main_pe(const Topology& topology, const Draw& draw)
{
  return static_cast<size_t>(draw() % topology.pes());
}

size_t first_main_pe(const Topology&) { return 0; }

size_t fastest_main_pe(const Topology& topology)
{
  size_t best = 0;
  for (size_t p = 1; p < topology.pes(); ++p)
    if (topology.speed(p) > topology.speed(best))
      best = p;
  return best;
}

size_t biggest_cluster_main_pe(const Topology& topology)
{
  std::vector<double> sum(topology.clusters(), 0.0);
  for (size_t p = 0; p < topology.pes(); ++p)
    sum[topology.cluster_of(p)] += topology.speed(p);
  // Scanning PEs in configuration order makes ties go to the cluster met first, then to its first fastest PE.
  size_t best = 0;
  for (size_t p = 1; p < topology.pes(); ++p) {
    double s = sum[topology.cluster_of(p)], b = sum[topology.cluster_of(best)];
    if (s > b || (topology.same_cluster(p, best) && topology.speed(p) > topology.speed(best)))
      best = p;
  }
  return best;
}

}  // namespace isogrid::gph
