// A plugin that adds to a family without a named entry point (stencil-decomposition), through the generic
// add_policy: "by-capacity", the capacity-weighted split under another name. lbm-grid with decomposition: by-capacity
// must then give what decomposition: capacity-weighted gives.
#include "plugin/plugin.hpp"
#include "policies/stencil/decomposition.hpp"

ISOGRID_PLUGIN(registrar)
{
  using namespace isogrid;
  registrar.add_policy(stencil::decomposition_registry(), "by-capacity",
                       "capacity-weighted under another name (tests/plugins/weighted_decomposition.cpp)",
                       stencil::decomposition_policies().get("capacity-weighted"));
}
