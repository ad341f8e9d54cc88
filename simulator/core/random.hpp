#pragma once
// Seeded random numbers for models (heterogeneity draws, background-load noise). Explicit arithmetic rather than
// <random> distributions, whose output the standard leaves to each library: the same seed gives the same numbers
// with any compiler.
#include <cstdint>

namespace isogrid {

class SeededRandom {
public:
  explicit SeededRandom(uint64_t seed) : state_(seed) {}
  double uniform();                      // in [0, 1)
  double uniform(double lo, double hi);  // in [lo, hi)
  uint64_t below(uint64_t n);            // in [0, n)
  uint64_t next();                       // 64 raw bits

private:
  uint64_t state_;
};

}  // namespace isogrid
