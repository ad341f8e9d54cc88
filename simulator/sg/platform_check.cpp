#include "simulator/sg/platform_check.hpp"

#include "simulator/core/input_file.hpp"

#include "simulator/core/text.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "simulator/platform/grid_spec_facts.hpp"
#include "simulator/platform/platform_loads.hpp"
#include "simulator/platform/platform_source_index.hpp"
#include "simulator/process/process_pool.hpp"
#include "simulator/sg/config_check.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"

#include <cmath>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>
#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <stdexcept>
#include <xbt/config.hpp>

namespace isogrid {

// The facts travel from the worker to the parent as JSON.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(PlatformFacts::Cluster, name, hosts)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(PlatformFacts::Zone, name, routing, parent, hosts, place, properties)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(PlatformFacts::Host, speed, cores, pstates, zone, profile, place, properties)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(PlatformFacts::Setting, setting, place, in_effect)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(PlatformFacts::GroupRoute, from, to, kind, note, links, latency, bandwidth)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(PlatformFacts, file, hosts, clusters, links, routes, route_notes, zones, host_info,
                                   cluster_routes, zone_routes, spokes, host_zone, network_model, platform_settings)

}  // namespace isogrid

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
void check_resources(const PlatformSourceIndex& index)
{
  const auto* e = sg4::Engine::get_instance();
  for (const sg4::Host* h : e->get_all_hosts())
    for (unsigned long p = 0; p < h->get_pstate_count(); ++p)  // every pstate: a host may switch to any of them
      if (double s = h->get_pstate_speed(p); !(std::isfinite(s) && s > 0))
        throw std::runtime_error(fmt::format("host {} ({}): speed {} flop/s{}; a host needs a positive, finite speed",
                                             h->get_name(), index.where_host(h->get_name()), shown(s),
                                             h->get_pstate_count() > 1 ? fmt::format(" in pstate {}", p) : ""));
  for (const sg4::Link* l : e->get_all_links()) {
    if (double b = l->get_bandwidth(); !(std::isfinite(b) && b > 0))
      throw std::runtime_error(fmt::format("link {} ({}): bandwidth {} B/s; a link needs a positive, finite bandwidth",
                                           l->get_name(), index.where_link(l->get_name()), shown(b)));
    if (double t = l->get_latency(); !(std::isfinite(t) && t >= 0))
      throw std::runtime_error(fmt::format("link {} ({}): latency {} s; a link needs a finite latency of 0 or more",
                                           l->get_name(), index.where_link(l->get_name()), shown(t)));
  }
}

struct ProbedRoute {
  RouteInfo info;
  std::vector<sg4::Link*> links;
};

ProbedRoute probe_route(const sg4::Host* from, const sg4::Host* to)
{
  ProbedRoute r;
  r.info = route_between(from, to, r.links);
  return r;
}

// The route's kind, and the link that makes it other than wired.
std::pair<PlatformFacts::RouteKind, std::string> kind_of(const ProbedRoute& r, const PlatformSourceIndex& index)
{
  if (!r.info.routed)
    return {PlatformFacts::kNoRoute, ""};
  for (const sg4::Link* l : r.links)
    if (l->get_sharing_policy() == sg4::Link::SharingPolicy::WIFI)
      return {PlatformFacts::kWifi,
              fmt::format("crosses WIFI link {} ({})", l->get_name(), index.where_link(l->get_name()))};
  for (const sg4::Link* l : r.links)
    if (std::string profile = index.link_profile(l->get_name()); !profile.empty())
      return {PlatformFacts::kVarying, fmt::format("crosses link {}, which follows {} ({})", l->get_name(), profile,
                                                   index.where_link(l->get_name()))};
  return {PlatformFacts::kWired, ""};
}

PlatformFacts::Properties properties_of(const std::unordered_map<std::string, std::string>* props)
{
  PlatformFacts::Properties out;
  if (props)
    out.insert(props->begin(), props->end());
  return out;
}

// Hosts anywhere below each zone, counted in one pass over the hosts.
std::map<const sg4::NetZone*, size_t> hosts_per_zone(const std::vector<Host*>& hosts)
{
  std::map<const sg4::NetZone*, size_t> count;
  for (const Host* h : hosts)
    for (const auto* z = h->get_englobing_zone()->get_impl(); z != nullptr; z = z->get_parent())
      ++count[z->get_iface()];
  return count;
}

void add_zones(PlatformFacts& f, const sg4::NetZone* zone, int parent, const PlatformSourceIndex& index,
               const std::map<const sg4::NetZone*, size_t>& hosts)
{
  int me       = static_cast<int>(f.zones.size());
  auto counted = hosts.find(zone);
  f.zones.push_back({zone->get_name(), routing_of(zone), parent, counted == hosts.end() ? 0 : counted->second,
                     index.where_zone(zone->get_name()), properties_of(zone->get_properties())});
  for (const sg4::NetZone* child : zone->get_children())
    add_zones(f, child, me, index, hosts);
}

