#include "simulator/core/random.hpp"

#include "simulator/experiment/seeds.hpp"

namespace isogrid {

uint64_t SeededRandom::next()
{
  state_ += 0x9e3779b97f4a7c15ULL;
  return mix64(state_);
}

double SeededRandom::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

double SeededRandom::uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }

uint64_t SeededRandom::below(uint64_t n) { return n ? static_cast<uint64_t>(uniform() * static_cast<double>(n)) % n : 0; }

}  // namespace isogrid
