#pragma once
// What a platform file holds, as the parent process sees it before the first point: host names and clusters. A
// worker process loads the file into SimGrid once and reports these (sg/platform_check), so that a model can refuse
// `m` beyond the hosts or an unknown originator before any work, with the parameter's line and column.
#include <algorithm>
#include <string>
#include <vector>

namespace isogrid {

struct PlatformFacts {
  struct Cluster {
    std::string name;
    std::vector<std::string> hosts;  // natural name order
  };
  std::vector<std::string> hosts;  // every host, natural name order
  std::vector<Cluster> clusters;   // as sg::platform_clusters() finds them
  size_t links = 0;
  // routes[i][j]: a route leads from hosts[i] to hosts[j]. Empty when the platform is too large to probe every pair
  // (sg/platform_check.cpp says how large); has_route then answers true and the worker finds out.
  std::vector<std::vector<bool>> routes;

  bool has_host(const std::string& name) const { return index_of(name) < hosts.size(); }

  bool has_route(const std::string& from, const std::string& to) const
  {
    size_t i = index_of(from), j = index_of(to);
    return routes.empty() || i == j || (i < routes.size() && j < routes[i].size() && routes[i][j]);
  }

private:
  size_t index_of(const std::string& name) const
  {
    return static_cast<size_t>(std::find(hosts.begin(), hosts.end(), name) - hosts.begin());
  }
};

}  // namespace isogrid
