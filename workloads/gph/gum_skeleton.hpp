#pragma once
// The simulated shell around the pure PE cores (runtime/pe_core.hpp): one scheduler actor per PE, which sleeps until
// its core's wake time or a message, whichever comes first, and hands its core's messages to SimGrid as transfers
// of their size between the PEs' hosts. A relay on each host takes messages off the network as they finish
// arriving, so that a long transfer does not hold up short ones behind it.
#include "simulator/core/timeline.hpp"
#include "simulator/sg/messaging.hpp"
#include "workloads/gph/runtime/pe_core.hpp"

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace isogrid::gph {

struct GumWiring;

struct GumRun {
  RuntimeSetup setup;
  std::vector<sg::Host*> hosts;  // per PE, in configuration order (several PEs may share a host)
  std::uint64_t seed = 0;        // PE p draws from a stream derived from (seed, p)
  // Simulated seconds after which a run that has not finished is stopped and reported incomplete.
  double time_limit = std::numeric_limits<double>::infinity();
  // Where the run records what its PEs do (pe_recorder.hpp), a row per PE named by pe_names, in the zone (cluster)
  // pe_zones says; null: nothing.
  Timeline* timeline = nullptr;
  std::vector<std::string> pe_names, pe_zones;

  // Filled by the run.
  bool completed  = false;
  double makespan = 0;                   // when the main thread finished
  std::vector<PeStatistics> statistics;  // per PE

  std::shared_ptr<GumWiring> wiring;
};

// Creates the actors; the caller runs the simulation, after which `run` holds the results.
void launch_gum(GumRun& run);

}  // namespace isogrid::gph
