#pragma once
// The exact timeline of the stencil skeleton's schedule, computed without SimGrid: K steps, each a computation
// followed by the halo exchanges of chain_halo_plan, on full-duplex links where no two transfers share a link
// (as on the calibrated platforms). It is the oracle the SimGrid run is held against to rounding, while the paper's
// closed form (grid_speedup_formulas) is held against it to the paper's 5 %: where the two differ, this says why.
#include "policies/stencil/halo_plan.hpp"

#include <vector>

namespace isogrid::stencil {

struct HaloCosts {
  std::vector<double> compute;  // per rank, one step
  double intra = 0;             // one halo exchange inside a cluster: N_y^2 tau_comm
  double inter = 0;             // one halo exchange between clusters: N_y^2 tau_grid
};

// Time when the last rank finishes its K-th step.
double halo_schedule_time(const std::vector<RankHalo>& plan, const HaloCosts& costs, int steps);

}  // namespace isogrid::stencil
