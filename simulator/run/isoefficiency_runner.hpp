#pragma once
// Runs the probes an `isoefficiency:` block's lines need (isoefficiency_trace.hpp), round after round: analytic
// ones in this process, simulated ones in forked children, at most `jobs` at a time. Every probe is recorded in
// OUT/isoefficiency-probes.csv (one row per repetition, in a fixed order, rewritten whole after each round), so
// that a run interrupted mid-trace resumes from the probes it has and asks for the same ones after: the file and
// the lines are byte-identical whatever --jobs or interruptions. The lines go to OUT/isoefficiency.csv.
#include "simulator/experiment/experiment.hpp"
#include "simulator/process/process_pool.hpp"
#include "simulator/run/isoefficiency_trace.hpp"

#include <string>
#include <vector>

namespace isogrid {

inline constexpr const char* kIsoefficiencyProbesFile = "isoefficiency-probes.csv";
inline constexpr const char* kIsoefficiencyFile       = "isoefficiency.csv";

struct TraceCounts {
  size_t lines = 0, probes = 0, evaluations = 0, reused = 0;  // reused: probe rows an earlier run had recorded
  bool interrupted = false;
  // Where the model's closed-form limit puts a level out of reach at any size (isoefficiency_limits.hpp).
  std::vector<std::string> reaches;
};

// Traces every line; stops between rounds on an interruption (InterruptGuard), isoefficiency.csv then unwritten.
TraceCounts trace_isoefficiency(const Experiment& ex, const IsoefficiencySpec& spec, ProcessPool& pool,
                                const SimulationContext& context, const std::string& out_dir);

// isoefficiency.csv: one row per crossing of each line (metric, level, the group's values, face), or one row saying
// why a line has none; `limit`: the metric's closed-form limit as the size grows, where the model declares one.
std::string isoefficiency_csv(const Experiment& ex, const IsoefficiencyTrace& trace);

}  // namespace isogrid
