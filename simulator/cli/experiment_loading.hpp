#pragma once
#include "simulator/experiment/experiment.hpp"

#include <string>
#include <vector>

namespace isogrid::cli {

// An experiment checked in full, its platform files loaded once in a child process.
Experiment load_checked_experiment(const std::string& path, const std::vector<std::string>& overrides);

}  // namespace isogrid::cli
