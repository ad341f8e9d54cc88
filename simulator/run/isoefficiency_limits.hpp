#pragma once
// What a model's closed-form limit (Model::limit, ModelInfo::limits) says of traced lines: the metric's limit as the
// size grows without bound at a line's point, and the largest whole scale value at which that limit still reaches a
// level. DLT's efficiency tends to (1 - q^m) / (m (1 - q)) as V grows, so a level k is out of reach, at any V, past
// the largest m with E∞(m) >= k: the paper's bound, stated exactly instead of read off a map.
#include "simulator/experiment/experiment.hpp"
#include "simulator/run/isoefficiency_trace.hpp"

#include <optional>
#include <string>
#include <vector>

namespace isogrid {

// The limit of the trace's metric as its size grows, at the line's group (its point with the size at the range's
// high end); nothing when the model declares none or it does not apply there.
std::optional<double> line_limit(const Experiment& ex, const IsoefficiencyTrace& trace, const IsoLine& line);

struct LevelReach {
  size_t group = 0, level = 0;
  // The largest whole scale value whose limit reaches the level (0: not even the smallest), and the limit there and
  // one step past it.
  long long largest  = 0;
  double limit_there = 0, limit_past = 0;
};

// For each group and level of a trace whose scale takes whole values and whose model declares the limit: how far
// the scale can grow with the level still reachable. Scans the scale upward from 1 (at most to its declared bound,
// and 100 000), stopping where the limit falls below the level.
std::vector<LevelReach> level_reaches(const Experiment& ex, const IsoefficiencyTrace& trace);

// "efficiency reaches 0.5 (as V grows) up to m = 3: its limit is 0.583 there and 0.469 at m = 4"
std::string reach_text(const Experiment& ex, const IsoefficiencyTrace& trace, const LevelReach& r);

}  // namespace isogrid
