#pragma once
#include "base/random.hpp"  // mix64

#include <cstdint>

namespace isogrid {

// The seed of one point: derived from the experiment seed, the parameter combination and the repetition, so
// that adding repetitions does not change the seeds of those already run.
uint64_t derive_seed(uint64_t experiment_seed, uint64_t combination, uint32_t repetition);

}  // namespace isogrid
