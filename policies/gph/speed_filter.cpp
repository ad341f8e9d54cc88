#include "policies/gph/speed_filter.hpp"

namespace isogrid::gph {

bool may_take_work(const Topology& topology, size_t main_pe, size_t thief, size_t victim)
{
  return victim == main_pe || topology.speed(victim) <= topology.speed(thief);
}

FishTarget allowed_target(const Topology& topology, size_t main_pe, size_t thief, size_t holder, const Draw& draw)
{
  auto allowed = [&](size_t p) { return p != holder && may_take_work(topology, main_pe, thief, p); };
  size_t count = 0;
  for (size_t p = 0; p < topology.pes(); ++p)
    count += allowed(p) ? 1 : 0;
  if (count == 0)
    return {};
  size_t rank = static_cast<size_t>(draw() % count);
  for (size_t p = 0; p < topology.pes(); ++p)
    if (allowed(p) && rank-- == 0)
      return {true, p, false};
  return {};  // unreachable: rank < count
}

FishTarget filtered_target(const PeView& pe, const Draw& draw, const Parameters& parameters)
{
  if (parameters.gg11_receiver_side)
    return blind_target(pe, draw, parameters);
  FishTarget target = allowed_target(*pe.topology, pe.main_pe, pe.self, pe.self, draw);
  return target.found ? target : blind_target(pe, draw, parameters);
}

FishTarget filtered_forward(const PeView& holder, size_t origin, const Draw& draw, const Parameters& parameters)
{
  if (parameters.gg11_receiver_side)
    return blind_target(holder, draw, parameters);
  return allowed_target(*holder.topology, holder.main_pe, origin, holder.self, draw);
}

bool answers_under_filter(const PeView& receiver, size_t origin, const Parameters& parameters)
{
  return !parameters.gg11_receiver_side || may_take_work(*receiver.topology, receiver.main_pe, origin, receiver.self);
}

}  // namespace isogrid::gph
