#include "simulator/sg/platform_check.hpp"

#include "simulator/platform/grid_spec.hpp"
#include "simulator/platform/grid_spec_facts.hpp"
#include "simulator/platform/platform_loads.hpp"
#include "simulator/run/process_pool.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"

#include <cmath>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <stdexcept>

namespace isogrid::sg {

namespace {

namespace sg4 = simgrid::s4u;

// Every ordered pair of hosts costs one route lookup; past this many hosts the routes are left to the worker (a
// platform that large is generated, not typed by hand).
constexpr size_t kRoutesProbedUpTo = 500;

// fmt prints nan and inf as such, where format_number (made for CSV cells) leaves them empty.
std::string shown(double x) { return fmt::format("{}", x); }

// SimGrid loads a zero, negative or NaN speed or bandwidth and fails only when an activity runs on it ("The
// Impossible Did Happen" in the worker). Refuse it here, where the file can still be named.
void check_resources()
{
  const auto* e = sg4::Engine::get_instance();
  for (const sg4::Host* h : e->get_all_hosts())
    if (double s = h->get_speed(); !(std::isfinite(s) && s > 0))
      throw std::runtime_error(fmt::format("host {}: speed {} flop/s; a host needs a positive, finite speed",
                                           h->get_name(), shown(s)));
  for (const sg4::Link* l : e->get_all_links()) {
    if (double b = l->get_bandwidth(); !(std::isfinite(b) && b > 0))
      throw std::runtime_error(fmt::format("link {}: bandwidth {} B/s; a link needs a positive, finite bandwidth",
                                           l->get_name(), shown(b)));
    if (double t = l->get_latency(); !(std::isfinite(t) && t >= 0))
      throw std::runtime_error(fmt::format("link {}: latency {} s; a link needs a finite latency of 0 or more",
                                           l->get_name(), shown(t)));
  }
}

bool has_route(Host* from, Host* to)
{
  std::vector<sg4::Link*> links;
  double latency = 0;
  try {
    from->route_to(to, links, &latency);
  } catch (const std::exception&) {
    return false;
  }
  return !links.empty() || latency > 0;
}

// Which host reaches which, and no host cut off from every other one (a host without any route can only be a typo).
std::vector<std::vector<bool>> probe_routes(const std::vector<Host*>& hosts)
{
  size_t n = hosts.size();
  if (n < 2 || n > kRoutesProbedUpTo)
    return {};
  std::vector<std::vector<bool>> routes(n, std::vector<bool>(n, true));
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (i != j)
        routes[i][j] = has_route(hosts[i], hosts[j]);
  for (size_t i = 0; i < n; ++i) {
    bool reached = false;
    for (size_t j = 0; j < n && !reached; ++j)
      reached = i != j && (routes[i][j] || routes[j][i]);
    if (!reached)
      throw std::runtime_error(fmt::format("host {} has no route to or from any other host", hosts[i]->get_name()));
  }
  return routes;
}

std::string probe_in_this_process(const std::string& path)
{
  Session session(exact_network_config(), false);
  load_platform(path);
  check_resources();
  std::vector<Host*> hosts = hosts_in_natural_order();
  nlohmann::json j;
  for (const auto& row : probe_routes(hosts)) {
    std::string bits;
    for (bool b : row)
      bits += b ? '1' : '0';
    j["routes"].push_back(bits);
  }
  for (Host* h : hosts)
    j["hosts"].push_back(host_name(h));
  j["clusters"] = nlohmann::json::array();
  for (const auto& c : platform_clusters()) {
    nlohmann::json names = nlohmann::json::array();
    for (Host* h : c.hosts)
      names.push_back(host_name(h));
    j["clusters"].push_back({{"name", c.name}, {"hosts", names}});
  }
  j["links"] = sg4::Engine::get_instance()->get_link_count();
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

PlatformFacts facts_of(const std::string& payload)
{
  nlohmann::json j = nlohmann::json::parse(payload);
  PlatformFacts f;
  if (j.contains("hosts"))
    f.hosts = j["hosts"].get<std::vector<std::string>>();
  for (const auto& c : j["clusters"])
    f.clusters.push_back({c["name"].get<std::string>(), c["hosts"].get<std::vector<std::string>>()});
  f.links = j["links"].get<size_t>();
  if (j.contains("routes"))
    for (const auto& bits : j["routes"]) {
      f.routes.emplace_back();
      for (char b : bits.get<std::string>())
        f.routes.back().push_back(b == '1');
    }
  return f;
}

}  // namespace

PlatformFacts probe_platform_in_simgrid(const std::string& path)
{
  return facts_of(run_in_child([&] { return probe_in_this_process(path); }));
}

const PlatformFacts& probe_platform(const std::string& path)
{
  static std::map<std::string, PlatformFacts> probed;
  if (auto it = probed.find(path); it != probed.end())
    return it->second;
  // A grid spec without loads is known from the spec (grid_spec_facts.hpp says why); one with loads is built, so
  // that drawing its traces is tried before the first point too.
  if (is_grid_spec_file(path)) {
    try {
      if (const GridSpec& spec = cached_grid_spec(path); !declares_loads(spec))
        return probed[path] = grid_spec_facts(spec);
    } catch (const std::exception& e) {
      throw std::runtime_error(e.what());  // as the worker would have reported it
    }
  }
  return probed[path] = probe_platform_in_simgrid(path);
}

std::string describe_platform(const PlatformFacts& facts)
{
  return fmt::format("{} hosts, {} links, {} cluster(s)", facts.hosts.size(), facts.links, facts.clusters.size());
}

}  // namespace isogrid::sg
