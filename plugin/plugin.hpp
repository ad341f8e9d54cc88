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
#include "policies/dlt/sequence.hpp"
#include "policies/farm/worker_selection.hpp"
#include "policies/gph/runtime_policies.hpp"
#include "policies/rescheduling/planners.hpp"
#include "policies/scheduling/resource_selection.hpp"
#include "simulator/core/model.hpp"
#include "plugin/plugin_stamp.hpp"

#include <memory>
#include <string>

namespace isogrid {

// What a plugin can add. Each name must be new in its family (`isogrid list policies` shows the taken ones).
class PluginRegistrar {
public:
  virtual ~PluginRegistrar() = default;

  // A whole model: a TypedModel<Params, Metrics> (simulator/core/typed_model.hpp) declared with its ModelSchema.
  virtual void add_model(std::unique_ptr<Model> model) = 0;
  // A resource-selection scheduler (Sanjay, chapter 4): the `schedulers` of the resource-selection model.
  virtual void add_resource_selection(const std::string& name, const std::string& summary,
                                      scheduling::ResourceSelection policy) = 0;
  // An order in which the DLT originator serves its workers: dlt-star's `sequence`.
  virtual void add_dlt_sequence(const std::string& name, const std::string& summary, dlt::SequencePolicy policy) = 0;
  // Which workers of a cluster take part: the hierarchical farm's `selection`.
  virtual void add_farm_selection(const std::string& name, const std::string& summary,
                                  farm::SelectionPolicy policy) = 0;
  // A GpH runtime (main PE, fishing target, answer to a FISH, sparks per SCHEDULE): gph-runtime's `runtime`.
  virtual void add_gph_runtime(const std::string& name, const std::string& summary, gph::RuntimePolicy policy) = 0;
  // A rescheduling planner (Sanjay, chapter 5): the `planners` of the rescheduling models.
  virtual void add_rescheduling_planner(const std::string& name, const std::string& summary,
                                        rescheduling::Planner planner) = 0;
};

}  // namespace isogrid

// Defines the two functions isogrid looks for in a plugin: its stamp, and the function that registers what it adds
// (the body that follows the macro).
#define ISOGRID_PLUGIN(registrar)                                                                                  \
  extern "C" __attribute__((visibility("default"))) const char* isogrid_plugin_stamp()                          \
  {                                                                                                                \
    return ISOGRID_PLUGIN_STAMP;                                                                                   \
  }                                                                                                                \
  extern "C" __attribute__((visibility("default"))) void isogrid_plugin_register(                                \
      ::isogrid::PluginRegistrar& registrar)
