// A plugin whose isogrid_plugin_stamp is data, not a function: calling it crashes the process that does. isogrid
// tries plugins in a worker first, so it is refused ("crashed: signal 11") and isogrid itself never calls it.
#include "plugin/plugin.hpp"

extern "C" __attribute__((visibility("default"))) const char isogrid_plugin_stamp[] = "not code";

extern "C" __attribute__((visibility("default"))) void isogrid_plugin_register(isogrid::PluginRegistrar&) {}
