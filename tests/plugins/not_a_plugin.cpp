// A shared library that is no isogrid plugin: no ISOGRID_PLUGIN.
extern "C" __attribute__((visibility("default"))) int answer() { return 42; }
