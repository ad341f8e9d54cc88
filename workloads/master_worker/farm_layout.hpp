#pragma once
// What a point of the hierarchical-farm model runs on, read off a YAML grid spec without SimGrid (so that the
// closed form and `isogrid plan` can use it in-process), or off a SimGrid platform's facts (its clusters, host speeds
// and routes, probed once at load): the first cluster is the local one, whose first host runs the master; in every
// other cluster the first host runs the sub-master (Argollo et al.'s communication manager). The other hosts are
// workers, each computing tasks at host speed / task_flops tasks/s.
#include "policies/farm/farm_performance.hpp"
#include "simulator/core/platform_facts.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "workloads/master_worker/farm_model.hpp"

#include <string>
#include <vector>

namespace isogrid::farm {

// The task: what it computes and what it moves (SRMSD: a 4-byte command out, a 601x31x31 float matrix back).
struct TaskShape {
  double flops         = 1e12;
  double command_bytes = 4;
  double result_bytes  = 2310244;
  double bytes_per_task() const { return command_bytes + result_bytes; }  // CV, Eq. 4
};

// The clusters of a grid spec as the performance model sees them. LAN throughput is the narrowest link between
// a worker and its (sub-)master; Internet throughput the narrowest link between a sub-master and the master.
std::vector<ClusterResources> farm_resources(const GridSpec& spec, double task_flops);
// The same read off SimGrid's view of a platform: LAN throughput is the narrowest link of the route from a cluster's
// first host to its second, Internet throughput and latency those of the route from its first host to the local
// cluster's first host.
std::vector<ClusterResources> farm_resources(const PlatformFacts& platform, double task_flops);

// Sets the bandwidth of the link between cluster c and the local cluster to kib_per_s[c] KiB/s (1 KB = 1024 B, as
// the paper counts) wherever kib_per_s[c] > 0; entry 0 is ignored.
void override_internet_throughput(GridSpec& spec, const std::vector<double>& kib_per_s);

// One point of the model, laid out: the platform with its overrides, the workers each cluster uses (indices of
// worker_rates, fastest first; worker w is host w + 1), each cluster's aggregation S, and the task. With a
// plan_step other than "none", workers and S are what the three-phase planner decides at that step.
struct FarmLayout {
  GridSpec spec;  // a grid spec's, with the overrides; empty for a SimGrid platform
  // Each cluster's hosts: the (sub-)master first, worker w on hosts[c][w + 1].
  std::vector<std::vector<std::string>> hosts;
  std::vector<ClusterResources> clusters;
  std::vector<std::vector<size_t>> workers;
  std::vector<double> aggregation;  // cluster 0's is 1
  TaskShape task;
  double threshold = 0.85;

  static FarmLayout of(const FarmParams& params);
  FarmEstimate estimate() const;
  // Index of the cluster named `name`, or clusters.size() for "total".
  size_t row_of(const std::string& name) const;
};

}  // namespace isogrid::farm
