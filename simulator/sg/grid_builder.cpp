// Builds a YAML grid spec (simulator/platform/grid_spec.hpp) in the current engine with SimGrid's C++ platform API.
//
// The shape is the one SimGrid's own <cluster> tag builds, so that a spec and its XML transcription give the same
// times (tests/grid_builder_test.cpp holds them to it):
//
//   grid (full zone)
//    ├── cluster vu (star zone)      vu-0 ──link:vu-0 (split-duplex)──┐
//    │                               vu-1 ──link:vu-1 ────────────────┼── backbone:vu ── vu-router
//    │                               ...                              ┘   (optional)
//    └── cluster leiden (star zone)  ... the same ...
//   and one split-duplex link inter:vu:leiden per pair of clusters, as the zone route between the two routers.
//
// A transfer from vu-0 to vu-1 crosses link:vu-0 (up), backbone:vu once (a star zone drops the repeated link),
// link:vu-1 (down). From vu-0 to leiden-3 it crosses link:vu-0, backbone:vu, inter:vu:leiden, backbone:leiden,
// link:leiden-3. Its time under exact CM02 is the sum of those latencies plus bytes / the narrowest bandwidth.
#include "simulator/sg/grid_builder.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "simulator/platform/platform_loads.hpp"
#include "simulator/sg/load_profiles.hpp"
#include "simulator/sg/star_platform.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>

namespace sg4 = simgrid::s4u;
using simgrid::kernel::routing::NetPoint;

namespace isogrid::sg {

namespace {

// Link names carry a ':' that user names cannot contain (grid_spec.cpp refuses it), so they never collide.
std::string backbone_name(const ClusterSpec& c) { return "backbone:" + c.name; }

struct BuiltCluster {
  sg4::NetZone* zone = nullptr;
  NetPoint* gateway  = nullptr;
};

const sg4::Link* create_backbone(sg4::NetZone* zone, const ClusterSpec& c)
{
  auto policy = c.backbone->sharing == LinkSharing::Fatpipe ? sg4::Link::SharingPolicy::FATPIPE
                                                            : sg4::Link::SharingPolicy::SHARED;
  return zone->create_link(backbone_name(c), c.backbone->bandwidth)
      ->set_latency(c.backbone->latency)
      ->set_sharing_policy(policy)
      ->seal();
}

// A link replays the bandwidth profile declared for it, if any (a profile's name must be unique in the simulation).
void replay_bandwidth(sg4::Link* link, const std::string& name, const ResourceProfiles& profiles)
{
  if (auto it = profiles.link_bandwidth.find(name); it != profiles.link_bandwidth.end())
    set_bandwidth_profile(link, "bandwidth:" + name, it->second);
}

// A host and its private link. The route is declared host -> everyone and made symmetrical, so the star zone
// takes the link's UP half on the way out and its DOWN half on the way in: sending and receiving do not compete.
// A declared background load replays as the host's speed profile and the link's bandwidth profile, set before
// either is sealed (SimGrid takes no profile later).
void add_host(sg4::NetZone* zone, const ClusterSpec& c, long long i, const sg4::Link* backbone,
              const ResourceProfiles& profiles)
{
  std::string name = c.host_name(i);
  sg4::Host* host  = zone->create_host(name, c.speed_of(i))->set_core_count(c.cores);
  if (auto it = profiles.host_speed.find(name); it != profiles.host_speed.end())
    set_speed_profile(host, "speed:" + name, it->second);
  host->seal();
  std::string link_name = c.host_link_name(i);
  sg4::Link* link       = zone->create_split_duplex_link(link_name, c.link.bandwidth)->set_latency(c.link.latency);
  replay_bandwidth(link, link_name, profiles);
  link->seal();
  std::vector<sg4::LinkInRoute> route = {{link, sg4::LinkInRoute::Direction::UP}};
  if (backbone)
    route.emplace_back(backbone);
  zone->add_route(host->get_netpoint(), nullptr, nullptr, nullptr, route, true);
}

BuiltCluster build_cluster(const sg4::NetZone* grid, const ClusterSpec& c, const ResourceProfiles& profiles)
{
  BuiltCluster built;
  built.zone = sg4::create_star_zone(c.name);
  built.zone->set_parent(grid);
  for (const auto& [key, value] : c.properties)
    built.zone->set_property(key, value);
  const sg4::Link* backbone = c.backbone ? create_backbone(built.zone, c) : nullptr;
  for (long long i = 0; i < c.hosts; ++i)
    add_host(built.zone, c, i, backbone, profiles);
  // The router has no route of its own: reaching it from a host crosses that host's link and the backbone,
  // exactly what leaving the cluster should cost.
  built.gateway = built.zone->create_router(c.name + "-router");
  built.zone->seal();
  return built;
}

void connect_clusters(sg4::NetZone* grid, const GridSpec& spec, const std::vector<BuiltCluster>& built,
                      const ResourceProfiles& profiles)
{
  for (const auto& pair : spec.inter_links) {
    std::string name = inter_link_name(spec, pair);
    sg4::Link* link  = grid->create_split_duplex_link(name, pair.link.bandwidth)->set_latency(pair.link.latency);
    replay_bandwidth(link, name, profiles);
    link->seal();
    grid->add_route(built[pair.a].zone->get_netpoint(), built[pair.b].zone->get_netpoint(), built[pair.a].gateway,
                    built[pair.b].gateway, {{link, sg4::LinkInRoute::Direction::UP}}, true);
  }
}

// Bandwidth load as competing traffic: host i's streams go to host i + 1 (the last host's to the first), crossing
// host i's link out and host i + 1's link in, so every link half carries one host's load.
void spawn_flows(const GridSpec& spec, const ResourceProfiles& profiles)
{
  for (const auto& c : spec.clusters)
    for (long long i = 0; i < c.hosts; ++i) {
      auto it = profiles.host_flows.find(c.host_name(i));
      if (it == profiles.host_flows.end())
        continue;
      std::vector<ShareStep> steps;
      for (const auto& [time, share] : it->second)
        steps.push_back({time, share});
      spawn_competing_traffic("flows:" + c.host_name(i), sg4::Host::by_name(c.host_name(i)),
                              sg4::Host::by_name(c.host_name((i + 1) % c.hosts)), c.link.bandwidth, steps);
    }
}

void build_clusters(const GridSpec& spec, const PointLoads& loads)
{
  sg4::NetZone* grid = sg4::create_full_zone(spec.name);
  std::vector<BuiltCluster> built;
  ResourceProfiles profiles = draw_declared_loads(spec, loads);
  for (const auto& c : spec.clusters)
    built.push_back(build_cluster(grid, c, profiles));
  connect_clusters(grid, spec, built, profiles);
  grid->seal();
  spawn_flows(spec, profiles);
}

void build_star_spec(const GridSpec& spec)
{
  StarSpec star;
  star.name         = spec.name;
  star.center_name  = spec.star->center_name;
  star.center_speed = spec.star->center_speed;
  for (const auto& w : spec.star->workers)
    star.workers.push_back({w.name, w.speed, w.bandwidth, w.latency});
  build_star(star);
}

}  // namespace

void build_grid(const GridSpec& spec, const PointLoads& loads)
{
  if (spec.star)
    build_star_spec(spec);
  else
    build_clusters(spec, loads);
}

void build_grid_platform(const std::string& path, const PointLoads& loads)
{
  GridSpec spec = read_grid_spec(path);
  check_declared_loads(spec, loads.resolver);
  build_grid(spec, loads);
}

}  // namespace isogrid::sg
