#include "simulator/sg/platform_loader.hpp"

#include "simulator/core/input_error.hpp"
#include "simulator/core/text.hpp"
#include "simulator/platform/natural_order.hpp"
#include "simulator/sg/grid_builder.hpp"

#include <algorithm>
#include <boost/core/demangle.hpp>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <stdexcept>
#include <typeinfo>

namespace sg4 = simgrid::s4u;

namespace isogrid::sg {

namespace {

// The platform file this process loaded, if any.
std::string& loaded_platform()
{
  static std::string loaded;
  return loaded;
}

}  // namespace

void load_platform(const std::string& path, const PointLoads& loads)
{
  // A point's plan may load its platform before its simulation asks for it again, and a fork server loads it
  // before its children ask: one platform per process.
  std::string& loaded = loaded_platform();
  if (!loaded.empty()) {
    if (loaded != path)
      throw std::logic_error(fmt::format("{} is loaded already; a process loads one platform, not {}", loaded, path));
    return;
  }
  if (ends_with(path, ".yaml") || ends_with(path, ".yml")) {
    build_grid_platform(path, loads);
  } else {
    sg4::Engine::get_instance()->load_platform(path);
    // SimGrid completes some zones only when sealed (a Vivaldi zone's routes, a cluster's cabinets), which running
    // the engine does; a route asked for before that throws (unordered_map::at). Seal now, as a run would.
    sg4::Engine::get_instance()->seal_platform();
  }
  loaded = path;
}

bool platform_file_loaded() { return !loaded_platform().empty(); }

void prepare_platform(const std::string& path, const LoadResolver& loads)
{
  load_platform(path, PointLoads{&loads, 0});
  // What points ask of every host, found here once for all of them.
  platform_clusters();
}

std::string routing_of(const sg4::NetZone* zone)
{
  // S4U does not say how a zone routes; its implementation's class does (FullZone, VivaldiZone, ...). Those classes
  // are private to libsimgrid, so their type is read by name rather than by dynamic_cast.
  const auto& impl = *zone->get_impl();
  std::string type = boost::core::demangle(typeid(impl).name());  // "simgrid::kernel::routing::FullZone"
  type             = type.substr(type.rfind(':') + 1);
  if (ends_with(type, "Zone"))
    type.resize(type.size() - 4);
  if (type == "Empty")
    return "None";
  if (type == "ClusterBase")
    return "Cluster";
  return type;
}

Host* host_by_name(const std::string& name)
{
  Host* h = sg4::Engine::get_instance()->host_by_name_or_null(name);
  if (h)
    return h;
  std::vector<std::string> names;
  for (Host* x : hosts_in_natural_order())
    names.push_back(x->get_name());
  if (names.size() > 12)
    names.resize(12), names.push_back("...");
  throw std::invalid_argument(unknown_name_message("host", name, names));
}

const std::vector<Host*>& hosts_in_natural_order()
{
  // A platform file's hosts are sorted once per process: on a platform a fork server loaded, before its children
  // ask, which then neither sort nor copy them. Only a file's: a platform built through the API may still grow, and
  // counting its hosts to notice would cost what sorting them does (SimGrid 3.32 lists every host to count them:
  // 20 ms at 100 000 hosts).
  static std::vector<Host*> sorted;
  static bool of_file = false;
  if (of_file)
    return sorted;
  // Each name read once, not twice a comparison.
  std::vector<std::pair<std::string, Host*>> named;
  for (Host* h : sg4::Engine::get_instance()->get_all_hosts())
    named.emplace_back(h->get_name(), h);
  std::sort(named.begin(), named.end(), [](const auto& x, const auto& y) { return natural_less(x.first, y.first); });
  sorted.clear();
  sorted.reserve(named.size());
  for (const auto& [name, h] : named)
    sorted.push_back(h);
  of_file = platform_file_loaded();
  return sorted;
}

namespace {

std::vector<PlatformCluster> clusters_of_platform()
{
  // One pass over the hosts in natural order, each put under the root's child zone it lies in (or the root).
  const sg4::NetZone* root         = sg4::Engine::get_instance()->get_netzone_root();
  std::vector<sg4::NetZone*> zones = root->get_children();
  std::map<const void*, size_t> index;  // a child zone's impl -> its place among the root's children
  for (size_t k = 0; k < zones.size(); ++k)
    index.emplace(zones[k]->get_impl(), k);
  std::vector<std::vector<Host*>> below(zones.size());
  std::vector<Host*> own;  // hosts the root holds beside its sub-zones
  for (Host* h : hosts_in_natural_order()) {
    const auto* z = h->get_englobing_zone()->get_impl();
    while (z != nullptr && z->get_parent() != root->get_impl())
      z = z->get_parent();
    auto it = z ? index.find(z) : index.end();
    if (it == index.end())
      own.push_back(h);
    else
      below[it->second].push_back(h);
  }
  std::vector<PlatformCluster> out;
  for (size_t k = 0; k < zones.size(); ++k)
    if (!below[k].empty())
      out.push_back({zones[k]->get_name(), below[k]});
  if (out.empty()) {
    out.push_back({root->get_name(), own});
    return out;
  }
  // Hosts the root holds beside its sub-zones form one more cluster, after those.
  if (!own.empty())
    out.push_back({root->get_name(), own});
  return out;
}

}  // namespace

const std::vector<PlatformCluster>& platform_clusters()
{
  // Found once for a platform file, as its hosts' order is (a fork server finds them before its children ask).
  static std::vector<PlatformCluster> found;
  static bool of_file = false;
  if (!of_file) {
    found   = clusters_of_platform();
    of_file = platform_file_loaded();
  }
  return found;
}

namespace {

namespace routing = simgrid::kernel::routing;

// A zone's own routing step (NetZoneImpl::get_local_route) is protected. A pointer to it, formed in a class derived
// from NetZoneImpl as the language allows, lets route_between retrace SimGrid's walk without taking it.
struct LocalRouteAccess : routing::NetZoneImpl {
  static auto pointer() { return &LocalRouteAccess::get_local_route; }
};

std::vector<routing::NetZoneImpl*> zones_up_from(const routing::NetPoint* point)
{
  std::vector<routing::NetZoneImpl*> path;
  for (auto* zone = point->get_englobing_zone(); zone != nullptr; zone = zone->get_parent())
    path.push_back(zone);
  return path;
}

// SimGrid stops the whole process (xbt_die, not an exception) when its route walk asks a zone with routing None for
// a route. This follows the same walk as NetZoneImpl::get_global_route (common ancestor, its local route between the
// two sub-zones, then the gateways on each side) and says whether it would ask such a zone; it asks the other zones
// for their local routes, which is what the walk does. Bypass routes are not looked at: a bypass that avoids a None
// zone is refused here, which no platform we know declares.
bool walk_meets_a_zone_without_routes(const routing::NetPoint* src, const routing::NetPoint* dst, int depth = 0)
{
  if (depth > 64)  // gateways that lead back: SimGrid would loop; no route
    return true;
  auto up_src                  = zones_up_from(src);
  auto up_dst                  = zones_up_from(dst);
  routing::NetZoneImpl* parent = nullptr;
  while (up_src.size() > 1 && up_dst.size() > 1 && up_src.back() == up_dst.back()) {
    parent = up_src.back();
    up_src.pop_back();
    up_dst.pop_back();
  }
  routing::NetZoneImpl* src_side = up_src.back();
  routing::NetZoneImpl* dst_side = up_dst.back();
  routing::NetZoneImpl* common   = src_side == dst_side ? src_side : parent;
  if (common == nullptr || routing_of(common->get_iface()) == "None")
    return true;
  if (src_side == dst_side)
    return false;
  routing::Route route;
  (common->*LocalRouteAccess::pointer())(src_side->get_netpoint(), dst_side->get_netpoint(), &route, nullptr);
  if (route.gw_src_ == nullptr || route.gw_dst_ == nullptr)
    return true;  // SimGrid would throw "Bad gateways"
  return (src != route.gw_src_ && walk_meets_a_zone_without_routes(src, route.gw_src_, depth + 1)) ||
         (dst != route.gw_dst_ && walk_meets_a_zone_without_routes(route.gw_dst_, dst, depth + 1));
}

bool crosses_a_zone_without_routes(const Host* a, const Host* b)
{
  try {
    return walk_meets_a_zone_without_routes(a->get_netpoint(), b->get_netpoint());
  } catch (const std::exception&) {  // a zone's own route step refused: SimGrid's walk would throw too
    return true;
  }
}

}  // namespace

RouteInfo route_between(const Host* from, const Host* to, std::vector<sg4::Link*>& links)
{
  links.clear();
  RouteInfo r;
  if (from != to && crosses_a_zone_without_routes(from, to))
    return r;
  try {
    from->route_to(to, links, &r.latency);
  } catch (const std::exception&) {  // "Bad gateways": a zone without a route between two of its children
    links.clear();
    r.latency = 0;
    return r;
  }
  // SimGrid's own rule (network_cm02.cpp): a transfer needs a link or some latency to go anywhere.
  r.routed    = !links.empty() || r.latency > 0;
  r.links     = links.size();
  r.bandwidth = std::numeric_limits<double>::infinity();
  for (const auto* l : links)
    r.bandwidth = std::min(r.bandwidth, l->get_bandwidth());
  return r;
}

RouteInfo route_between(const Host* from, const Host* to)
{
  std::vector<sg4::Link*> links;
  return route_between(from, to, links);
}

}  // namespace isogrid::sg
