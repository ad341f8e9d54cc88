#include "simulator/core/registrations.hpp"

namespace isogrid {

namespace {

// Constructed on first use: registrars in other translation units may run before this file's statics.
Registrations& mutable_registrations()
{
  static Registrations r;
  return r;
}

}  // namespace

const Registrations& registrations() { return mutable_registrations(); }

bool register_model(const char* name, std::unique_ptr<Model> (*make)())
{
  mutable_registrations().models.push_back({name, make});
  return true;
}

bool register_command(CommandEntry (*make)())
{
  mutable_registrations().commands.push_back(make);
  return true;
}

bool register_platform_generators(std::vector<GeneratorEntry> (*make)())
{
  mutable_registrations().platform_generators.push_back(make);
  return true;
}

}  // namespace isogrid
