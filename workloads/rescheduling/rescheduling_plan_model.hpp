#pragma once
// "rescheduling-plan": Sanjay's chapter 5 single-cluster experiments (§5.5.2). Each point draws one cluster (every
// machine's available CPU U(cpu_low, cpu_high), every link U[link_share_low, link_share_high] of a capacity drawn
// from max_bandwidths), schedules every interval of the application's phases with Box Elimination, and runs the
// named planners; metrics are each plan's Eq. 5.2 time and its gap to the optimum plan. The simulated face executes
// every plan on SimGrid (malleable_run.hpp): the same metrics, measured, with the rescheduling cost the checkpoints
// take instead of rcost. Parameters and metrics are declared once in rescheduling_plan_schema().
#include "simulator/core/model_schema.hpp"

#include <memory>
#include <string>
#include <vector>

namespace isogrid::rescheduling {

struct ReschedulingPlanParams {
  std::string application           = "MD-15";
  std::vector<std::string> planners = {"incremental", "division", "genetic"};
  std::string truth                 = "optimal";
  long long machines                = 512;
  std::vector<double> max_bandwidths;  // empty: the thesis's
  double cpu_low = 0.1, cpu_high = 1.0;
  double link_share_low = 0.2, link_share_high = 0.8;
  double rcost = 0, t_thres = 1200;
  bool planners_see_rcost = true;  // false: plans made as if rescheduling were free, then scored with rcost
  // application: custom. Seconds on the reference schedule, and the scalability of each part, per phase.
  std::vector<double> phase_computation, phase_communication;
  std::vector<std::string> phase_computation_speedup   = {"x"};
  std::vector<std::string> phase_communication_speedup = {"sqrt"};
  // Executed runs (mode: simulate or both).
  double checkpoint_mb = 100, restart = 30, storage_gb = 1000;
};

struct PlanMetrics {
  double time, intervals, gap, valid, overhead;
};

struct ReschedulingPlanMetrics {
  NamedRows<PlanMetrics> planners;  // one row per registered planner
  double time_optimum, intervals_optimum, overhead_optimum, time_single, gain_optimum;
  double interval_schedules, max_bandwidth, phases;
  double time_exact_optimum, interval_excess_max;  // small clusters only: every interval on its best schedule
};

const ModelSchema<ReschedulingPlanParams, ReschedulingPlanMetrics>& rescheduling_plan_schema();
std::unique_ptr<Model> make_rescheduling_plan_model();

}  // namespace isogrid::rescheduling
