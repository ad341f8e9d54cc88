#pragma once
// Loads plugins (plugin/plugin.hpp) into this process: dlopen, the stamp checked, then what the plugin
// registers added to the policy registries and to the catalog, all or nothing.
#include "simulator/core/catalog.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace isogrid {

struct LoadedPlugin {
  std::string path;                // absolute
  std::string sha256;              // of the file: run.json records it and the run's hash covers it
  std::vector<std::string> added;  // "resource-selection policy fastest-k", "model my-model", in registration order
};

// Why a plugin was not loaded, in one line: no such file, not a shared library, not an isogrid plugin, built
// against another isogrid (both stamps quoted), a name already taken (and by whom), or what its registration threw.
class PluginRefused : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Loads the plugin at `path` (relative to the working directory) and adds what it registers to the policy
// registries and, for a model, to plugin_models(). A file already loaded (the same absolute path) is not loaded
// again. A new one is refused once a catalog has been built (build_catalog closes the policy families). Throws
// PluginRefused.
LoadedPlugin load_plugin(const std::string& path);

// Every plugin loaded in this process, in load order.
std::vector<LoadedPlugin> loaded_plugins();
// The models they added, in load order: what build_catalog takes in beside the built-in ones.
std::vector<PluginModel> plugin_models();

}  // namespace isogrid
