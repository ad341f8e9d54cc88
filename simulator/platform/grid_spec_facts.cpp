#include "simulator/platform/grid_spec_facts.hpp"

#include "simulator/platform/natural_order.hpp"

#include <algorithm>

namespace isogrid {

namespace {

void sort_naturally(std::vector<std::string>& names) { std::sort(names.begin(), names.end(), natural_less); }

PlatformFacts star_facts(const GridSpec& spec)
{
  // One star zone, which is the root: the whole platform is one cluster. Every host has one link to the center.
  PlatformFacts f;
  f.hosts.push_back(spec.star->center_name);
  for (const auto& w : spec.star->workers)
    f.hosts.push_back(w.name);
  sort_naturally(f.hosts);
  f.clusters.push_back({spec.name, f.hosts});
  f.links = f.hosts.size();
  return f;
}

PlatformFacts cluster_facts(const GridSpec& spec)
{
  // A star zone per cluster: a split-duplex link per host, a backbone where declared; a split-duplex link per pair.
  PlatformFacts f;
  for (const auto& c : spec.clusters) {
    PlatformFacts::Cluster cluster{c.name, {}};
    for (long long i = 0; i < c.hosts; ++i)
      cluster.hosts.push_back(c.host_name(i));
    sort_naturally(cluster.hosts);
    f.hosts.insert(f.hosts.end(), cluster.hosts.begin(), cluster.hosts.end());
    f.links += 2 * static_cast<size_t>(c.hosts) + (c.backbone ? 1 : 0);
    f.clusters.push_back(std::move(cluster));
  }
  sort_naturally(f.hosts);
  f.links += 2 * spec.inter_links.size();
  return f;
}

}  // namespace

PlatformFacts grid_spec_facts(const GridSpec& spec)
{
  PlatformFacts f = spec.star ? star_facts(spec) : cluster_facts(spec);
  f.links += 1;  // SimGrid's loopback link, which every platform has
  return f;
}

}  // namespace isogrid
