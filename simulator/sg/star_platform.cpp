#include "simulator/sg/star_platform.hpp"

#include <algorithm>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>

namespace sg4 = simgrid::s4u;

namespace isogrid::sg {

Star build_star(const StarSpec& spec)
{
  sg4::NetZone* zone = sg4::create_star_zone(spec.name);
  Star star;

  // A star zone needs a link on every host's way to the center. The center's is a FATPIPE as fast as the fastest
  // worker link: each flow may use all of it, so it never becomes the bottleneck of a worker's transfer.
  double fastest = 1;
  for (const auto& w : spec.workers)
    fastest = std::max(fastest, w.bandwidth);
  star.center            = zone->create_host(spec.center_name, spec.center_speed);
  sg4::Link* center_link = zone->create_link(spec.center_name + "_link", fastest)
                               ->set_sharing_policy(sg4::Link::SharingPolicy::FATPIPE)
                               ->seal();
  zone->add_route(star.center->get_netpoint(), nullptr, nullptr, nullptr, {sg4::LinkInRoute(center_link)}, true);

  star.workers.reserve(spec.workers.size());
  for (const auto& w : spec.workers) {
    sg4::Host* host = zone->create_host(w.name, w.speed);
    sg4::Link* link = zone->create_link(w.name + "_link", w.bandwidth)->set_latency(w.latency)->seal();
    zone->add_route(host->get_netpoint(), nullptr, nullptr, nullptr, {sg4::LinkInRoute(link)}, true);
    star.workers.push_back(host);
  }
  zone->seal();
  return star;
}

}  // namespace isogrid::sg
