#pragma once
// A grid spec's declared background load (`load:` per cluster) made concrete: each host's CPU availability trace and
// each host link's bandwidth availability trace, drawn from a seed by the named generators or read from profile
// files. The grid builder replays them as SimGrid profiles through the resolver made here (passed to it as an
// argument, with the point's seed: point_loads); a model that senses
// or forecasts the load (performance-modelling) draws the very same traces with platform_traces.
#include "policies/loads/availability.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "simulator/platform/platform_loads.hpp"

#include <cstdint>
#include <vector>

namespace isogrid::loads {

struct ClusterTraces {
  std::vector<AvailabilityTrace> cpu;        // per host; free (no step) when nothing is declared
  std::vector<AvailabilityTrace> bandwidth;  // per host link
};

// Throws InputError at the declaration: an unknown generator (with the closest names), a generator of the other
// resource, a profile file that cannot be read or is not a profile (its own line).
void check_platform_loads(const GridSpec& spec);
// One per cluster of the spec, in its order; resource k of a cluster draws from its own stream, so the traces do not
// depend on how many hosts the other clusters have.
std::vector<ClusterTraces> platform_traces(const GridSpec& spec, std::uint64_t seed);

// One per inter-cluster link of the spec, in its order (free when nothing is declared), each link its own stream.
std::vector<AvailabilityTrace> inter_link_traces(const GridSpec& spec, std::uint64_t seed);

// The resolver the platform check and the grid builder are given: check_platform_loads, and the profiles of
// platform_traces and inter_link_traces. Made once; it holds no state.
const LoadResolver& resolver();
// What a model passes to sg::load_platform and sg::build_grid: the resolver, and its point's seed.
inline PointLoads point_loads(std::uint64_t seed) { return PointLoads{&resolver(), seed}; }

}  // namespace isogrid::loads
