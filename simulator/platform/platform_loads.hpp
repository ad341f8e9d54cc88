#pragma once
// Background load declared in a grid spec (`load:` per cluster), resolved outside the simulator layers: the
// generators and the profile format are policies (policies/loads), which the simulator cannot see. The resolver is
// workloads/loads' (loads::resolver()) and reaches the simulator as an argument: the platform check passes it to
// check every declared load before the first point, and a model passes it with its point's seed (PointLoads) to
// the grid builder, which asks it for the profiles of each host and host link.
#include "simulator/platform/grid_spec.hpp"
#include "simulator/platform/platform_source_index.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace isogrid {

// SimGrid profile texts by resource name.
struct ResourceProfiles {
  std::map<std::string, std::string> host_speed;      // host -> shares of its peak speed
  std::map<std::string, std::string> link_bandwidth;  // host link ("link:vu-3") or inter-cluster link -> bytes/s
  // A host whose cluster runs its bandwidth load as flows -> (time, share left to the application) steps.
  std::map<std::string, std::vector<std::pair<double, double>>> host_flows;
};

struct LoadResolver {
  // Throws InputError at the declaration's location: an unknown generator, one for the wrong resource, a profile
  // file that cannot be read or is not a profile.
  std::function<void(const GridSpec&)> check;
  std::function<ResourceProfiles(const GridSpec&, std::uint64_t seed)> profiles;
};

// The background load one point's platform replays: the resolver, and the point's seed the loads are drawn from.
struct PointLoads {
  const LoadResolver* resolver = nullptr;  // may stay null for a platform that declares no load
  std::uint64_t seed           = 0;
};

bool declares_loads(const GridSpec& spec);
// Checks every load the spec declares (InputError at its declaration); nothing when it declares none. Throws
// std::logic_error when it declares some and `resolver` is null.
void check_declared_loads(const GridSpec& spec, const LoadResolver* resolver);
// The profiles of the spec's declared loads for one point (none when it declares none).
ResourceProfiles draw_declared_loads(const GridSpec& spec, const PointLoads& loads);
// The spec's loaded resources as a platform index lists them: each host under a CPU load, each host link under a
// bandwidth load (or competing flows), each inter-cluster link under one, with the load's declaration
// ("load.cpu: random-cpu (spec.yaml:11:11)"), so that a model that needs constant capacities refuses them.
PlatformSourceIndex source_index_of(const GridSpec& spec);

}  // namespace isogrid
