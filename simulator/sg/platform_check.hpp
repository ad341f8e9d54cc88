#pragma once
// Platform files checked before the first point: loaded into SimGrid in a worker process (an engine per process),
// their hosts, links and routes checked for what SimGrid accepts but cannot simulate, and their facts returned.
#include "simulator/core/platform_facts.hpp"
#include "simulator/platform/platform_loads.hpp"

#include <string>

namespace isogrid::sg {

// Throws std::runtime_error with SimGrid's or the grid spec's complaint, or naming the first host whose speed or
// link whose bandwidth or latency cannot be simulated, or a host no route reaches. Which host reaches which is
// part of the facts, for the models to check the routes they use. Probed once per file in this process.
// `loads`: checks a grid spec's declared background load, which the worker then draws (with seed 0).
const PlatformFacts& probe_platform(const std::string& path, const LoadResolver& loads);
// The same, always from SimGrid in a worker (probe_platform knows a grid spec without loads from the spec itself).
PlatformFacts probe_platform_in_simgrid(const std::string& path, const LoadResolver& loads);

// The facts as one line of JSON, the form in which they travel from the worker (and `isogrid platform --json`).
std::string platform_facts_json(const PlatformFacts& facts);

// "12 hosts, 14 links, 2 cluster(s)"
std::string describe_platform(const PlatformFacts& facts);

}  // namespace isogrid::sg
