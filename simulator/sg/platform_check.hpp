#pragma once
#include <string>

namespace isogrid::sg {

// Loads a platform file in a child process (an engine per process) and returns a one-line description
// ("12 hosts, 14 links"); throws std::runtime_error with SimGrid's or the grid spec's complaint.
std::string check_platform_loads(const std::string& path);

}  // namespace isogrid::sg
