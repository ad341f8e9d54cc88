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
};

struct GeneratorEntry {
  std::string name;
  std::string summary;
  std::vector<ParamSpec> params;
};

class Catalog {
public:
  void add_model(std::unique_ptr<Model> model);
  const Model& model(const std::string& name) const;  // throws UnknownName listing the known models
  std::vector<const Model*> models() const;

  void add_policy(PolicyEntry entry);
  // Every entry of a policy registry, under the registry's family.
  template <class T>
  void add_policies(const NamedRegistry<T>& registry)
  {
    for (const auto& e : registry.entries())
      add_policy({registry.family(), e.name, e.summary});
  }
  std::vector<std::string> policy_names(const std::string& family) const;
  const std::vector<PolicyEntry>& policies() const { return policies_; }

  void add_command(CommandEntry entry);
  const std::vector<CommandEntry>& commands() const { return commands_; }

  void add_platform_generator(GeneratorEntry entry);
  const std::vector<GeneratorEntry>& platform_generators() const { return generators_; }

private:
  std::vector<std::unique_ptr<Model>> models_;
  std::vector<PolicyEntry> policies_;
  std::vector<GeneratorEntry> generators_;
  std::vector<CommandEntry> commands_;
};

// The catalog of everything built into isogrid (defined next to the models, in workloads/).
const Catalog& builtin_catalog();

}  // namespace isogrid
