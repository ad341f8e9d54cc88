#include "simulator/sg/platform_loader.hpp"

#include "simulator/core/input_error.hpp"
#include "simulator/core/text.hpp"
#include "simulator/platform/natural_order.hpp"
#include "simulator/sg/grid_builder.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <stdexcept>

namespace sg4 = simgrid::s4u;

namespace isogrid::sg {

void load_platform(const std::string& path)
{
  // A point's plan may load its platform before its simulation asks for it again: one platform per process.
  static std::string loaded;
  if (!loaded.empty()) {
    if (loaded != path)
      throw std::logic_error(fmt::format("{} is loaded already; a process loads one platform, not {}", loaded, path));
    return;
  }
  if (ends_with(path, ".yaml") || ends_with(path, ".yml"))
    build_grid_platform(path);
  else
    sg4::Engine::get_instance()->load_platform(path);
  loaded = path;
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

std::vector<Host*> hosts_in_natural_order()
{
  std::vector<Host*> hosts = sg4::Engine::get_instance()->get_all_hosts();
  std::sort(hosts.begin(), hosts.end(), [](Host* x, Host* y) { return natural_less(x->get_name(), y->get_name()); });
  return hosts;
}

std::vector<PlatformCluster> platform_clusters()
{
  auto by_name = [](Host* x, Host* y) { return natural_less(x->get_name(), y->get_name()); };
  std::vector<PlatformCluster> out;
  const sg4::NetZone* root = sg4::Engine::get_instance()->get_netzone_root();
  for (const sg4::NetZone* zone : root->get_children()) {
    std::vector<Host*> hosts = zone->get_all_hosts();
    if (hosts.empty())
      continue;
    std::sort(hosts.begin(), hosts.end(), by_name);
    out.push_back({zone->get_name(), hosts});
  }
  if (out.empty())
    out.push_back({root->get_name(), hosts_in_natural_order()});
  return out;
}

RouteInfo route_between(Host* from, Host* to)
{
  std::vector<sg4::Link*> links;
  RouteInfo r;
  from->route_to(to, links, &r.latency);
  r.bandwidth = links.empty() ? 0 : links.front()->get_bandwidth();
  for (const auto* l : links)
    r.bandwidth = std::min(r.bandwidth, l->get_bandwidth());
  return r;
}

}  // namespace isogrid::sg
