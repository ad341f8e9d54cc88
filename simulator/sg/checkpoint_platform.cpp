#include "simulator/sg/checkpoint_platform.hpp"

#include "simulator/sg/load_profiles.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <stdexcept>

namespace sg4 = simgrid::s4u;

namespace isogrid::sg {

namespace {

struct BuiltZone {
  sg4::NetZone* zone = nullptr;
  BuiltCheckpointCluster cluster;
};

BuiltZone build_cluster(const sg4::NetZone* root, const std::string& name, const CheckpointClusterSpec& spec)
{
  BuiltZone built;
  // A full zone asks for no route but the ones declared: the pairs and each host's way to the storage host.
  built.zone = sg4::create_full_zone(name);
  built.zone->set_parent(root);
  BuiltCheckpointCluster& c = built.cluster;
  if (!spec.speed_profiles.empty() && spec.speed_profiles.size() != spec.speeds.size())
    throw std::invalid_argument(name + ": give one speed profile per host, or none");
  for (std::size_t h = 0; h < spec.speeds.size(); ++h) {
    c.hosts.push_back(built.zone->create_host(name + "-" + std::to_string(h), spec.speeds[h]));
    if (!spec.speed_profiles.empty() && !spec.speed_profiles[h].empty())
      set_speed_profile(c.hosts.back(), c.hosts.back()->get_name() + "-speed", spec.speed_profiles[h]);
  }
  c.storage = built.zone->create_host(name + "-storage", 1e9);
  const sg4::Link* storage_link =
      built.zone->create_link(name + "-storage-link", spec.storage_bandwidth)->set_latency(0)->seal();
  for (Host* host : c.hosts)
    built.zone->add_route(host->get_netpoint(), c.storage->get_netpoint(), nullptr, nullptr,
                          {sg4::LinkInRoute(storage_link)}, true);
  for (std::size_t k = 0; k < spec.pairs.size(); ++k) {
    const PairLinkSpec& pair = spec.pairs[k];
    if (pair.a == pair.b || pair.a >= c.hosts.size() || pair.b >= c.hosts.size())
      throw std::invalid_argument(name + ": a pair link must join two different hosts of the cluster");
    // Split-duplex: the two directions of a pair do not compete (a ring of two sends both ways at once).
    sg4::Link* link = built.zone
                          ->create_split_duplex_link(
                              name + "-pair-" + std::to_string(pair.a) + "-" + std::to_string(pair.b), pair.bandwidth)
                          ->set_latency(0);
    if (!pair.bandwidth_profile.empty())
      set_bandwidth_profile(link, link->get_name() + "-bandwidth", pair.bandwidth_profile);
    link->seal();
    built.zone->add_route(c.hosts[pair.a]->get_netpoint(), c.hosts[pair.b]->get_netpoint(), nullptr, nullptr,
                          {{link, sg4::LinkInRoute::Direction::UP}}, true);
    c.pair_links.push_back(link);
  }
  built.zone->seal();
  return built;
}

}  // namespace

std::vector<std::vector<BuiltCheckpointCluster>> build_checkpoint_grids(const std::vector<CheckpointGridSpec>& grids)
{
  sg4::NetZone* root = sg4::create_full_zone("checkpoint-grids");
  std::vector<std::vector<BuiltCheckpointCluster>> out;
  for (std::size_t g = 0; g < grids.size(); ++g) {
    const CheckpointGridSpec& grid = grids[g];
    std::vector<BuiltZone> zones;
    for (std::size_t c = 0; c < grid.clusters.size(); ++c)
      zones.push_back(build_cluster(root, "g" + std::to_string(g) + "-c" + std::to_string(c), grid.clusters[c]));
    for (const WideAreaSpec& wan : grid.wide_area) {
      if (wan.a == wan.b || wan.a >= zones.size() || wan.b >= zones.size())
        throw std::invalid_argument("a wide-area link must join two different clusters of its grid");
      const sg4::Link* link = root->create_split_duplex_link("g" + std::to_string(g) + "-wan-" + std::to_string(wan.a) +
                                                                 "-" + std::to_string(wan.b),
                                                             wan.bandwidth)
                                  ->set_latency(0)
                                  ->seal();
      root->add_route(zones[wan.a].zone->get_netpoint(), zones[wan.b].zone->get_netpoint(),
                      zones[wan.a].cluster.storage->get_netpoint(), zones[wan.b].cluster.storage->get_netpoint(),
                      {{link, sg4::LinkInRoute::Direction::UP}}, true);
    }
    std::vector<BuiltCheckpointCluster> clusters;
    for (BuiltZone& z : zones)
      clusters.push_back(std::move(z.cluster));
    out.push_back(std::move(clusters));
  }
  root->seal();
  return out;
}

void set_link_bandwidth(Link* link, double bandwidth) { link->set_bandwidth(bandwidth); }

}  // namespace isogrid::sg
