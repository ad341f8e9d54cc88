// Fuzzes the YAML grid spec reader: any bytes load as a grid spec or are refused with an InputError. Declared loads
// are checked too, with the resolver the isogrid command gives the platform check.
#include "fuzz/fuzz_input_file.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "workloads/loads/platform_loads.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  std::string path = isogrid::fuzz::write_input(data, size, ".yaml");
  try {
    isogrid::check_declared_loads(isogrid::read_grid_spec(path), &isogrid::loads::resolver());
  } catch (const isogrid::InputError&) {
  }
  return 0;
}
