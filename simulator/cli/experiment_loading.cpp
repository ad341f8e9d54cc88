#include "simulator/cli/experiment_loading.hpp"

#include "simulator/cli/commands.hpp"
#include "simulator/core/catalog.hpp"
#include "simulator/sg/platform_check.hpp"

#include <thread>

namespace isogrid::cli {

Experiment load_checked_experiment(const std::string& path, const std::vector<std::string>& overrides)
{
  return load_experiment(path, overrides, builtin_catalog(),
                         [](const std::string& platform) { sg::check_platform_loads(platform); });
}

unsigned default_jobs()
{
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

}  // namespace isogrid::cli
