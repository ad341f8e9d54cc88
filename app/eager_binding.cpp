#include "app/eager_binding.hpp"

#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace isogrid::cli {

void ensure_eager_binding(int argc, char** argv)
{
  if (argc < 2 || (std::strcmp(argv[1], "run") != 0 && std::strcmp(argv[1], "reproduce") != 0))
    return;
  if (std::getenv("LD_BIND_NOW") || std::getenv("ISOGRID_LAZY_BINDING"))
    return;
  ::setenv("LD_BIND_NOW", "1", 1);
  ::execv("/proc/self/exe", argv);
  ::unsetenv("LD_BIND_NOW");  // exec failed (no /proc): carry on with lazy binding
}

}  // namespace isogrid::cli
