#pragma once
// Byte counts handed to SimGrid. SimGrid moves whole bytes, counted in 64-bit integers, while models compute sizes
// in doubles. Past 2^63 the conversion of a double to a (signed, as llround gives) 64-bit integer is undefined
// behaviour: token_bytes: 1e30 simulated a 4-second ring against a predicted 3.2e22 s, status ok. Below it every
// conversion is exact (a double past 2^53 is a whole number already). Every size a model gives SimGrid goes through
// one of these, and parameters that are sizes declare .bytes() (the bound at validation, before the first point).
#include <cstdint>

namespace isogrid {

// 2^63 bytes (9.2e18, 8 EiB): the largest transfer isogrid simulates.
constexpr double kMaxTransferBytes = 9223372036854775808.0;

// `bytes` as whole bytes, rounded to the nearest or truncated. Throws std::range_error naming the limit when `bytes`
// is negative, not finite or not below kMaxTransferBytes.
uint64_t rounded_bytes(double bytes);
uint64_t truncated_bytes(double bytes);

}  // namespace isogrid
