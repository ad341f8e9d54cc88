#pragma once
// How long a run will take, before it starts: `validate` says it, `run` says it and its progress display's ETA
// follows it. Two sources, the better first:
//   - the last run of the same experiment in the output folder (run.json's hash matches): each point's own wall_s
//     in its results.csv, points it did not reach taking the median of those it did;
//   - a shipped study as measured (measured_costs.hpp: every shipped study run with one job on a 2-core Debian 12
//     machine): its mean cost per point, for every point (a study run with --set has more or fewer of them);
//   - the model's measured cost per point over the shipped studies, its median for every point, with the 10th and
//     90th percentiles as the range.
#include "simulator/experiment/experiment.hpp"

#include <optional>
#include <string>
#include <vector>

namespace isogrid {

struct RunEstimate {
  std::vector<double> costs;  // per sweep point index: the estimated seconds of one job (0 for points left out)
  double low_factor  = 1;     // the range around the estimate, as factors of it
  double high_factor = 1;
  bool from_last_run = false;
  std::string basis;  // "the last run in results/fig3 (820 points timed)"

  // The wall time of the points not in `done` (by index; empty: none done) with `jobs` running at once: their costs
  // spread over the jobs, but never less than the longest point.
  double wall_s(unsigned jobs, const std::vector<bool>& done = {}) const;
  // The cost of the points not in `done`, one job's seconds.
  double pending_s(const std::vector<bool>& done = {}) const;
};

// Nothing when neither source knows the experiment's model and mode.
std::optional<RunEstimate> estimate_run(const Experiment& ex, const std::string& out_dir);

// "about 4m10s with 2 jobs (between 2m05s and 9m00s), from the model's measured cost per point (...)".
std::string describe_estimate(const RunEstimate& estimate, unsigned jobs);

}  // namespace isogrid
