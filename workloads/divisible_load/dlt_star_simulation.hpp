#pragma once
// The simulated face of the DLT star: a non-computing originator sends each worker its part, one transfer at a
// time (one port), in serving order; each worker computes as soon as its part has arrived and, with result
// return, sends its result back, the originator receiving them last-served-first. Then, on the same platform,
// the sequential reference: all the load to P1 alone. Runs inside a child process (see ProcessPool).
#include "simulator/sg/messaging.hpp"

#include <cstdint>
#include <vector>

namespace isogrid {
class Timeline;
}

namespace isogrid::dlt {

// What the originator and the workers do, in SimGrid units (bytes, flops).
struct StarSchedule {
  std::vector<uint64_t> send_bytes;  // per worker, serving order
  std::vector<double> compute_flops;
  std::vector<uint64_t> return_bytes;  // empty: no result return
  uint64_t sequential_bytes        = 0;
  double sequential_flops          = 0;
  uint64_t sequential_return_bytes = 0;
};

struct StarTimes {
  double makespan   = 0;  // from time 0 to the last worker's end (or the last result's arrival)
  double sequential = 0;  // the same for the whole load on P1
};

// Deploys the actors; call before the engine runs. `plan` and `times` must outlive the run: the actors read the
// first and fill the second when the simulation ends. With a timeline, the parallel run records every transfer
// (the originator's send and the worker's receive of its part, the result's return) and every computation, in
// model time units (simulated seconds / time_unit), a row per host (P0 the originator, P1..Pm in serving order).
void deploy_star_schedule(sg::Host* originator, const std::vector<sg::Host*>& workers, const StarSchedule& plan,
                          StarTimes& times, Timeline* timeline = nullptr, double time_unit = 1);

}  // namespace isogrid::dlt
