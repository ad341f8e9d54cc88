#include "simulator/sg/ring_platform.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <stdexcept>

namespace sg4 = simgrid::s4u;

namespace isogrid::sg {

std::vector<std::vector<Host*>> build_rings(const std::vector<RingSpec>& rings)
{
  // Routes exist only between ring neighbours: a full zone asks for no others.
  sg4::NetZone* zone = sg4::create_full_zone("rings");
  std::vector<std::vector<Host*>> out;
  for (const RingSpec& ring : rings) {
    const std::size_t n = ring.speeds.size();
    if (n > 1 && ring.bandwidths.size() != n)
      throw std::invalid_argument("ring " + ring.name + ": one bandwidth per host is needed");
    std::vector<Host*> hosts;
    for (std::size_t i = 0; i < n; ++i)
      hosts.push_back(zone->create_host(ring.name + "-" + std::to_string(i), ring.speeds[i]));
    // Two hosts: one link both ways. More: link i joins host i and host i + 1.
    std::size_t links = n == 2 ? 1 : (n > 2 ? n : 0);
    for (std::size_t i = 0; i < links; ++i) {
      sg4::Link* link = zone->create_link(ring.name + "-link-" + std::to_string(i), ring.bandwidths[i])
                            ->set_latency(ring.latency)
                            ->seal();
      zone->add_route(hosts[i]->get_netpoint(), hosts[(i + 1) % n]->get_netpoint(), nullptr, nullptr,
                      {sg4::LinkInRoute(link)}, true);
    }
    out.push_back(std::move(hosts));
  }
  zone->seal();
  return out;
}

}  // namespace isogrid::sg
