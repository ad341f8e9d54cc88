#include "workloads/gph/gph_layout.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace isogrid::gph {

GphLayout make_layout(ClusterTable clusters, const std::string& configuration, const Alphabet& alphabet)
{
  GphLayout l;
  l.clusters = std::move(clusters);
  for (const auto& [symbol, name] : alphabet) {
    size_t c = l.clusters.index_of(name);
    if (std::find(l.alphabet_clusters.begin(), l.alphabet_clusters.end(), c) == l.alphabet_clusters.end())
      l.alphabet_clusters.push_back(c);
  }
  l.pe_cluster = parse_configuration(configuration, alphabet, l.clusters);
  std::vector<size_t> used(l.clusters.names.size(), 0);
  for (size_t c : l.pe_cluster) {
    const auto& hosts = l.clusters.hosts[c];
    if (used[c] >= hosts.size())
      throw std::invalid_argument(fmt::format("configuration '{}' asks for more {} PEs than its {} hosts",
                                              configuration, l.clusters.names[c], hosts.size()));
    l.pe_host.push_back(hosts[used[c]]);
    l.pe_flops.push_back(l.clusters.host_flops[c][used[c]]);
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
