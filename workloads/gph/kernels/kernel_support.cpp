#include "workloads/gph/kernels/kernel_support.hpp"

#include "base/random.hpp"

#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

namespace isogrid::gph {

void bad_key(const std::string& program, const NodeKey& k)
{
  throw std::invalid_argument(fmt::format("gph {}: no node {{{}, {}, {}}}", program, k.a, k.b, k.c));
}

void require(bool ok, const std::string& program, const std::string& what)
{
  if (!ok)
    throw std::invalid_argument(fmt::format("gph {}: {}", program, what));
}

double uniform(int64_t seed, uint64_t i, uint64_t j)
{
  uint64_t h = mix64(mix64(mix64(static_cast<uint64_t>(seed)) ^ i) ^ j);
  return static_cast<double>(h >> 11) / 9007199254740992.0;  // 2^53
}

}  // namespace isogrid::gph
