#pragma once
// `isogrid run`: expands the sweep, runs the points (analytic ones in-process, simulated ones in forked
// children), streams results.csv in point order and keeps run.json up to date.
#include "simulator/experiment/experiment.hpp"
#include "simulator/run/isoefficiency_runner.hpp"
#include "simulator/run/output_folder.hpp"
#include "simulator/run/row_formatter.hpp"
#include "simulator/run/run_estimate.hpp"
#include "simulator/run/run_manifest.hpp"
#include "simulator/run/shards.hpp"

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace isogrid {

struct RunOptions {
  std::string out_dir;
  unsigned jobs     = 1;
  bool resume       = false;
  bool retry_errors = false;  // with resume: compute the error rows again
  bool force        = false;
  bool progress     = true;  // a line redrawn on a terminal, a line now and then in a log
  // The points' estimated costs (estimate_run, made before the folder is touched): the progress display's ETA
  // follows them. Optional.
  std::optional<RunEstimate> estimate;
  bool simgrid_logs = false;
  std::string command_line;
  std::string simgrid_version;
  std::optional<ShardSpec> shard;  // the part of the sweep this folder holds (run --shard), recorded in run.json
  // Called once, in this process, before the first simulated point is forked (the CLI prepares a SimGrid engine
  // there, so that children do not each initialise one). Optional.
  std::function<void(const SimulationContext&)> warm_up;
  // Loads a SimGrid XML platform file for the points that share it (shared_platform.hpp), in the fork server that
  // then starts them: the engine prepared as warm_up does, the file loaded and sealed. Optional: without it, every
  // point is forked from this process and loads its platform itself.
  std::function<void(const SimulationContext&, const std::string& platform)> prepare_platform;
};

struct RunResult {
  RunCounts counts;
  uint64_t error_rows = 0;  // in results.csv once the run ended, earlier runs' included
  double wall_s       = 0;
  bool interrupted    = false;
  std::string results_csv;
  std::optional<TraceCounts> trace;  // the isoefficiency lines traced, when the experiment has them
};

// Checks the output folder before anything is written (so bad input leaves nothing behind).
void check_output_folder(const Experiment& ex, const RunOptions& options);

RunResult run_experiment(const Experiment& ex, const RunOptions& options);

// The metrics of one point, computed the way the runner does (both faces as the mode asks, or the faces given: an
// isoefficiency probe computes one). Exposed for tests and benchmarks that time the harness against bare
// simulations.
Outcome evaluate_point(const Experiment& ex, const Point& point, const SimulationContext& context);
Outcome evaluate_point(const Experiment& ex, const Point& point, const Faces& faces, const SimulationContext& context);

}  // namespace isogrid
