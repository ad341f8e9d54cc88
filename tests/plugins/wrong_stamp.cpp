// A plugin built against another isogrid: its stamp names version 0.0.1. isogrid must refuse it before running
// any of its code (the registration below would add a policy).
#include "plugin/plugin.hpp"

extern "C" __attribute__((visibility("default"))) const char* isogrid_plugin_stamp()
{
  return "isogrid 0.0.1, plugin interface 1, C++11 string ABI 1";
}

extern "C" __attribute__((visibility("default"))) void isogrid_plugin_register(isogrid::PluginRegistrar& registrar)
{
  registrar.add_resource_selection(
      "from_the_past", "must never be registered",
      [](isogrid::scheduling::Evaluator& e, isogrid::SeededRandom&) { return e.result(); });
}
