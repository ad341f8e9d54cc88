#pragma once
// An experiment file, read and checked in full before anything runs. See docs/experiment-files.md.
#include "simulator/core/catalog.hpp"
#include "simulator/experiment/comparisons.hpp"
#include "simulator/experiment/crossings.hpp"
#include "simulator/experiment/growth_fit_spec.hpp"
#include "simulator/experiment/isoefficiency.hpp"
#include "simulator/experiment/plot_spec.hpp"
#include "simulator/experiment/references.hpp"
#include "simulator/experiment/scalability_spec.hpp"
#include "simulator/experiment/summary_tables.hpp"
#include "simulator/experiment/sweep.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace isogrid {

enum class RunMode { Predict, Simulate, Both };
std::string mode_name(RunMode mode);

// A plugin loaded when the experiment was: run.json lists them, and the run's hash covers their bytes.
struct PluginRecord {
  std::string path;  // absolute
  std::string sha256;
};

struct Experiment {
  std::string file;                    // as given on the command line
  std::vector<std::string> overrides;  // the --set key=value it was loaded with, in order
  std::string resolved_yaml;           // the document after --set overrides, as run
  std::string hash;  // sha256 of what decides the results (resolved_yaml but its checks, tables, plots
                     // and prose) and of every file it names
  // The sha256 of each file a parameter names, as read when the experiment was loaded: what a process that loads one
  // later (a fork server's platform) checks it against, so that a file changed on disk mid-run is refused rather
  // than mixed with what the earlier points read.
  std::map<std::string, std::string> file_sha256;
  std::vector<PluginRecord> plugins;  // every plugin loaded in this process (`plugins:` and --plugin)
  std::string title;
  std::string description;
  std::string source;

  const Model* model = nullptr;
  RunMode mode       = RunMode::Both;
  uint64_t seed      = 1;
  double timeout_s   = 600;
  std::vector<std::string> simgrid_config;  // model defaults, then the experiment's `simgrid:` entries
  Sweep sweep;
  std::string where;           // the `where:` condition as written ("" when absent)
  std::vector<bool> excluded;  // per point index: true when `where` rules the point out (empty: none are)
  uint64_t included_points = 0;
  std::vector<CrossingSpec> crossings;
  std::optional<IsoefficiencySpec> isoefficiency;  // lines traced after the sweep (isoefficiency.hpp)
  std::vector<GrowthFitSpec> fits;                 // growth laws fitted to the results (growth_fit_spec.hpp)
  std::optional<ScalabilitySpec> scalability;      // speedup, efficiency, Karp-Flatt (scalability_spec.hpp)
  std::vector<Reference> references;
  std::vector<Agreement> agreements;
  std::vector<Comparison> comparisons;
  std::vector<SummaryTable> tables;
  std::vector<PlotSpec> plots;

  bool predicts() const { return mode != RunMode::Simulate; }
  bool includes(uint64_t index) const { return excluded.empty() || !excluded[index]; }
  bool simulates() const { return mode != RunMode::Predict; }
  Faces faces() const { return {predicts(), simulates()}; }
};

// What only SimGrid can check, supplied by the caller so that this library stays free of SimGrid. Each throws
// std::exception with SimGrid's complaint; load_experiment adds the file, line and key.
struct SimulatorChecks {
  std::function<const PlatformFacts&(const std::string& path)> platform;  // loads a platform file, reports its facts
  std::function<void(const std::string& setting)> setting;                // a "key:value" SimGrid accepts
  // Whether a simulation starts with all of a point's settings together (what the parent's engine will be made with).
  std::function<void(const std::vector<std::string>& config)> engine_start;
  // Loads a plugin the experiment names (`plugins:`, made absolute) into the catalog being read; throws with why
  // not. Unset: a `plugins:` key is refused.
  std::function<void(const std::string& path)> plugin;
  std::function<std::vector<PluginRecord>()> plugins_loaded;  // every plugin loaded so far in this process
};

// Loads the plugins an experiment file names (`plugins:`) through checks.plugin, and nothing else: for the command
// line to call before it builds the catalog (build_catalog). Throws InputError as load_experiment does.
void load_plugins_named_in(const std::string& path, const SimulatorChecks& checks);

// Reads, overrides (--set key=value) and validates an experiment file. Throws InputError naming file, line, key.
Experiment load_experiment(const std::string& path, const std::vector<std::string>& overrides, const Catalog& catalog,
                           const SimulatorChecks& checks = {});

// The SimGrid settings a point starts with: the model's, then the experiment's, a key given by both taken from the
// experiment. An experiment that names its own network/model gets that model as SimGrid defines it: the model's
// other network/* settings (the exact-CM02 corrections) are dropped unless the experiment repeats them.
std::vector<std::string> merge_simgrid_settings(const std::vector<std::string>& model_defaults,
                                                const std::vector<std::string>& experiment);

// Room for more than ~30 000 actors. Each actor's stack is a mapping of its own (8 MiB, and a guard page that
// splits it in two), and Linux allows a process 65 530 mappings: SimGrid aborts past about 32 000 actors. Models
// start at most about two actors per host (a worker and its relay), so on a platform of more than
// kHostsBeforeSmallStacks hosts the settings gain contexts/guard-size:0 and contexts/stack-size:64 (KiB): stacks
// come from the heap, no mapping each, and 100 000 actors fit in 6.4 GiB. An experiment that sets either key keeps
// its own. Shipped models' actors run in 64 KiB (tests/actor_room_test.cpp runs the farm and GpH that way).
constexpr size_t kHostsBeforeSmallStacks = 15000;
std::vector<std::string> with_room_for_actors(std::vector<std::string> config, size_t largest_platform_hosts);

// A parameter's value as results.csv and run.json show it. A file path is shown relative to the experiment file's
// folder (as the file names it, normalised; absolute when it lies outside every folder above), whatever folder
// isogrid runs from: a run resumed, or a shard run, from another working folder writes the same cells. Anything
// else as format_value gives it.
std::string shown_value(const Experiment& ex, size_t param, const Value& value);

// Whether the settings turn SimGrid's tracing on (tracing: yes). Each simulated point then writes its own Pajé trace,
// OUT/traces/point-<index>.trace (tracing_settings), never into the working folder.
bool traces(const std::vector<std::string>& simgrid_config);
// The settings of point `index` of a run into `out_dir`: `config`, and where its trace goes when it traces.
std::vector<std::string> tracing_settings(std::vector<std::string> config, const std::string& out_dir, uint64_t index);

// The keys an experiment file may hold at top level.
const std::vector<std::string>& experiment_keys();

}  // namespace isogrid
