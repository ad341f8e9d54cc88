#pragma once
// The options `run` and `reproduce` share, and the RunOptions they turn into.
#include "app/commands.hpp"
#include "simulator/run/runner.hpp"

#include <string>

namespace isogrid::cli {

struct RunFlags {
  std::string out;
  unsigned jobs     = 0;  // 0: every core
  bool resume       = false;
  bool retry_errors = false;
  bool force        = false;
  bool no_plot      = false;
  bool no_progress  = false;
  bool simgrid_logs = false;
};

void add_run_flags(CLI::App* command, RunFlags& flags, const std::string& default_out);

// Refuses an empty folder name (--out "" would otherwise fall back to the default folder).
CLI::Validator folder_validator();

// Checks a --shard K/N value when the command line is parsed (exit 2 before anything is read or written).
CLI::Validator shard_validator();

RunOptions make_run_options(const RunFlags& flags, const std::string& out_dir, const Shared& shared);

// Where `run` writes an experiment's results: `out` (--out), else results/<the file's name without .yaml>.
std::string experiment_out_dir(const std::string& experiment, const std::string& out);
// Where `reproduce` writes a paper's studies (each in a folder of its own): `out`, else results/<the paper folder's
// name> ("experiments/drozdowski2003/", as the README writes it, names drozdowski2003, not "").
std::string paper_out_dir(const std::string& paper_folder, const std::string& out);

}  // namespace isogrid::cli
