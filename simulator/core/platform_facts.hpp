#pragma once
// What a platform file holds, as the parent process sees it before the first point: SimGrid's own view of it (hosts,
// zones, the route between any two hosts), read once in a worker process (sg/platform_check) so that a model can
// refuse `m` beyond the hosts, an unknown originator or a route it cannot use before any work, with the parameter's
// line and column. A grid spec without loads is read off the spec (platform/grid_spec_facts) and fills the names
// only: its hosts are plain and its links wired.
#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace isogrid {

struct PlatformFacts {
  using Properties = std::map<std::string, std::string>;

  struct Cluster {
    std::string name;
    std::vector<std::string> hosts;  // natural name order
  };
  // A zone of SimGrid's tree, parents before children.
  struct Zone {
    std::string name;
    std::string routing;  // SimGrid's routing kind: Full, Floyd, Dijkstra, None, Vivaldi, Cluster, Wifi, ...
    int parent   = -1;    // index into zones; -1 for the root
    size_t hosts = 0;     // hosts anywhere below
    std::string place;    // "platform.xml:12:5", or the file alone where the index does not know the zone
    Properties properties;
  };
  struct Host {
    double speed = 0;  // flop/s per core, at the host's initial pstate
    int cores    = 1;
    int pstates  = 1;
    std::string zone;     // the zone that holds it directly
    std::string profile;  // what changes its speed or state over time ("state_file f.txt"); empty when constant
    std::string place;    // "platform.xml:12:5", or the file alone (a cluster's hosts have no line of their own)
    Properties properties;
  };
  // How a route between two hosts goes, one character per ordered pair (see `routes`).
  enum RouteKind : char {
    kNoRoute = '0',
    kWired   = '1',  // links whose capacity is fixed (or none at all: a latency-only route, as Vivaldi's)
    kWifi    = 'w',  // crosses a WIFI link, whose bandwidth depends on the stations
    kVarying = 'p',  // crosses a link whose bandwidth, latency or state follows a profile
  };
  // How one group of hosts (a cluster, a zone) reaches another: the route from the first host of `from` to the first
  // host of `to` (a group to itself: its first host to its second).
  struct GroupRoute {
    size_t from = 0, to = 0;  // indices into clusters (cluster_routes) or zones (zone_routes)
    std::string kind = "0";   // a RouteKind, as one character (so that JSON reads it as such)
    std::string note;         // as route_notes
    size_t links     = 0;
    double latency   = 0;  // s
    double bandwidth = 0;  // the narrowest link, B/s; 0 for a route without links
  };

  std::vector<std::string> hosts;  // every host, natural name order
  std::vector<Cluster> clusters;   // as sg::platform_clusters() finds them
  size_t links = 0;
  // routes[i][j]: how a route leads from hosts[i] to hosts[j], a RouteKind. Empty when the platform is too large to
  // probe every pair (sg/platform_check.cpp says how large): a route is then taken to go as the route between the
  // first hosts of the two hosts' zones goes (zone_routes), and without those either, to exist (the worker finds
  // out).
  std::vector<std::string> routes;
  // For a route of kind kWifi or kVarying, the link that makes it so, keyed i * hosts.size() + j.
  std::map<size_t, std::string> route_notes;

  std::string file;  // the platform file, as the experiment names it

  // Filled by SimGrid's probe only (empty for a grid spec read off the spec).
  std::vector<Zone> zones;
  std::vector<Host> host_info;             // parallel to hosts
  std::vector<GroupRoute> cluster_routes;  // every ordered pair of clusters; empty past a few hundred clusters
  std::vector<GroupRoute> zone_routes;     // every ordered pair of zones that hold hosts, when `routes` is empty
  // A small cluster's links as spokes: from its first host (`from`: the cluster's index) to each of its other hosts
  // (`to`: the host's index in hosts), for clusters of at most a few dozen hosts (what `platform --plot` draws).
  std::vector<GroupRoute> spokes;
  std::vector<size_t> host_zone;  // parallel to hosts: the index in zones of the zone that holds it
  std::string network_model;      // SimGrid's network/model once the platform is loaded ("CM02")
  // Settings the platform file's <config> gives SimGrid. SimGrid lets a setting given before the platform loads win
  // over the file's: those isogrid gives (its exact network settings) are not in effect, nor is a model setting that
  // names the model SimGrid runs already.
  struct Setting {
    std::string setting;  // "key:value"
    std::string place;    // "platform.xml:4:5"
    bool in_effect = true;
  };
  std::vector<Setting> platform_settings;

  bool has_host(const std::string& name) const { return index_of(name) < hosts.size(); }

  RouteKind route_kind(const std::string& from, const std::string& to) const
  {
    size_t i = index_of(from), j = index_of(to);
    if (i == j)
      return kWired;
    if (!routes.empty())
      return i < routes.size() && j < routes[i].size() ? static_cast<RouteKind>(routes[i][j]) : kNoRoute;
    const GroupRoute* r = zone_route(i, j);
    return r ? static_cast<RouteKind>(r->kind.at(0)) : kWired;
  }
  bool has_route(const std::string& from, const std::string& to) const { return route_kind(from, to) != kNoRoute; }
  // Why a route is not plain wired: "crosses WIFI link AP1 (platform.xml:15:9)"; empty for a wired route.
  std::string route_note(const std::string& from, const std::string& to) const
  {
    size_t i = index_of(from), j = index_of(to);
    if (routes.empty()) {
      const GroupRoute* r = zone_route(i, j);
      return r ? r->note : "";
    }
    auto it = route_notes.find(i * hosts.size() + j);
    return it == route_notes.end() ? "" : it->second;
  }
  const Host* host(const std::string& name) const
  {
    size_t i = index_of(name);
    return i < host_info.size() ? &host_info[i] : nullptr;
  }

private:
  // Models check every point of a sweep against the facts: names and zone pairs are looked up through indices built
  // on first use (and again if the vectors they index have changed size).
  const GroupRoute* zone_route(size_t i, size_t j) const
  {
    if (i >= host_zone.size() || j >= host_zone.size())
      return nullptr;
    if (zone_route_index_.size() != zone_routes.size()) {
      zone_route_index_.clear();
      for (size_t k = 0; k < zone_routes.size(); ++k)
        zone_route_index_.emplace(std::make_pair(zone_routes[k].from, zone_routes[k].to), k);
    }
    auto it = zone_route_index_.find({host_zone[i], host_zone[j]});
    return it == zone_route_index_.end() ? nullptr : &zone_routes[it->second];
  }

  size_t index_of(const std::string& name) const  // hosts.size() when unknown
  {
    if (indexed_hosts_ != hosts.size()) {
      host_index_.clear();
      for (size_t i = 0; i < hosts.size(); ++i)
        host_index_.emplace(hosts[i], i);
      indexed_hosts_ = hosts.size();
    }
    auto it = host_index_.find(name);
    return it == host_index_.end() ? hosts.size() : it->second;
  }

  mutable std::unordered_map<std::string, size_t> host_index_;
  mutable size_t indexed_hosts_ = static_cast<size_t>(-1);
  mutable std::map<std::pair<size_t, size_t>, size_t> zone_route_index_;
};

}  // namespace isogrid
