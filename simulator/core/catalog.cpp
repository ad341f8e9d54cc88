#include "simulator/core/catalog.hpp"

#include "base/named_registry.hpp"

#include <algorithm>

namespace isogrid {

void Catalog::add_model(std::shared_ptr<const Model> model, std::string plugin)
{
  models_.push_back(std::move(model));
  model_plugins_.push_back(std::move(plugin));
}

const std::string& Catalog::plugin_of(const Model& model) const
{
  static const std::string none;
  for (size_t i = 0; i < models_.size(); ++i)
    if (models_[i].get() == &model)
      return model_plugins_[i];
  return none;
}

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

void Catalog::add_policy(PolicyEntry entry)
{
  // After the family's last entry, so that a family added to later (by a plugin) is still listed in one piece.
  auto last = std::find_if(policies_.rbegin(), policies_.rend(),
                           [&](const PolicyEntry& p) { return p.family == entry.family; });
  policies_.insert(last == policies_.rend() ? policies_.end() : last.base(), std::move(entry));
}

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
