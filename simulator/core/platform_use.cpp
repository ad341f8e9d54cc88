#include "simulator/core/platform_use.hpp"

#include "simulator/core/text.hpp"

#include <fmt/format.h>

namespace isogrid {

namespace {

std::string at(const PlatformFacts::Host* h) { return h && !h->place.empty() ? fmt::format(" ({})", h->place) : ""; }

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// A profile that switches a resource off and on (platform_source_index names them by their attribute or trace kind).
bool fails(const std::string& profile)
{
  for (const char* kind : {"state_file", "HOST_AVAIL", "LINK_AVAIL"})
    if (profile.find(kind) != std::string::npos)
      return true;
  return false;
}

}  // namespace

std::string unusable_host(const PlatformFacts& platform, const std::string& host, const PlatformNeeds& needs)
{
  const PlatformFacts::Host* h = platform.host(host);
  if (!h || h->profile.empty())
    return "";
  if (fails(h->profile))
    return fmt::format("host {}{} follows {}: isogrid's models do not simulate hosts that fail", host, at(h),
                       h->profile);
  if (needs.constant_capacity)
    return fmt::format("host {}{} follows {}: its speed changes over time, and {}", host, at(h), h->profile, needs.why);
  return "";
}

std::string unusable_route(const PlatformFacts& platform, const std::string& from, const std::string& to,
                           const PlatformNeeds& needs)
{
  switch (platform.route_kind(from, to)) {
    case PlatformFacts::kNoRoute:
      return fmt::format("no route from host {} to host {}{}", from, to, at(platform.host(to)));
    case PlatformFacts::kWifi:
      return fmt::format("the route from host {} to host {} {}: SimGrid 3.32 sets a Wi-Fi station's rate from code "
                         "only (Link::set_host_wifi_rate), so a transfer over it stops the simulation",
                         from, to, platform.route_note(from, to));
    case PlatformFacts::kVarying: {
      std::string note = platform.route_note(from, to);
      if (fails(note))
        return fmt::format("the route from host {} to host {} {}: isogrid's models do not simulate links that fail",
                           from, to, note);
      if (needs.constant_capacity)
        return fmt::format("the route from host {} to host {} {}: its capacity changes over time, and {}", from, to,
                           note, needs.why);
      return "";
    }
    case PlatformFacts::kWired: return "";
  }
  return "";
}

std::string unusable_settings(const PlatformFacts& platform, const PlatformNeeds& needs)
{
  if (!needs.constant_capacity)
    return "";
  std::vector<std::string> timing;
  for (const auto& s : platform.platform_settings)
    if (s.in_effect && (starts_with(s.setting, "network/") || starts_with(s.setting, "host/model:") ||
                        starts_with(s.setting, "cpu/model:")))
      timing.push_back(fmt::format("{} ({})", s.setting, s.place));
  if (timing.empty())
    return "";
  return fmt::format("the platform file sets {}, which changes how SimGrid times transfers or computations, and {}",
                     join(timing, ", "), needs.why);
}

}  // namespace isogrid
