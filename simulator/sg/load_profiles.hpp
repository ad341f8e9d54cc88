#pragma once
// Background load replayed by SimGrid itself: a profile in SimGrid's text format ("time value" lines, LOOPAFTER or
// PERIODICITY) becomes a host's speed profile (values: shares of its peak speed) or a link's bandwidth profile
// (values: bytes per second, as SimGrid 3.32 reads them), each value holding from its time on. The text is what
// policies/loads writes (profile_text) or what a user's trace file holds. SimGrid takes a profile only before the
// resource is sealed: platform builders call these as they create it (checkpoint_platform.hpp's speed_profiles and
// bandwidth_profile).
#include "simulator/sg/checkpoint_platform.hpp"

#include <string>
#include <vector>

namespace isogrid::sg {

// `name` must be unique among the profiles of the simulation (SimGrid keys them by name).
void set_speed_profile(Host* host, const std::string& name, const std::string& profile_text);
void set_bandwidth_profile(Link* link, const std::string& name, const std::string& profile_text);

// Bandwidth load as real traffic, the way the thesis's loaders made it (§3.8): streams of packets at a fixed rate
// from one host to another, set so that the route leaves the application a given share of `nominal` (byte/s), and
// changed at each step. Under SimGrid's max-min sharing a rate-capped stream never takes more than a fair share, so
// the load runs as k streams of (1 - share) nominal / k each, k = ceil((1 - share) application_flows / share): then
// every stream keeps its rate and the application's flows (at most application_flows at once on that route) share
// exactly share x nominal. A daemon actor walks the steps; it never keeps the simulation alive.
struct ShareStep {
  double time      = 0;  // s
  double available = 1;  // share of `nominal` left to the application from `time` on, in (0, 1]
};
void spawn_competing_traffic(const std::string& name, Host* from, Host* to, double nominal,
                             std::vector<ShareStep> steps, int application_flows = 1);

}  // namespace isogrid::sg
