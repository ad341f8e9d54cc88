#pragma once
// What a chapter 3 campaign runs: one of the single-phase SPMD kernels (spmd_kernels.hpp), or one of the phased
// applications of §3.10 (MD, ChaNGa, Athena, LAMMPS, MPB: the per-phase Eq. 3.6 models of
// policies/rescheduling/phased_applications) played phase by phase, each phase one bulk-synchronous step whose
// computation is the phase's per-process share and whose communication passes the phase's data to the next process
// of a ring. Their names carry a "phased-" prefix ("phased-MD"): the single-phase "md" is another skeleton.
#include "workloads/performance_modelling/spmd_kernels.hpp"

#include <functional>
#include <string>
#include <vector>

namespace isogrid::modelling {

struct CampaignApplication {
  std::string name;
  double train_min = 0, train_max = 0, step = 1, predict_max = 0;  // as SpmdKernel's
  std::size_t phases = 1;
  std::function<std::vector<SpmdShape>(double n, std::size_t p)> shapes;
};

std::vector<std::string> campaign_application_names();
// On hosts of `speed` flop/s (a phased application's seconds become flops at the cluster's speed). A phased
// application's sizes are calibrated here, an assumption: training sizes from a half to the whole of the size at
// which its dedicated one-processor run takes about 2 000 s, predictions up to twice that. Throws
// std::out_of_range for an unknown name.
CampaignApplication campaign_application(const std::string& name, double speed);

// A run's dedicated time on a homogeneous cluster: the sum of its phases' (spmd_kernels.hpp).
double dedicated_total(const std::vector<SpmdShape>& phases, std::size_t p, const DedicatedCluster& cluster);
// The same, split into the phases' summed computation and communication seconds.
DedicatedTime dedicated_split(const std::vector<SpmdShape>& phases, std::size_t p, const DedicatedCluster& cluster);

}  // namespace isogrid::modelling
