#pragma once
// The `isogrid` subcommands. Each registers itself on the CLI11 app and sets `exit_code` when it runs.
#include <CLI/CLI.hpp>
#include <string>

namespace isogrid::cli {

enum ExitCode : int {
  kOk           = 0,
  kFailure      = 1,    // the run went through but something did not hold (a reference missed, a plot failed)
  kBadInput     = 2,    // invalid experiment or platform, unknown name, conflicting output folder: nothing written
  kPointsFailed = 3,    // the run finished but results.csv holds error rows (--resume --retry-errors runs them again)
  kWriteFailed  = 4,    // the results folder could not be written (a full disk): the run stopped, --resume finishes it
  kInterrupted  = 130,  // Ctrl-C / SIGTERM: finished rows are kept, --resume continues
};

struct Shared {
  int exit_code = kOk;
  std::string command_line;
  std::vector<std::string> plugins;  // --plugin, loaded before the command reads anything (load_plugins)
};

void add_run_command(CLI::App& app, Shared& shared);
void add_plot_command(CLI::App& app, Shared& shared);
void add_validate_command(CLI::App& app, Shared& shared);
void add_list_command(CLI::App& app, Shared& shared);
void add_reproduce_command(CLI::App& app, Shared& shared);
void add_collect_command(CLI::App& app, Shared& shared);
void add_status_command(CLI::App& app, Shared& shared);
void add_submit_command(CLI::App& app, Shared& shared);
void add_platform_command(CLI::App& app, Shared& shared);
void add_fit_command(CLI::App& app, Shared& shared);
void add_timeline_command(CLI::App& app, Shared& shared);

// --jobs default: every core.
unsigned default_jobs();

}  // namespace isogrid::cli
