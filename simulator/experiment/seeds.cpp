#include "simulator/experiment/seeds.hpp"

namespace isogrid {

uint64_t derive_seed(uint64_t experiment_seed, uint64_t combination, uint32_t repetition)
{
  return mix64(mix64(mix64(experiment_seed) ^ combination) ^ repetition);
}

}  // namespace isogrid
