// A plugin whose registration ends the process with exit(0): `isogrid validate` exited 0 as if the experiment were
// valid. Refused: the worker that tried it exited before reporting.
#include "plugin/plugin.hpp"

#include <cstdlib>

ISOGRID_PLUGIN(registrar)
{
  (void)registrar;
  std::exit(0);
}
