#pragma once
// "rescheduling-grid": Sanjay's chapter 5 multi-cluster experiment (§5.5.2, Table 5.3, Figs. 5.9-5.10). Each
// point draws a grid (U[clusters, clusters_max] clusters of U[machines, machines_max] machines, a CPU scaling factor
// and a link capacity per cluster, a wide-area link per pair of clusters), builds a multi-cluster rescheduling plan
// (MCRPAlgo) with each named single-cluster planner, loads re-drawn after every interval, and the single schedule
// kept for the whole run. The simulated face executes every plan on SimGrid (malleable_run.hpp), the loads of each
// step following the same draws. Parameters and metrics are declared once in rescheduling_grid_schema().
#include "simulator/core/model_schema.hpp"

#include <memory>
#include <string>
#include <vector>

namespace isogrid::rescheduling {

struct ReschedulingGridParams {
  std::string application           = "MD";
  std::vector<std::string> planners = {"incremental", "division", "genetic"};
  long long clusters = 5, clusters_max = 12;
  long long machines = 32, machines_max = 512;
  std::vector<double> scaling_factors = {0.6, 0.8, 1.0, 1.2, 1.4};
  std::vector<double> max_bandwidths;  // empty: the thesis's
  std::vector<double> wan_bandwidths = {0.6, 0.8, 1, 5, 10};
  double cpu_low = 0.1, cpu_high = 1.0;
  double link_share_low = 0.2, link_share_high = 0.8;
  double t_thres = 1200, intra_cost = 300;
  // The checkpoint (the predicted moves carry it too), and what executed runs need (mode: simulate or both).
  double checkpoint_mb = 100, restart = 30, storage_gb = 1000;
};

struct GridPlanMetrics {
  double hours, intervals, intra_moves, inter_moves, overhead, cpu;
};

struct ReschedulingGridMetrics {
  NamedRows<GridPlanMetrics> planners;  // one row per single-cluster planner
  double hours_single, processors_single, cpu_single, cpu_single_later;
  double cluster_count, machines_mean, weight_ratio, max_weight;
};

const ModelSchema<ReschedulingGridParams, ReschedulingGridMetrics>& rescheduling_grid_schema();
std::unique_ptr<Model> make_rescheduling_grid_model();

}  // namespace isogrid::rescheduling
