#pragma once
// How a point's Outcome crosses from the forked child that computed it to the runner: counts and doubles in native
// layout (the same binary is on both ends, so no portable encoding is needed).
#include "simulator/core/model.hpp"

#include <string>

namespace isogrid {

std::string encode_outcome(const Outcome& out);

// Throws std::runtime_error on bytes cut short (a child that died mid-write).
Outcome decode_outcome(const std::string& bytes);

}  // namespace isogrid
