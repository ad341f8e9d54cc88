#pragma once
// The chapter 5 loads both rescheduling models draw (§5.5.2): every machine's available CPU U(cpu_low, cpu_high),
// every link U[link_share_low, link_share_high] of its capacity. Declared, checked and turned into a draw once.
#include "policies/scheduling/cluster_draw.hpp"
#include "simulator/core/model_schema.hpp"

#include <fmt/format.h>

namespace isogrid::rescheduling {

template <class P, class M>
void declare_uniform_loads(ModelSchema<P, M>& s)
{
  s.param("cpu_low", &P::cpu_low, "each machine's available CPU is U(cpu_low, cpu_high) (thesis: 0.1)")
      .positive()
      .at_most(1)
      .not_above("cpu_high")
      .label("available CPU, lower bound")
      .unitless();
  s.param("cpu_high", &P::cpu_high, "see cpu_low (thesis: 1)")
      .positive()
      .at_most(1)
      .label("available CPU, upper bound")
      .unitless();
  s.param("link_share_low", &P::link_share_low, "a link's available bandwidth is U[low, high] of its capacity")
      .positive()
      .at_most(1)
      .not_above("link_share_high")
      .label("link share, lower bound")
      .unitless();
  s.param("link_share_high", &P::link_share_high, "see link_share_low")
      .positive()
      .at_most(1)
      .label("link share, upper bound")
      .unitless();
}

// A cluster of `machines` machines whose links have `capacity` Mbit/s, loaded as `p` says.
template <class P>
scheduling::UniformLoadDraw uniform_load_draw(const P& p, std::size_t machines, double capacity)
{
  scheduling::UniformLoadDraw draw;
  draw.machines        = machines;
  draw.max_bandwidth   = capacity;
  draw.cpu_low         = p.cpu_low;
  draw.cpu_high        = p.cpu_high;
  draw.link_share_low  = p.link_share_low;
  draw.link_share_high = p.link_share_high;
  return draw;
}

}  // namespace isogrid::rescheduling
