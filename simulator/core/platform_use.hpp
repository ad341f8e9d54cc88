#pragma once
// What a model asks of the hosts and routes of a platform it uses, checked on the platform's facts before the first
// point. Each check returns why the platform cannot serve, naming the host or link and where the platform file
// declares it; an empty string when it can. Models turn the reason into a ParamError on the parameter that chose the
// host (m, originator, C, p).
#include "simulator/core/platform_facts.hpp"

#include <string>
#include <utility>

namespace isogrid {

struct PlatformNeeds {
  // The model reads a host's speed and a route's bandwidth and latency once, as a closed form's constants: hosts
  // and links that follow a profile would make the simulation disagree with it for no fault of either.
  bool constant_capacity = false;
  std::string why;  // finishes the refusal: "Eqs. 1-3 read them once"

  // Hosts and links whose capacity may follow a profile (a simulation-only model).
  static PlatformNeeds any_capacity() { return {}; }
  // Constant capacities, because `why` (a closed form reads them once).
  static PlatformNeeds constant_capacities(std::string why) { return {true, std::move(why)}; }
};

// A host the model runs on: it must stay on (no state profile), and be constant if the model needs it to.
std::string unusable_host(const PlatformFacts& platform, const std::string& host, const PlatformNeeds& needs);
// A route the model sends over: it must exist and be wired (SimGrid 3.32 takes a Wi-Fi station's rate from code
// only, so a transfer over a WIFI link stops the simulation), and be constant if the model needs it to.
std::string unusable_route(const PlatformFacts& platform, const std::string& from, const std::string& to,
                           const PlatformNeeds& needs);
// Settings of the platform's <config> that change how SimGrid times computations and transfers (network/*,
// host/model, cpu/model), when the model needs constant capacities: its closed form assumes isogrid's exact
// settings. (A network/model the file gives, ns-3 included, is never in effect: isogrid sets CM02 first.)
std::string unusable_settings(const PlatformFacts& platform, const PlatformNeeds& needs);

}  // namespace isogrid
