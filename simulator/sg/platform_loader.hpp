#pragma once
// Loads a platform file into the current engine: SimGrid XML as SimGrid reads it, or isogrid's compact YAML
// grid spec built through the C++ platform API.
#include "simulator/sg/messaging.hpp"

#include <string>
#include <vector>

namespace isogrid::sg {

// Loads `path` once per process: asking again for the same file does nothing.
void load_platform(const std::string& path);

struct RouteInfo {
  double latency   = 0;  // sum over the links of the route, s
  double bandwidth = 0;  // the narrowest link of the route, byte/s
};

Host* host_by_name(const std::string& name);  // throws std::invalid_argument listing a few known hosts
// Every host, in natural name order (node-2 before node-10), so that "the first m workers" reads as expected.
std::vector<Host*> hosts_in_natural_order();
RouteInfo route_between(Host* from, Host* to);

// The clusters of the loaded platform: each zone directly under the root that holds hosts, in the order the
// platform declares them, with its hosts in natural name order. A platform without sub-zones is one cluster.
struct PlatformCluster {
  std::string name;
  std::vector<Host*> hosts;
};
std::vector<PlatformCluster> platform_clusters();

}  // namespace isogrid::sg
