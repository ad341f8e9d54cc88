#pragma once
// Everything an experiment file can name: models, policies (by family), platform generators.
#include "simulator/core/model.hpp"
#include "simulator/core/param_spec.hpp"

#include <memory>
#include <string>
#include <vector>

namespace isogrid {

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
  std::vector<std::string> policy_names(const std::string& family) const;
  const std::vector<PolicyEntry>& policies() const { return policies_; }

  void add_platform_generator(GeneratorEntry entry);
  const std::vector<GeneratorEntry>& platform_generators() const { return generators_; }

private:
  std::vector<std::unique_ptr<Model>> models_;
  std::vector<PolicyEntry> policies_;
  std::vector<GeneratorEntry> generators_;
};

// The catalog of everything built into isogrid (defined next to the models, in workloads/).
const Catalog& builtin_catalog();

}  // namespace isogrid
