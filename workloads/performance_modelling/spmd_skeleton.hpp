#pragma once
// The SPMD skeletons (spmd_kernels.hpp) played on SimGrid: runs one after the other on one timeline, as the thesis's
// campaign ran them (§3.7), so that the background load the platform replays keeps changing across and during runs.
// One driver actor starts each step's computations on the run's hosts and waits for all of them, then starts the
// step's transfers between those hosts and waits for all of them.
#include "simulator/sg/messaging.hpp"
#include "workloads/performance_modelling/spmd_kernels.hpp"

#include <vector>

namespace isogrid::modelling {

struct SpmdRun {
  double problem_size = 0;
  std::vector<sg::Host*> hosts;   // process i on hosts[i]
  std::vector<SpmdShape> phases;  // one after the other (one for a single-phase application)
};

// Spawns the driver on `driver_host`; the caller runs the session. The result is filled as the simulation goes.
void spawn_campaign(sg::Host* driver_host, const std::vector<SpmdRun>& runs, std::vector<TimedRun>& timed);

}  // namespace isogrid::modelling
