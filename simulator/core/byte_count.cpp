#include "simulator/core/byte_count.hpp"

#include "simulator/core/value.hpp"

#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

namespace isogrid {

namespace {

void check(double bytes)
{
  if (!(bytes >= 0 && bytes < kMaxTransferBytes))  // NaN fails both
    throw std::range_error(fmt::format("a transfer of {} bytes: SimGrid counts bytes in 64-bit integers, and isogrid "
                                       "simulates transfers of 0 to 2^63 = {} bytes",
                                       format_number(bytes), format_number(kMaxTransferBytes)));
}

}  // namespace

uint64_t rounded_bytes(double bytes)
{
  check(bytes);
  return static_cast<uint64_t>(std::llround(bytes));
}

uint64_t truncated_bytes(double bytes)
{
  check(bytes);
  return static_cast<uint64_t>(bytes);
}

}  // namespace isogrid
