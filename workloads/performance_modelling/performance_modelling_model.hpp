#pragma once
// "performance-modelling": Sanjay's chapter 3 campaign (§3.7-§3.9, Tables 3.4-3.7). On one cluster of a platform
// whose hosts and links replay a background load (declared in the platform file, or chosen here), an SPMD
// application runs a training campaign (20 runs on 1 processor, 20 on 2, 10 on 4, 10 on 8, sizes from a small
// range) and then a chronological sequence of runs at random sizes (within and outside that range) and processor
// counts, each predicted before it runs and added to the training data after, one timeline, the load never pausing.
// Sensors sample every host's available CPU and every host link's available bandwidth every 2 minutes; a run's loads
// are the lowest run average over its hosts and links, and forecasts come from 10-minute histories through NWS-style
// forecasters. The simulated face reports how well the adaptive list, a single model and the uniform-load baseline
// predicted, and what a scheduler loses by trusting the predictions. With a target cluster, the reference's list at
// the end of its campaign predicts the target's runs (played on the same timeline, on the target's own load) through
// Eq. 3.9 and the thesis's choice between porting and refitting on the target (Table 3.9).
#include "simulator/core/model_schema.hpp"

#include <memory>
#include <string>
#include <vector>

namespace isogrid::modelling {

struct PerformanceModellingParams {
  std::string platform;
  std::string cluster;  // "": the platform's first cluster
  std::string application = "eigen";
  std::string cpu_load = "platform", bandwidth_load = "platform";  // or a load generator
  std::vector<double> training_processors = {1, 2, 4, 8};
  std::vector<double> training_runs       = {20, 20, 10, 10};
  long long predictions                   = 100;
  long long max_processors                = 0;  // 0: the cluster's hosts
  std::vector<double> predicted_processors;     // empty: 1 .. max_processors
  double sample_period        = 120;
  double history_window       = 600;
  std::string forecaster      = "adaptive";
  std::string subset_forecast = "min-of-forecasts";
  std::string load_measure    = "min-of-averages";
  double group_span           = 50;
  // Cross-platform prediction (Table 3.9): "" keeps to the reference cluster.
  std::string target_platform;
  std::string target_cluster;  // "": the target platform's first cluster
  std::string target_cpu_load = "platform", target_bandwidth_load = "platform";
  long long target_runs = 100;
};

// The predicted runs in tenths, in order: how the errors fall as the models learn (Fig. 3.9's PPE against run index).
struct PpeWindow {
  double adaptive, single;
};

struct PerformanceModellingMetrics {
  double ppe_adaptive, ppe_adaptive_sd, under30_adaptive, under40_adaptive;
  double ppe_single, ppe_single_sd, under30_single;
  double ppe_measured, ppe_uniform, ppe_uniform_sd;
  double ppe_whole, ppe_cumulative;
  double ppe_adaptive_first, ppe_adaptive_last;
  NamedRows<PpeWindow> by_tenth;  // "w1" .. "w10"
  double loss_max, loss_max_floored, loss_mean, loss_groups;
  double ppe_schopf, schopf_covered;
  double ppe_ported, ppe_ported_within, ppe_cross, ppe_cross_sd, under30_cross, target_trained, r_cpu, r_bw;
  double predicted_runs, mean_time, min_time, max_time, mean_cpu, mean_bandwidth, campaign_hours;
};

const ModelSchema<PerformanceModellingParams, PerformanceModellingMetrics>& performance_modelling_schema();
std::unique_ptr<Model> make_performance_modelling_model();

}  // namespace isogrid::modelling
