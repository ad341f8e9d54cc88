// A plugin that registers a fresh name, then one a built-in scheduler has ("dp"): refused as a whole, so even the
// fresh name must not be registered.
#include "plugin/plugin.hpp"

namespace {
isogrid::scheduling::ScheduleResult first_machine(isogrid::scheduling::Evaluator& evaluate, isogrid::SeededRandom&)
{
  evaluate(isogrid::scheduling::Schedule{0});
  return evaluate.result();
}
}  // namespace

ISOGRID_PLUGIN(registrar)
{
  registrar.add_resource_selection("first_machine", "machine 0 alone", first_machine);
  registrar.add_resource_selection("dp", "a second dp", first_machine);
}
