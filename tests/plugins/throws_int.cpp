// A plugin whose registration throws something that is no std::exception: refused, and isogrid goes on.
#include "plugin/plugin.hpp"

ISOGRID_PLUGIN(registrar)
{
  (void)registrar;
  throw 42;
}
