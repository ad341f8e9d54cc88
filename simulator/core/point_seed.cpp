#include "simulator/core/point_seed.hpp"

namespace isogrid {

namespace {
std::uint64_t point_seed = 0;
}

void set_evaluated_point_seed(std::uint64_t seed) { point_seed = seed; }
std::uint64_t evaluated_point_seed() { return point_seed; }

}  // namespace isogrid
