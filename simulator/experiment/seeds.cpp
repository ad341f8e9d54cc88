#include "simulator/experiment/seeds.hpp"

namespace isogrid {

uint64_t mix64(uint64_t x)
{
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

uint64_t derive_seed(uint64_t experiment_seed, uint64_t combination, uint32_t repetition)
{
  return mix64(mix64(mix64(experiment_seed) ^ combination) ^ repetition);
}

}  // namespace isogrid
