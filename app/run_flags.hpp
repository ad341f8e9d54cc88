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

}  // namespace isogrid::cli
