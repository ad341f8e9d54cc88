#pragma once
// "merita": a stream of multi-phase applications submitted to MerITA (Sanjay, chapter 6) over a grid of interactive
// non-dedicated clusters and batch-queued clusters, against its baselines on the very same stream, background jobs
// and loads. The grid is Sec. 6.7's deployment (a 32-processor non-dedicated cluster, 16- and 48-processor
// LoadLeveler batch systems) or a drawn one of 3-10 clusters. Each strategy's metrics per application: turnaround,
// queue wait, run time, rescheduling overhead, moves, processor-hours, run time and wait as predicted against what
// happened; and what the stream did to the batch clusters' other users. The predicted face is exact event arithmetic
// (merita_run.hpp).
#include "simulator/core/model_schema.hpp"

#include <memory>
#include <string>
#include <vector>

namespace isogrid::merita {

struct MeritaParams {
  std::string grid                    = "section-6.7";
  long long clusters                  = 5;  // drawn grids
  double batch_share                  = 0.5;
  std::vector<double> cpu_factors     = {1, 1, 1};  // section-6.7: each cluster's computation over the first's
  double link_mbps                    = 1000;
  double wan_mbps                     = 100;
  std::string application             = "MD";
  std::string models                  = "exact";  // learned: the chapter 3 modeller's, from recorded executions
  long long training_runs             = 30;       // learned: the executions recorded before the stream
  long long submissions               = 20;
  double mean_gap_h                   = 48;
  std::vector<std::string> strategies = {"merita", "no-wait-prediction", "no-rescheduling", "static", "oracle"};
  std::string queue_policy            = "easy";
  std::string wait_predictor          = "same-width-average";
  std::string background_trace;  // empty: Lublin-Feitelson streams
  double batch_load               = 0.7;
  double background_requested     = 2;  // other users' requested time over their run time
  std::string cpu_load            = "grads-cpu";
  std::string load_forecast       = "present";  // or a forecaster: NWS-style forecasts of the interactive loads
  double t_thres                  = 1200;
  double restart                  = 30;
  double checkpoint_mb            = 100;
  double storage_mbps             = 1000;
  double requested_over_predicted = 2;
  double rebuild_h                = 2;
  long long static_processors     = 16;
};

struct StrategyMetrics {
  double turnaround_h, wait_h, run_h, overhead_h, moves, processor_hours, killed;
  double run_error, wait_error_h, other_wait_h, other_slowdown;
};

struct MeritaMetrics {
  NamedRows<StrategyMetrics> strategies;  // one row per registered metascheduler strategy
  double batch_clusters, processors, background_jobs;
};

const ModelSchema<MeritaParams, MeritaMetrics>& merita_schema();
std::unique_ptr<Model> make_merita_model();

}  // namespace isogrid::merita
