#pragma once
// The one header a plugin includes. A plugin is a shared library that adds policies or whole models to isogrid's
// registries, the same ones the built-in policies and models are in, so that an experiment names them like any
// other. An experiment file loads it with `plugins: [libmine.so]` (relative to the file), the command line with
// `--plugin PATH`. docs/extending.md walks through examples/plugin-scheduler.
//
//   #include "plugin/plugin.hpp"
//
//   ISOGRID_PLUGIN(registrar)
//   {
//     registrar.add_resource_selection("fastest-k", "the k fastest machines, best k", fastest_k);
//   }
//
// isogrid checks the plugin's stamp (ISOGRID_PLUGIN_STAMP) before anything else and refuses one built against
// another isogrid, and refuses a name a built-in policy or an earlier plugin already has; what a refused plugin
// registered is dropped. A plugin is loaded before the first point, in the process the workers are forked from, so
// every worker has it.
#include "base/named_registry.hpp"
#include "plugin/plugin_stamp.hpp"
#include "policies/dlt/sequence.hpp"
#include "policies/farm/worker_selection.hpp"
#include "policies/gph/runtime_policies.hpp"
#include "policies/rescheduling/planners.hpp"
#include "policies/scheduling/resource_selection.hpp"
#include "simulator/core/model.hpp"

#include <functional>
#include <memory>
#include <string>

namespace isogrid {

/// What a plugin can add. Each name must be new in its family (`isogrid list policies` shows the taken ones).
class PluginRegistrar {
public:
  virtual ~PluginRegistrar() = default;

  /// A whole model: a TypedModel<Params, Metrics> (simulator/core/typed_model.hpp) declared with its ModelSchema.
  virtual void add_model(std::unique_ptr<Model> model) = 0;

  /// A policy of any family, given the family's registry: the accessor its folder declares next to the policy type,
  /// open until the catalog freezes it (`dlt::sequence_registry()`, `farm::prefetch_registry()`,
  /// `stencil::decomposition_registry()`, `loads::load_generator_registry()`, `sensing::forecaster_registry()`, ...).
  ///
  ///   registrar.add_policy(farm::prefetch_registry(), "two-per-worker", "S plus two tasks per sub-worker", mine);
  template <class T>
  void add_policy(NamedRegistry<T>& family, const std::string& name, const std::string& summary, T policy)
  {
    add_entry(family, name, [&family, name, summary, policy = std::move(policy)](const std::string& plugin) {
      family.add(name, summary, policy, plugin);
    });
  }

  /// A resource-selection scheduler (`resource-selection`'s `schedulers`). This and the four below are the
  /// families a plugin adds to most, by name: add_policy with the family's registry.
  void add_resource_selection(const std::string& name, const std::string& summary, scheduling::ResourceSelection policy)
  {
    add_policy(scheduling::resource_selection_registry(), name, summary, std::move(policy));
  }
  /// A DLT service order (`dlt-star`'s `sequence`).
  void add_dlt_sequence(const std::string& name, const std::string& summary, dlt::SequencePolicy policy)
  {
    add_policy(dlt::sequence_registry(), name, summary, std::move(policy));
  }
  /// A master-worker worker selection (`hierarchical-farm`'s `selection`).
  void add_farm_selection(const std::string& name, const std::string& summary, farm::SelectionPolicy policy)
  {
    add_policy(farm::selection_registry(), name, summary, std::move(policy));
  }
  /// A GpH runtime's load distribution (`gph-runtime`'s `runtime`).
  void add_gph_runtime(const std::string& name, const std::string& summary, gph::RuntimePolicy policy)
  {
    add_policy(gph::runtime_registry(), name, summary, std::move(policy));
  }
  /// A rescheduling planner (`rescheduling-plan`'s and `rescheduling-grid`'s `planners`).
  void add_rescheduling_planner(const std::string& name, const std::string& summary, rescheduling::Planner planner)
  {
    add_policy(rescheduling::planner_registry(), name, summary, std::move(planner));
  }

protected:
  /// The one entry point every family goes through: isogrid checks the name against `family` and the plugins
  /// loaded before, and calls `commit` with the plugin's path once the whole registration was accepted.
  virtual void add_entry(const RegistryListing& family, const std::string& name,
                         std::function<void(const std::string& plugin)> commit) = 0;
};

}  // namespace isogrid

// Defines the two functions isogrid looks for in a plugin: its stamp, and the function that registers what it adds
// (the body that follows the macro).
#define ISOGRID_PLUGIN(registrar)                                                                                      \
  extern "C" __attribute__((visibility("default"))) const char* isogrid_plugin_stamp()                                 \
  {                                                                                                                    \
    return ISOGRID_PLUGIN_STAMP;                                                                                       \
  }                                                                                                                    \
  extern "C" __attribute__((visibility("default"))) void isogrid_plugin_register(::isogrid::PluginRegistrar& registrar)