void add_hosts(PlatformFacts& f, const std::vector<Host*>& hosts, const PlatformSourceIndex& index)
{
  for (const Host* h : hosts) {
    PlatformFacts::Host info;
    info.speed   = h->get_speed();
    info.cores   = h->get_core_count();
    info.pstates = static_cast<int>(h->get_pstate_count());
    info.zone    = h->get_englobing_zone()->get_name();
    if (auto it = index.profiled_hosts.find(h->get_name()); it != index.profiled_hosts.end())
      info.profile = it->second;
    else if (auto z = index.profiled_zones.find(info.zone); z != index.profiled_zones.end())
      info.profile = z->second;
    info.place      = index.hosts.count(h->get_name()) ? index.where_host(h->get_name()) : index.where_zone(info.zone);
    info.properties = properties_of(h->get_properties());
    f.host_info.push_back(std::move(info));
  }
}

void add_routes(PlatformFacts& f, const std::vector<Host*>& hosts, const PlatformSourceIndex& index)
{
  size_t n = hosts.size();
  if (n < 2 || n > kRoutesProbedUpTo)
    return;
  f.routes.assign(n, std::string(n, PlatformFacts::kWired));
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (i != j) {
        auto [kind, note] = kind_of(probe_route(hosts[i], hosts[j]), index);
        f.routes[i][j]    = kind;
        if (!note.empty())
          f.route_notes[i * n + j] = note;
      }
}

// A group route (GroupRoute) from the route probed between two of their hosts.
PlatformFacts::GroupRoute group_route(size_t from, size_t to, const ProbedRoute& r, const PlatformSourceIndex& index)
{
  auto [kind, note] = kind_of(r, index);
  return {from, to, std::string(1, kind), note, r.info.links, r.info.latency, r.info.links > 0 ? r.info.bandwidth : 0};
}

// Past this many groups, the routes between them are not summarised (each ordered pair costs a route lookup).
constexpr size_t kGroupRoutesUpTo = 300;

// The route between the first hosts of every ordered pair of groups (within a group, its first two hosts).
std::vector<PlatformFacts::GroupRoute> group_routes(const std::vector<std::vector<Host*>>& groups,
                                                    const std::vector<size_t>& ids, const PlatformSourceIndex& index)
{
  std::vector<PlatformFacts::GroupRoute> out;
  if (groups.size() > kGroupRoutesUpTo)
    return out;
  for (size_t a = 0; a < groups.size(); ++a)
    for (size_t b = 0; b < groups.size(); ++b) {
      const auto& from = groups[a];
      if (from.empty() || groups[b].empty() || (a == b && from.size() < 2))
        continue;
      out.push_back(group_route(ids[a], ids[b], probe_route(from[0], a == b ? from[1] : groups[b][0]), index));
    }
  return out;
}

// Past this many hosts, a cluster's spokes are not probed: `platform --plot` draws a cluster as a star up to as many
// hosts (isogrid_platform_plot.py's MAX_STAR_HOSTS), and no model reads them.
constexpr size_t kSpokesUpTo = 16;

void add_spokes(PlatformFacts& f, const std::vector<Host*>& hosts, const std::vector<PlatformCluster>& clusters,
                const PlatformSourceIndex& index)
{
  std::map<const Host*, size_t> position;
  for (size_t i = 0; i < hosts.size(); ++i)
    position.emplace(hosts[i], i);
  for (size_t c = 0; c < clusters.size(); ++c) {
    const auto& members = clusters[c].hosts;
    if (members.size() < 2 || members.size() > kSpokesUpTo)
      continue;
    for (size_t k = 1; k < members.size(); ++k)
      f.spokes.push_back(group_route(c, position.at(members[k]), probe_route(members[0], members[k]), index));
  }
}

void add_group_routes(PlatformFacts& f, const std::vector<Host*>& hosts, const std::vector<PlatformCluster>& clusters,
                      const PlatformSourceIndex& index)
{
  std::vector<std::vector<Host*>> groups;
  std::vector<size_t> ids;
  for (size_t c = 0; c < clusters.size(); ++c)
    groups.push_back(clusters[c].hosts), ids.push_back(c);
  f.cluster_routes = group_routes(groups, ids, index);
  add_spokes(f, hosts, clusters, index);
  if (!f.routes.empty())
    return;
  // Too many hosts for every pair: the zones that hold hosts stand for them (hosts in natural order, so the first
  // host of a zone is the same whichever way it is listed).
  std::map<std::string, size_t> zone_index;
  for (size_t z = 0; z < f.zones.size(); ++z)
    zone_index.emplace(f.zones[z].name, z);
  std::map<size_t, std::vector<Host*>> by_zone;
  for (size_t i = 0; i < hosts.size(); ++i) {
    size_t z = zone_index.at(f.host_info[i].zone);
    f.host_zone.push_back(z);
    by_zone[z].push_back(hosts[i]);
  }
  groups.clear(), ids.clear();
  for (auto& [z, members] : by_zone)
    groups.push_back(std::move(members)), ids.push_back(z);
  f.zone_routes = group_routes(groups, ids, index);
}

