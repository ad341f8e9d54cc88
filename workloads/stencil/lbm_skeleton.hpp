#pragma once
// The LBM stencil skeleton on SimGrid: one actor per rank of a 1-D chain; each step it computes its slices'
// lattice updates, then exchanges one N_y^2-point halo with each neighbour in the order of chain_halo_plan.
// A run is started from an actor and returns when its last rank has finished, so that one child process can run
// the multi-cluster case and its single-cluster references one after the other.
#include "simulator/sg/messaging.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace isogrid {
class Timeline;
}

namespace isogrid::stencil {

struct StencilRun {
  std::string tag;                      // keeps this run's mailboxes apart from other runs'
  std::vector<sg::Host*> hosts;         // per rank, chain order
  std::vector<size_t> cluster_of_rank;  // per rank
  std::vector<double> flops_per_step;   // per rank
  uint64_t halo_bytes = 0;              // N_y^2 points
  int steps           = 1;
  // Another user's job on one rank's node for the whole run (the paper's outliers); weight 0: none.
  size_t loaded_rank = 0;
  double load_weight = 0;
  // Where each rank records every step's computation and halo exchanges (group: the tag; a row per rank); null:
  // nothing is recorded, a null check per step.
  Timeline* timeline = nullptr;
};

// Runs the ranks to the end of their last step; returns the elapsed simulated time. Call from an actor.
double run_stencil(const StencilRun& run);

}  // namespace isogrid::stencil
