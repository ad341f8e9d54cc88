#pragma once
// Loads a platform file into the current engine: SimGrid XML as SimGrid reads it, or isogrid's compact YAML
// grid spec built through the C++ platform API.
#include "simulator/platform/platform_loads.hpp"
#include "simulator/sg/messaging.hpp"

#include <string>
#include <vector>

namespace simgrid::s4u {
class Link;
class NetZone;
}  // namespace simgrid::s4u

namespace isogrid::sg {

// Loads `path` once per process: asking again for the same file does nothing. `loads`: what a grid spec's declared
// background load is drawn with (an XML platform's profiles are its own).
void load_platform(const std::string& path, const PointLoads& loads);

// Loads `path` for the points that share it (in a fork server, before its children start): their load_platform
// then does nothing, and what they ask of every host (the clusters, the hosts' order) is found here once. A grid
// spec's declared loads are drawn with seed 0 (shared only when it declares none: its points draw their own).
void prepare_platform(const std::string& path, const LoadResolver& loads);
// Whether this process loaded a platform file (then its SimGrid settings can no longer change).
bool platform_file_loaded();

struct RouteInfo {
  bool routed      = false;  // SimGrid knows a route: some links, or some latency (a Vivaldi zone's)
  size_t links     = 0;
  double latency   = 0;  // the route's, s: its links' and, in a Vivaldi zone, the coordinates'
  double bandwidth = 0;  // the narrowest link of the route, byte/s; infinite for a route without links
};

// SimGrid's routing kind of a zone, as a platform file names it: "Full", "Floyd", "Dijkstra", "DijkstraCache",
// "None", "Vivaldi", "Cluster", "Torus", "FatTree", "Dragonfly", "Wifi", "Star".
std::string routing_of(const simgrid::s4u::NetZone* zone);

Host* host_by_name(const std::string& name);  // throws std::invalid_argument listing a few known hosts
// Every host, in natural name order (node-2 before node-10), so that "the first m workers" reads as expected. The
// list is kept by this process: valid until the next call (for a platform file, for good).
const std::vector<Host*>& hosts_in_natural_order();
// Never stops the process: a route SimGrid cannot give (a zone with routing None on the way, missing gateways, a
// Full zone without that route) comes back with routed = false.
RouteInfo route_between(const Host* from, const Host* to);
// The same, with the links themselves.
RouteInfo route_between(const Host* from, const Host* to, std::vector<simgrid::s4u::Link*>& links);

// The clusters of the loaded platform: each zone directly under the root that holds hosts (itself or in zones below
// it), in the order the platform declares them, with its hosts in natural name order; hosts the root holds beside
// sub-zones form a last cluster, named after the root. A platform without sub-zones is one cluster.
struct PlatformCluster {
  std::string name;
  std::vector<Host*> hosts;
};
const std::vector<PlatformCluster>& platform_clusters();  // found once per platform file; kept as the hosts are

}  // namespace isogrid::sg