std::string probe_in_this_process(const std::string& path, const LoadResolver& loads)
{
  Session session(exact_network_config(), false);
  PlatformSourceIndex index =
      is_grid_spec_file(path) ? source_index_of(cached_grid_spec(path)) : index_platform_xml(path);
  index.file = path;
  // The models SimGrid runs with before the file's <config> is read: a setting that names the same one changes
  // nothing (config.xml sets host/model:compound, SimGrid's default).
  std::map<std::string, std::string> models_before;
  for (const char* key : {"network/model", "host/model", "cpu/model"})
    models_before[key] = simgrid::config::get_value<std::string>(key);
  for (const auto& setting : index.settings)
    try {
      check_setting_numbers(setting.key + ":" + setting.value);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(fmt::format("{}: {}", index.where_setting(setting.key), e.what()));
    }
  try {
    load_platform(path, PointLoads{&loads, 0});
  } catch (const std::out_of_range& e) {  // a <config> key SimGrid does not know; its message lists them all
    std::string what = e.what();
    std::string key  = "";
    if (auto at = what.find("Bad config key: "); at != std::string::npos)
      key = trim(what.substr(at + 16, what.find('\n', at) - at - 16));
    if (key.empty())
      throw;
    throw std::runtime_error(fmt::format("{}: {}", index.where_setting(key), unknown_setting_message(key, what)));
  }
  check_resources(index);
  PlatformFacts f;
  f.file                          = path;
  const std::vector<Host*>& hosts = hosts_in_natural_order();
  for (Host* h : hosts)
    f.hosts.push_back(host_name(h));
  const std::vector<PlatformCluster>& clusters = platform_clusters();
  for (const auto& c : clusters) {
    f.clusters.push_back({c.name, {}});
    for (Host* h : c.hosts)
      f.clusters.back().hosts.push_back(host_name(h));
  }
  f.links = sg4::Engine::get_instance()->get_link_count();
  add_zones(f, sg4::Engine::get_instance()->get_netzone_root(), -1, index, hosts_per_zone(hosts));
  add_hosts(f, hosts, index);
  add_routes(f, hosts, index);
  add_group_routes(f, hosts, clusters, index);
  f.network_model = simgrid::config::get_value<std::string>("network/model");
  for (const auto& s : index.settings) {
    bool overridden = false;
    for (const std::string& given : exact_network_config())
      overridden = overridden || given.rfind(s.key + ":", 0) == 0;
    auto before   = models_before.find(s.key);
    bool the_same = before != models_before.end() && before->second == s.value;
    // host/model "default" runs the CPU and network models the other settings name, as "compound" does.
    auto plain = [](const std::string& m) { return m == "default" || m == "compound"; };
    the_same   = the_same || (s.key == "host/model" && plain(s.value) && plain(models_before["host/model"]));
    f.platform_settings.push_back({s.key + ":" + s.value, index.where_setting(s.key), !overridden && !the_same});
  }
  return platform_facts_json(f);
}

}  // namespace

std::string platform_facts_json(const PlatformFacts& facts)
{
  nlohmann::json j = facts;
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

PlatformFacts probe_platform_in_simgrid(const std::string& path, const LoadResolver& loads)
{
  if (is_grid_spec_file(path))
    read_input_file(path);  // a named pipe, a device, a file too large: told before a worker waits on it
  else
    check_platform_source(path);  // and the files it names, and how many hosts it declares
  std::string payload;
  try {
    payload = run_in_child([&] { return probe_in_this_process(path, loads); });
  } catch (const std::runtime_error& e) {
    std::string why = simgrid_last_words(e.what());  // SimGrid's xbt_die, without the backtrace
    if (!is_grid_spec_file(path))
      if (std::string place = index_platform_xml(path).place_of_refusal(why); !place.empty())
        why = place + ": " + why;
    throw std::runtime_error(why);
  }
  return nlohmann::json::parse(payload).get<PlatformFacts>();
}

const PlatformFacts& probe_platform(const std::string& path, const LoadResolver& loads)
{
  static std::map<std::string, PlatformFacts> probed;
  if (auto it = probed.find(path); it != probed.end())
    return it->second;
  // A grid spec without loads is known from the spec (grid_spec_facts.hpp says why); one with loads is built, so
  // that drawing its traces is tried before the first point too.
  if (is_grid_spec_file(path)) {
    try {
      const GridSpec& spec = cached_grid_spec(path);
      check_declared_loads(spec, &loads);
      if (!declares_loads(spec)) {
        PlatformFacts f     = grid_spec_facts(spec);
        f.file              = path;
        return probed[path] = std::move(f);
      }
    } catch (const std::exception& e) {
      throw std::runtime_error(e.what());  // as the worker would have reported it
    }
  }
  return probed[path] = probe_platform_in_simgrid(path, loads);
}

std::string describe_platform(const PlatformFacts& facts)
{
  return fmt::format("{} hosts, {} links, {} cluster(s)", facts.hosts.size(), facts.links, facts.clusters.size());
}

}  // namespace isogrid::sg
