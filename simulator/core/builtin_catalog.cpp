// The catalog of everything that registered itself (simulator/core/registrations.hpp): built-in models, policy
// families, model subcommands, platform generators, and the models plugins added.
#include "simulator/core/catalog.hpp"
#include "simulator/core/registrations.hpp"

#include <algorithm>
#include <stdexcept>

namespace isogrid {

namespace {

template <class T, class Key>
std::vector<T> sorted_by(std::vector<T> items, Key key)
{
  std::stable_sort(items.begin(), items.end(), [&](const T& a, const T& b) { return key(a) < key(b); });
  return items;
}

}  // namespace

Catalog build_catalog(const std::vector<PluginModel>& plugin_models)
{
  Catalog c;
  std::vector<const ModelRegistration*> models;
  for (const auto& r : registrations().models)
    models.push_back(&r);
  for (const ModelRegistration* r : sorted_by(models, [](const ModelRegistration* r) { return r->name; })) {
    std::unique_ptr<Model> model = r->make();
    if (model->info().name != r->name)
      throw std::logic_error("the model registered as '" + r->name + "' calls itself '" + model->info().name + "'");
    c.add_model(std::move(model));
  }
  // Plugins have added their entries by now: every family is complete, and closed from here on.
  for (PolicyFamilyAccessor accessor :
       sorted_by(registered_policy_families(), [](PolicyFamilyAccessor a) { return a().family(); })) {
    RegistryListing& family = accessor();
    for (const auto& e : family.listed())
      c.add_policy({family.family(), e.name, e.summary, e.plugin});
    family.freeze();
  }
  for (auto& command : builtin_commands())
    c.add_command(std::move(command));
  std::vector<GeneratorEntry> generators;
  for (auto make : registrations().platform_generators)
    for (auto& g : make())
      generators.push_back(std::move(g));
  for (auto& g : sorted_by(std::move(generators), [](const GeneratorEntry& g) { return g.name; }))
    c.add_platform_generator(std::move(g));
  for (const PluginModel& m : plugin_models)
    c.add_model(m.model, m.plugin);
  return c;
}

const std::vector<std::string>& builtin_model_names()
{
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& r : registrations().models)
      out.push_back(r.name);
    std::sort(out.begin(), out.end());
    return out;
  }();
  return names;
}

std::vector<CommandEntry> builtin_commands()
{
  std::vector<CommandEntry> out;
  for (auto make : registrations().commands)
    out.push_back(make());
  return sorted_by(std::move(out), [](const CommandEntry& c) { return c.name; });
}

}  // namespace isogrid
