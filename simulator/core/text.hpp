#pragma once
#include <string>
#include <vector>

namespace isogrid {

std::string join(const std::vector<std::string>& parts, const std::string& separator);

// The known name within edit distance 2 of `name` (case-insensitive), or "" when none is that close.
std::string closest_match(const std::string& name, const std::vector<std::string>& known);

std::string trim(const std::string& s);
bool ends_with(const std::string& s, const std::string& suffix);

// Seconds on a monotonic clock, for durations (progress, timeouts, wall_s).
double monotonic_seconds();

// "1h02m03s"-style duration for progress lines and summaries.
std::string format_duration(double seconds);

}  // namespace isogrid
