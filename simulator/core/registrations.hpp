#pragma once
// How a model, a model's subcommand or a platform generator announces itself: one line in its own .cpp,
// at namespace scope, and nothing outside its folder names it.
//
//   ISOGRID_MODEL("my-model", make_my_model);                   // std::unique_ptr<Model> make_my_model()
//   ISOGRID_COMMAND(plan_command);                              // CommandEntry plan_command()
//   ISOGRID_PLATFORM_GENERATORS(grid_spec_generators);          // std::vector<GeneratorEntry> grid_spec_generators()
//
// Policy families register the same way from policies/ (ISOGRID_POLICY_FAMILY, base/registry_listing.hpp). The
// registrars run during static initialisation, before main; the object files that hold them are always linked
// (isogrid_models and isogrid_policies are linked whole: cmake/isogrid_modules.cmake), so none is dropped. The
// catalog (build_catalog) is built from what registered, in name order, so that the link order changes nothing.
#include "base/registry_listing.hpp"
#include "simulator/core/catalog.hpp"

#include <memory>
#include <string>
#include <vector>

namespace isogrid {

struct ModelRegistration {
  std::string name;  // the model's name, known without building it (a plugin's model may not take it)
  std::unique_ptr<Model> (*make)();
};

struct Registrations {
  std::vector<ModelRegistration> models;
  std::vector<CommandEntry (*)()> commands;
  std::vector<std::vector<GeneratorEntry> (*)()> platform_generators;
};

// What registered, complete once main starts and unchanged after.
const Registrations& registrations();

// The registrars' entry points (the macros below).
bool register_model(const char* name, std::unique_ptr<Model> (*make)());
bool register_command(CommandEntry (*make)());
bool register_platform_generators(std::vector<GeneratorEntry> (*make)());

}  // namespace isogrid

#define ISOGRID_MODEL(name, factory)                                                                                   \
  [[maybe_unused]] static const bool ISOGRID_CONCAT(isogrid_model_, __LINE__) =                                        \
      ::isogrid::register_model(name, []() -> std::unique_ptr<::isogrid::Model> { return factory(); })
#define ISOGRID_COMMAND(factory)                                                                                       \
  [[maybe_unused]] static const bool ISOGRID_CONCAT(isogrid_command_, __LINE__) =                                      \
      ::isogrid::register_command([]() -> ::isogrid::CommandEntry { return factory(); })
#define ISOGRID_PLATFORM_GENERATORS(factory)                                                                           \
  [[maybe_unused]] static const bool ISOGRID_CONCAT(isogrid_generators_, __LINE__) =                                   \
      ::isogrid::register_platform_generators([]() -> std::vector<::isogrid::GeneratorEntry> { return factory(); })
