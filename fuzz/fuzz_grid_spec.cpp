// Fuzzes the YAML grid spec reader: any bytes load as a grid spec or are refused with an InputError. The platform
// load resolver is installed as the isogrid command installs it, so declared loads are checked too.
#include "fuzz/fuzz_input_file.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "workloads/loads/platform_loads.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
  isogrid::loads::install_platform_loads();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  std::string path = isogrid::fuzz::write_input(data, size, ".yaml");
  try {
    isogrid::read_grid_spec(path);
  } catch (const isogrid::InputError&) {
  }
  return 0;
}
