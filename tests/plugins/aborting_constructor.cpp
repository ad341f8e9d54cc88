// A plugin whose static constructor aborts the process that loads it: dlopen alone would end isogrid.
#include "plugin/plugin.hpp"

#include <cstdlib>

namespace {
struct AbortAtLoad {
  AbortAtLoad() { std::abort(); }
} abort_at_load;
}  // namespace

ISOGRID_PLUGIN(registrar) { (void)registrar; }
