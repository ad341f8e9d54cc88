// Fuzzes the experiment reader: any bytes, as an experiment file, must load or be refused with an InputError
// (file:line:column: key: message). Any other exception escapes and libFuzzer reports it, as it reports a crash,
// a sanitizer finding, a hang (-timeout) or a blow-up (-rss_limit_mb).
#include "fuzz/fuzz_input_file.hpp"
#include "simulator/core/catalog.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/experiment/experiment.hpp"

namespace {
const isogrid::Catalog& catalog()
{
  static const isogrid::Catalog built = isogrid::build_catalog({});
  return built;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  std::string path = isogrid::fuzz::write_input(data, size, ".yaml");
  try {
    // Sweeps stay small: a legitimate sweep of 1e7 points is slow to check, which is not what is fuzzed here.
    isogrid::load_experiment(path, {"max_points=20000"}, catalog());
  } catch (const isogrid::InputError&) {
  }
  return 0;
}
