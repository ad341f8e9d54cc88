#pragma once
#include "simulator/core/model.hpp"

#include <memory>

namespace isogrid::gph {

// "gph-runtime": a GpH program under a GUM-family runtime (GUM, GRID-GUM1, GRID-GUM1.1, GRID-GUM2) on the PEs a
// configuration string selects (Al Zain, Trinder, Michaelson, Loidl, IEEE TPDS 2008).
std::unique_ptr<Model> make_gph_runtime_model();

}  // namespace isogrid::gph
