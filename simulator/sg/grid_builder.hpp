#pragma once
// Builds an isogrid grid spec (clusters joined pairwise, or a star) in the current engine. Models that generate
// their platform from parameters (C clusters of p hosts, ...) fill a GridSpec and call build_grid.
#include "simulator/platform/grid_spec.hpp"

#include <string>

namespace isogrid::sg {

void build_grid(const GridSpec& spec);
void build_grid_platform(const std::string& path);  // read_grid_spec + build_grid

}  // namespace isogrid::sg
