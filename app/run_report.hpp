#pragma once
// What `run` prints and draws once a results folder is complete, and what `collect` does the same way for a merged
// sharded run: the checks (crossings, agreements, references, tables, comparisons) and the plots.
#include "app/commands.hpp"
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/growth_fits.hpp"
#include "simulator/run/isoefficiency_runner.hpp"
#include "simulator/run/runner.hpp"

#include <cstdint>
#include <string>

namespace isogrid::cli {

// What tracing the isoefficiency lines did, and where the model's closed-form limit bounds them; `interrupted_hint`
// follows an interrupted trace.
void print_trace(const TraceCounts& t, const std::string& out_dir, const std::string& interrupted_hint);

// Prints each table (written to OUT/`file`) under `title`, with the keys whose two faces' laws differ.
void print_laws(const char* title, const char* file, const std::vector<LawTable>& tables);

// How a finished run reports itself on the console: the plots or not, every table (`verbose`) or a line per table
// and check group, and whether a missed check is an error (`strict`: exit 1).
struct ReportFlags {
  bool no_plot = false;
  bool verbose = false;
  bool strict  = false;
};

// Adds --verbose and --strict to a command that reports a finished run.
void add_report_flags(CLI::App* command, ReportFlags& flags);

// Analyses the run, draws its plots, writes OUT/REPORT.md and prints the summary. `run`: its counts (error rows in
// results.csv give exit code 3). Sets shared.exit_code.
void report_complete_run(const Experiment& ex, const std::string& out_dir, const RunResult& run,
                         const ReportFlags& flags, Shared& shared);

}  // namespace isogrid::cli
