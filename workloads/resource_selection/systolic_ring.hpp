#pragma once
// The MD application of Sanjay's Fig. 4.9 run on SimGrid: a systolic ring (Lennard-Jones forces). Each of P
// processes holds N/P particles; in each of P stages it computes the forces between its own particles and a
// travelling block, then passes the block to its right neighbour. The slowest machine and the slowest link of
// the ring pace every stage. Several rings (one per scheduler's schedule) run side by side in one simulation.
#include "simulator/core/model.hpp"

#include <string>
#include <vector>

namespace isogrid::scheduling {

struct SystolicRing {
  std::vector<double> cpu;         // available CPU fraction of each process's machine, in ring order
  std::vector<double> bandwidth;   // Mbit/s: bandwidth[i] joins process i and i + 1 (the last joins the first)
  double computation_seconds = 0;  // per process, whole run, on a free reference machine: f_comp(N) / P
  double communication_mbit  = 0;  // per process, whole run: what passes through it, f_comm(N)
};

// Simulates every ring in one SimGrid session and returns each one's makespan (s). With a timeline in the context,
// ring r records each process's stages (compute) and shifts (the block's send and the wait for the next, `shift`)
// in group names[r], a row per process.
std::vector<double> run_systolic_rings(const std::vector<SystolicRing>& rings, const SimulationContext& context,
                                       const std::vector<std::string>& names = {});

}  // namespace isogrid::scheduling
