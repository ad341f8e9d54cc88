#include "simulator/cli/experiment_loading.hpp"

#include "simulator/cli/commands.hpp"
#include "simulator/core/catalog.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/core/text.hpp"
#include "simulator/experiment/yaml_source.hpp"
#include "simulator/sg/config_check.hpp"
#include "simulator/sg/platform_check.hpp"

#include <algorithm>
#include <filesystem>
#include <thread>

namespace fs = std::filesystem;

namespace isogrid::cli {

Experiment load_checked_experiment(const std::string& path, const std::vector<std::string>& overrides)
{
  SimulatorChecks checks;
  checks.platform = sg::probe_platform;
  checks.setting  = sg::check_simgrid_setting;
  return load_experiment(path, overrides, builtin_catalog(), checks);
}

PaperFiles read_paper_folder(const std::string& folder)
{
  PaperFiles out;
  out.paper = read_paper_info(folder);
  for (const auto& entry : fs::directory_iterator(folder)) {
    std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".yaml" || ext == ".yml") && entry.path().stem() != "paper")
      out.studies.push_back(entry.path().string());
  }
  const auto& order = out.paper.studies;
  auto rank         = [&](const std::string& f) {
    auto it = std::find(order.begin(), order.end(), fs::path(f).filename().string());
    return it == order.end() ? order.size() : static_cast<size_t>(it - order.begin());
  };
  std::sort(out.studies.begin(), out.studies.end(), [&](const std::string& a, const std::string& b) {
    return std::make_pair(rank(a), a) < std::make_pair(rank(b), b);
  });
  if (out.studies.empty())
    throw InputError({folder, 0, 0}, "", "no experiment files (*.yaml) in this folder");
  return out;
}

bool is_paper_file(const std::string& path)
{
  if (fs::path(path).filename() == "paper.yaml")
    return true;
  if (!ends_with(path, ".yaml") && !ends_with(path, ".yml"))
    return false;
  YAML::Node root = load_yaml_file(path);
  return root.IsMap() && !root["model"].IsDefined() && (root["studies"].IsDefined() || root["citation"].IsDefined());
}

unsigned default_jobs()
{
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

}  // namespace isogrid::cli
