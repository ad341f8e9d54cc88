#pragma once
// Everything an experiment file can name: models, policies (by family), platform generators; and the subcommands
// models bring along.
#include "base/named_registry.hpp"
#include "simulator/core/model.hpp"
#include "simulator/core/param_spec.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace isogrid {

// A subcommand a model brings along (`isogrid plan` for the hierarchical farm): `define` adds its options and its
// callback to the CLI11 subcommand the harness creates for it. The callback throws InputError for bad input.
struct CommandEntry {
  std::string name;
  std::string summary;
  std::function<void(CLI::App& command)> define;
};

struct PolicyEntry {
  std::string family;  // e.g. "dlt-sequence": the decision it makes
  std::string name;
  std::string summary;
  std::string plugin;  // the plugin file that added it; empty when built in
};

struct GeneratorEntry {
  std::string name;
  std::string summary;
  std::vector<ParamSpec> params;
};

class Catalog {
public:
  // `plugin`: the plugin file that added it; empty when built in.
  void add_model(std::shared_ptr<const Model> model, std::string plugin = "");
  const std::string& plugin_of(const Model& model) const;  // empty when built in
  const Model& model(const std::string& name) const;       // throws UnknownName listing the known models
  std::vector<const Model*> models() const;

  void add_policy(PolicyEntry entry);
  // Every entry of a policy registry, under the registry's family.
  template <class T>
  void add_policies(const NamedRegistry<T>& registry)
  {
    for (const auto& e : registry.entries())
      add_policy({registry.family(), e.name, e.summary, e.plugin});
  }
  std::vector<std::string> policy_names(const std::string& family) const;
  const std::vector<PolicyEntry>& policies() const { return policies_; }

  void add_command(CommandEntry entry);
  const std::vector<CommandEntry>& commands() const { return commands_; }

  void add_platform_generator(GeneratorEntry entry);
  const std::vector<GeneratorEntry>& platform_generators() const { return generators_; }

private:
  std::vector<std::shared_ptr<const Model>> models_;  // shared: a plugin's model serves every catalog built
  std::vector<std::string> model_plugins_;            // models_[i] came from model_plugins_[i]
  std::vector<PolicyEntry> policies_;
  std::vector<GeneratorEntry> generators_;
  std::vector<CommandEntry> commands_;
};

// A model a plugin added, and the plugin file.
struct PluginModel {
  std::shared_ptr<const Model> model;
  std::string plugin;
};

// The catalog of what registered itself (registrations.hpp: the built-in models, policy families, subcommands and
// platform generators) and of the models plugins added. The command line builds it once the plugins it names are
// loaded (plugins add to the policy families first, so that a model whose metrics follow a family, time_<scheduler>,
// has columns for a plugin's entries too), and passes it down. Building it closes every policy family: a plugin
// loaded after it is refused.
Catalog build_catalog(const std::vector<PluginModel>& plugin_models);
// The built-in models' names, known without building the catalog (a test holds them equal to its models').
const std::vector<std::string>& builtin_model_names();
// The subcommands models bring along (`isogrid plan`), without building the catalog.
std::vector<CommandEntry> builtin_commands();

}  // namespace isogrid
