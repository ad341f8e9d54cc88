// A plugin whose stamp function returns a null pointer: refused as a plugin without a stamp.
#include "plugin/plugin.hpp"

extern "C" __attribute__((visibility("default"))) const char* isogrid_plugin_stamp() { return nullptr; }

extern "C" __attribute__((visibility("default"))) void isogrid_plugin_register(isogrid::PluginRegistrar&) {}
