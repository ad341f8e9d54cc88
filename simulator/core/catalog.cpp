#include "simulator/core/catalog.hpp"

#include "base/named_registry.hpp"

namespace isogrid {

void Catalog::add_model(std::unique_ptr<Model> model) { models_.push_back(std::move(model)); }

const Model& Catalog::model(const std::string& name) const
{
  std::vector<std::string> known;
  for (const auto& m : models_) {
    if (m->info().name == name)
      return *m;
    known.push_back(m->info().name);
  }
  throw UnknownName(unknown_name_message("model", name, known));
}

std::vector<const Model*> Catalog::models() const
{
  std::vector<const Model*> out;
  for (const auto& m : models_)
    out.push_back(m.get());
  return out;
}

void Catalog::add_policy(PolicyEntry entry) { policies_.push_back(std::move(entry)); }

std::vector<std::string> Catalog::policy_names(const std::string& family) const
{
  std::vector<std::string> out;
  for (const auto& p : policies_)
    if (p.family == family)
      out.push_back(p.name);
  return out;
}

void Catalog::add_command(CommandEntry entry) { commands_.push_back(std::move(entry)); }

void Catalog::add_platform_generator(GeneratorEntry entry) { generators_.push_back(std::move(entry)); }

}  // namespace isogrid
