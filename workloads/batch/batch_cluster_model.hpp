#pragma once
// "batch-cluster": one batch-queued cluster (Sanjay, Sec. 6.4's LoadLeveler clusters; issue 38) replaying a stream of
// other users' rigid jobs, from an SWF trace through the documented transforms (policies/batch/job_stream.hpp) or
// drawn from the Lublin-Feitelson model, through a queue policy (fcfs, easy, conservative, or a plugin's). Metrics:
// waits, bounded slowdown, utilisation, the load offered, and how well each wait predictor foresaw every wait. The
// replay is exact event arithmetic on the queue (no platform, no SimGrid): the predicted face.
#include "simulator/core/model_schema.hpp"

#include <memory>
#include <string>
#include <vector>

namespace isogrid::batch_cluster {

struct BatchClusterParams {
  std::string trace;                        // an SWF file; empty: a Lublin-Feitelson stream
  long long processors                = 0;  // 0: the trace's MaxProcs (a drawn stream: 128)
  std::string policy                  = "easy";
  std::vector<std::string> predictors = {"same-width-average", "size-class-median", "reservation"};
  double start_day = 0, days = 0;       // the trace's window; days 0: to its end
  bool scale_widths         = true;     // widths times processors / MaxProcs
  double load_factor        = 1;        // inter-arrival gaps divided by it
  double offered_load       = 0;        // > 0: gaps scaled so that the stream offers this instead
  double requested_over_run = 1;        // requested time where the stream has none: run time times this
  long long jobs            = 10000;    // a drawn stream's length
  double start_hour         = 0;        // a drawn stream's clock at t = 0
  long long max_jobs        = 1000000;  // the longest stream a point may replay
};

struct PredictorMetrics {
  double mae, median_ae, bias;
};

struct BatchClusterMetrics {
  double processors, jobs, killed;
  double mean_wait, median_wait, max_wait, mean_bounded_slowdown;
  double utilisation, offered_load, makespan;
  NamedRows<PredictorMetrics> predictors;  // one row per registered wait predictor
};

const ModelSchema<BatchClusterParams, BatchClusterMetrics>& batch_cluster_schema();
std::unique_ptr<Model> make_batch_cluster_model();

}  // namespace isogrid::batch_cluster
