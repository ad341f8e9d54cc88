#include "workloads/gph/gph_layout.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace isogrid::gph {

GphLayout make_layout(const GridSpec& spec, const std::string& configuration, const Alphabet& alphabet)
{
  if (spec.clusters.empty())
    throw std::invalid_argument(spec.file + " is a star; GpH configurations name clusters");
  GphLayout l;
  l.spec     = &spec;
  l.clusters = cluster_table(spec);
  for (const auto& [symbol, name] : alphabet) {
    size_t c = l.clusters.index_of(name);
    if (std::find(l.alphabet_clusters.begin(), l.alphabet_clusters.end(), c) == l.alphabet_clusters.end())
      l.alphabet_clusters.push_back(c);
  }
  l.pe_cluster = parse_configuration(configuration, alphabet, l.clusters);
  std::vector<long long> used(spec.clusters.size(), 0);
  for (size_t c : l.pe_cluster) {
    const ClusterSpec& cs = spec.clusters[c];
    if (used[c] >= cs.hosts)
      throw std::invalid_argument(fmt::format("configuration '{}' asks for more {} PEs than its {} hosts",
                                              configuration, cs.name, cs.hosts));
    l.pe_host.push_back(cs.host_name(used[c]));
    l.pe_flops.push_back(cs.speed_of(used[c]));
    used[c] += 1;
  }
  l.summary = summarise(l.pe_cluster, l.clusters);
  return l;
}

Topology GphLayout::topology() const
{
  std::vector<std::vector<double>> seconds = clusters.latency;
  for (auto& row : seconds)
    for (double& x : row)
      x *= 1e-3;
  return Topology(pe_cluster, pe_flops, seconds);
}

}  // namespace isogrid::gph
