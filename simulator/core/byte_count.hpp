#pragma once
// Byte counts handed to SimGrid. SimGrid moves whole bytes, counted in 64-bit integers, while models compute sizes
// in doubles: a double holds every whole number exactly up to 2^53, and past 2^64 its conversion to an integer is
// undefined behaviour (token_bytes: 1e30 simulated a 4-second ring against a predicted 3.2e22 s, status ok). Every
// size a model gives SimGrid goes through one of these, and parameters that are sizes declare .bytes() (the bound
// at validation, before the first point).
#include <cstdint>

namespace isogrid {

// 2^53 bytes (9.007e15, 8 PiB): the largest transfer isogrid simulates.
constexpr double kMaxTransferBytes = 9007199254740992.0;

// `bytes` as whole bytes, rounded to the nearest or truncated. Throws std::range_error naming the limit when `bytes`
// is negative, not finite or above kMaxTransferBytes.
uint64_t rounded_bytes(double bytes);
uint64_t truncated_bytes(double bytes);

}  // namespace isogrid
