#pragma once
// Builds an isogrid grid spec (clusters joined pairwise, or a star) in the current engine. Models that generate
// their platform from parameters (C clusters of p hosts, ...) fill a GridSpec and call build_grid.
#include "simulator/platform/grid_spec.hpp"
#include "simulator/platform/platform_loads.hpp"

#include <string>

namespace isogrid::sg {

// `loads`: the resolver and the point's seed that the spec's declared background load is drawn with.
void build_grid(const GridSpec& spec, const PointLoads& loads);
// read_grid_spec, its declared loads checked, and build_grid.
void build_grid_platform(const std::string& path, const PointLoads& loads);

}  // namespace isogrid::sg
