#pragma once
// Background load replayed by SimGrid itself: a profile in SimGrid's text format ("time value" lines, LOOPAFTER or
// PERIODICITY) becomes a host's speed profile (values: shares of its peak speed) or a link's bandwidth profile
// (values: bytes per second, as SimGrid 3.32 reads them), each value holding from its time on. The text is what policies/loads writes (profile_text) or what a user's trace file holds. SimGrid
// takes a profile only before the resource is sealed: platform builders call these as they create it
// (checkpoint_platform.hpp's speed_profiles and bandwidth_profile).
#include "simulator/sg/checkpoint_platform.hpp"

#include <string>

namespace isogrid::sg {

// `name` must be unique among the profiles of the simulation (SimGrid keys them by name).
void set_speed_profile(Host* host, const std::string& name, const std::string& profile_text);
void set_bandwidth_profile(Link* link, const std::string& name, const std::string& profile_text);

}  // namespace isogrid::sg
