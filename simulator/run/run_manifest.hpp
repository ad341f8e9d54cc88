#pragma once
// run.json: the provenance of a results folder (isogrid and SimGrid versions, experiment hash, command line,
// SimGrid settings, timing, status) plus what `isogrid plot` needs to draw it.
#include "simulator/experiment/experiment.hpp"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace isogrid {

struct RunCounts {
  uint64_t total      = 0;
  uint64_t skipped    = 0;  // already in results.csv (--resume)
  uint64_t ran        = 0;
  uint64_t errors     = 0;  // points of this run that failed
  uint64_t error_rows = 0;  // error rows in results.csv at the end, earlier runs' included
};

// An axis with more values than this is recorded by its count only (experiment.axes[].count instead of .values).
constexpr size_t kListedAxisValues = 10000;

nlohmann::json make_manifest(const Experiment& ex, const std::string& command_line, const std::string& simgrid_version,
                             unsigned jobs);
void set_manifest_status(nlohmann::json& manifest, const std::string& status, const RunCounts& counts, double wall_s);

// Written to a temporary file and renamed, so run.json is never half-written.
void write_json_atomically(const std::string& path, const nlohmann::json& value);
nlohmann::json read_json(const std::string& path);

std::string isogrid_version();
std::string utc_timestamp();

}  // namespace isogrid
