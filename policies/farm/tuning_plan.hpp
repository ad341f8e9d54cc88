#pragma once
// Argollo et al.'s three-phase methodology as a planner: from the platform (worker rates, LAN and Internet
// throughputs), the data a task moves and a target efficiency, it gives what each phase of the paper decides.
//   1. Local Cluster Analysis: the local cluster alone (Table 1).
//   2. Multi-Cluster Analysis: every cluster with all its workers (Table 2), then only the workers that keep each
//      cluster's efficiency at the threshold (Table 3).
//   3. Application Tuning: each communication-bound cluster's sub-master sums S results into one message, S chosen
//      by Eq. 5 so that the Internet link carries the cluster's whole available performance (Table 4).
#include "policies/farm/farm_performance.hpp"

#include <string>
#include <vector>

namespace isogrid::farm {

// Eq. 5 solved for S: the aggregation at which the Internet link carries `available` tasks/s exactly
// (MaxPerf_inet = S TPut / CV = AvPerf). Below 1 when the link is not the bottleneck.
double exact_aggregation(double available, double bytes_per_task, double inet_throughput);

// The whole number S to use: the smallest that reaches the whole available performance (the paper's choice,
// S = 2.53 -> 3), at least 1. `target_efficiency` < 1 asks only for that share of it (S = 2.15 -> 3 at 85 %).
double recommended_aggregation(double available, double bytes_per_task, double inet_throughput,
                               double target_efficiency = 1);

struct PlanStep {
  std::string name;                          // "local", "all", "selected", "tuned"
  std::string description;                   // the row label of the paper's Table 5
  std::vector<std::vector<size_t>> workers;  // per cluster, fastest first
  std::vector<double> aggregation;           // per cluster (cluster 0's is 1)
  FarmEstimate estimate;
};

struct TuningPlan {
  double threshold             = 0.85;
  bool local_reaches_available = true;    // Phase 1: the local cluster is computation-bound
  std::vector<double> exact_aggregation;  // per cluster, Eq. 5 solved for S (cluster 0: NaN)
  std::vector<PlanStep> steps;            // local, all, selected, tuned: the rows of Table 5

  const PlanStep& step(const std::string& name) const;
};

TuningPlan plan_tuning(const std::vector<ClusterResources>& clusters, double bytes_per_task, double threshold);

}  // namespace isogrid::farm
