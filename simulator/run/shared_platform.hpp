#pragma once
// Which simulated points can share one loaded platform: those that name the same SimGrid XML platform file. A fork
// server (process/fork_server.hpp) loads and seals it once, and every such point starts from a copy of that process:
// a point then costs a fork, whatever the platform's size, instead of a load of the file.
//
// A grid spec is not shared: models build it through SimGrid's API after adjusting it to the point (the farm's
// inet_kib_s overrides its inter-cluster links, a declared load is drawn from the point's seed). Nor is any platform
// under SimGrid's tracing, whose per-point settings must be given before the platform exists.
#include "simulator/core/point.hpp"

#include <map>
#include <string>

namespace isogrid {

// The XML platform file the point loads (its platform-file parameter's value), or "" when it has none to share.
std::string shareable_platform(const Point& point);

// Throws std::runtime_error when `path` no longer holds the bytes whose sha256 the experiment recorded at its start
// (Experiment::file_sha256): a server loading a changed file would give its points another platform than the points
// before. Checked before and after the load, which brackets what SimGrid read.
void require_as_hashed(const std::string& path, const std::map<std::string, std::string>& file_sha256);

}  // namespace isogrid
