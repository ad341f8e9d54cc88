#pragma once
// The background-load generators by name (family "load-generator"), each drawing one resource's availability trace
// from a seed: the thesis's random loading for CPU and bandwidth (§3.8), a steadier GrADS-like CPU load, a constant
// share, and a dedicated (always free) resource.
#include "base/named_registry.hpp"
#include "policies/loads/availability.hpp"

#include <functional>

namespace isogrid::loads {

enum class LoadTarget { Cpu, Bandwidth };

struct GeneratorOptions {
  double horizon = 3 * 3600;  // s: the trace covers at least this long
  double value   = 1;         // constant: the share left free
};

struct LoadGenerator {
  LoadTarget target = LoadTarget::Cpu;
  std::function<AvailabilityTrace(const GeneratorOptions&, SeededRandom&)> draw;
};

const NamedRegistry<LoadGenerator>& load_generators();
// The names of the generators that load `target` (CPUs or links), in registration order.
std::vector<std::string> load_generator_names(LoadTarget target);
// The same registry, open to additions until the catalog freezes it: for what a plugin registers.
NamedRegistry<LoadGenerator>& load_generator_registry();

// Resource k's own random stream: adding resources never changes the traces of the others.
SeededRandom resource_stream(std::uint64_t seed, std::size_t resource);

}  // namespace isogrid::loads
