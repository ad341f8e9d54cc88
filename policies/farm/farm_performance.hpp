#pragma once
// The analytic model of a hierarchical master-worker farm over Internet-linked clusters (Argollo et al., Eqs. 1-5).
// A cluster gives the farm what its workers can compute (AvPerf) unless moving the tasks' data caps it: a worker
// computing T_cpt = 1/rate per task is fed only if T_cpt >= T_comm = CV / throughput, so a link of throughput TPut
// carries at most TPut / CV tasks per second (Eq. 4), S times more when a sub-master sends one CV-sized message per
// S results (Eq. 5). Cluster 0 is the local cluster, which holds the master.
#include <limits>
#include <string>
#include <vector>

namespace isogrid::farm {

constexpr double kUnbounded = std::numeric_limits<double>::infinity();

struct ClusterResources {
  std::string name;
  std::vector<double> worker_rates;     // tasks/s of each worker computing tasks alone (1 / task time)
  double lan_throughput  = kUnbounded;  // byte/s between a worker and its (sub-)master
  double inet_throughput = kUnbounded;  // byte/s of the Internet path to the local cluster (none for cluster 0)
  double inet_latency    = 0;           // s, one way, of that path (for the sub-master's prefetch)
};

struct ClusterEstimate {
  size_t workers    = 0;
  double available  = 0;           // AvPerf: the sum of the workers' rates, tasks/s
  double max_lan    = kUnbounded;  // MaxPerf_LAN (Eq. 4)
  double max_inet   = kUnbounded;  // MaxPerf_inet (Eq. 5 with the cluster's S; Eq. 4 when S = 1)
  double estimated  = 0;           // EstPerf = min(AvPerf, MaxPerf_LAN, MaxPerf_inet) (Eq. 2)
  double efficiency = 0;           // EstPerf / AvPerf (Eq. 3); 0 for a cluster without workers
  double speedup    = 0;           // EstPerf / EstPerf of the local cluster (Eq. 3)

  // True when a link, not the workers, sets the cluster's pace.
  bool communication_bound() const { return estimated < available; }
};

struct FarmEstimate {
  std::vector<ClusterEstimate> clusters;  // in the order given, cluster 0 first
  ClusterEstimate total;                  // sums; efficiency = sum EstPerf / sum AvPerf
};

// Eqs. 1, 4, 5: the task rate a link of `throughput` byte/s sustains when each message carries `aggregation`
// tasks' worth of results and a task moves `bytes_per_task` bytes (CV) in all.
double max_performance(double throughput, double bytes_per_task, double aggregation = 1);

// The estimate for one cluster, with the given workers (indices into worker_rates) and aggregation factor S.
// `is_local` skips the Internet term. Speedup is left 0: it needs the local cluster's estimate (estimate_farm).
ClusterEstimate estimate_cluster(const ClusterResources& cluster, const std::vector<size_t>& workers,
                                 double bytes_per_task, double aggregation, bool is_local);

// The whole farm: `workers[c]` are the workers cluster c uses (none: the cluster stays out), `aggregation[c]` its
// S (cluster 0's is ignored). Throws std::invalid_argument when the sizes disagree or the local cluster has no
// worker (there is then no speedup baseline).
FarmEstimate estimate_farm(const std::vector<ClusterResources>& clusters,
                           const std::vector<std::vector<size_t>>& workers, double bytes_per_task,
                           const std::vector<double>& aggregation);

// Every worker of every cluster.
std::vector<std::vector<size_t>> all_workers(const std::vector<ClusterResources>& clusters);

// Worker indices of one cluster, fastest first (stable: equal workers keep their order).
std::vector<size_t> fastest_first(const std::vector<double>& rates);

}  // namespace isogrid::farm
