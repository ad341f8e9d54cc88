#pragma once
// The seed of the point a process is evaluating, for what is drawn below the model: a platform's declared background
// load (grid_spec.hpp's `load:`) is drawn from it when the platform is built. A process evaluates one simulated point
// (a fresh SimGrid engine each), so one value per process is enough; TypedModel::evaluate sets it.
#include <cstdint>

namespace isogrid {

void set_evaluated_point_seed(std::uint64_t seed);
std::uint64_t evaluated_point_seed();

}  // namespace isogrid
