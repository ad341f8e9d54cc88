#include "app/experiment_loading.hpp"

#include "app/commands.hpp"
#include "plugin/plugin_loader.hpp"
#include "simulator/core/catalog.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/core/text.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/sg/config_check.hpp"
#include "simulator/sg/platform_check.hpp"
#include "workloads/loads/platform_loads.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <thread>

namespace fs = std::filesystem;

namespace isogrid::cli {

namespace {

SimulatorChecks simulator_checks()
{
  SimulatorChecks checks;
  checks.platform = [](const std::string& path) -> const PlatformFacts& {
    return sg::probe_platform(path, loads::resolver());
  };
  checks.setting        = sg::check_simgrid_setting;
  checks.engine_start   = sg::check_simgrid_start;
  checks.plugin         = [](const std::string& plugin) { load_plugin(plugin); };
  checks.plugins_loaded = [] {
    std::vector<PluginRecord> records;
    for (const auto& p : loaded_plugins())
      records.push_back({p.path, p.sha256});
    return records;
  };
  return checks;
}

}  // namespace

void preload_plugins(const std::string& path) { load_plugins_named_in(path, simulator_checks()); }

Catalog build_command_catalog() { return build_catalog(plugin_models()); }

Experiment load_checked_experiment(const std::string& path, const std::vector<std::string>& overrides,
                                   const Catalog& catalog)
{
  SimulatorChecks checks = simulator_checks();
  load_plugins_named_in(path, checks);  // loaded already (preload_plugins); a new one is refused as too late
  return load_experiment(path, overrides, catalog, checks);
}

LoadedExperiment load_one_experiment(const std::string& path, const std::vector<std::string>& overrides)
{
  preload_plugins(path);
  auto catalog  = std::make_unique<const Catalog>(build_command_catalog());
  Experiment ex = load_checked_experiment(path, overrides, *catalog);
  return {std::move(catalog), std::move(ex)};
}

void add_plugin_option(CLI::App* command, std::vector<std::string>& plugins)
{
  command
      ->add_option("--plugin", plugins,
                   "load a plugin (a shared library built against this isogrid: docs/extending.md) first; "
                   "repeatable. An experiment file can name its own with `plugins:`")
      ->take_all()
      ->allow_extra_args(false);
}

void load_plugins(const std::vector<std::string>& paths)
{
  for (const auto& path : paths) {
    try {
      load_plugin(path);
    } catch (const PluginRefused& e) {
      throw InputError({}, "--plugin", e.what());
    }
  }
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
  // Each study's results go to a folder named after its file: a.yaml and a.yml would write one folder twice.
  std::map<std::string, std::string> by_name;
  for (const auto& study : out.studies)
    if (auto [it, fresh] = by_name.emplace(fs::path(study).stem().string(), study); !fresh)
      throw InputError({study, 0, 0}, "",
                       fmt::format("{} and {} are both study '{}', whose results have one folder: rename one of them",
                                   it->second, study, it->first));
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
