#pragma once
// What `run` prints and draws once a results folder is complete, and what `collect` does the same way for a merged
// sharded run: the checks (crossings, agreements, references, tables, comparisons) and the plots.
#include "app/commands.hpp"
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/growth_fits.hpp"
#include "simulator/run/isoefficiency_runner.hpp"

#include <cstdint>
#include <string>

namespace isogrid::cli {

// What tracing the isoefficiency lines did, and where the model's closed-form limit bounds them; `interrupted_hint`
// follows an interrupted trace.
void print_trace(const TraceCounts& t, const std::string& out_dir, const std::string& interrupted_hint);

// Prints each table (written to OUT/`file`) under `title`, with the keys whose two faces' laws differ.
void print_laws(const char* title, const char* file, const std::vector<LawTable>& tables);

// `error_rows`: error rows in results.csv (exit code 3 when any). Sets shared.exit_code.
void report_complete_run(const Experiment& ex, const std::string& out_dir, std::uint64_t error_rows, bool no_plot,
                         Shared& shared);

}  // namespace isogrid::cli
