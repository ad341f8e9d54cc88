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

void Reader::read(const std::string& name, double& out) const { out = p.at(name); }

void Reader::read(const std::string& name, int& out) const
{
  double v = p.at(name);
  if (v < -2147483648.0 || v > 2147483647.0)
    throw std::invalid_argument(fmt::format("gph parameter {} = {} is out of range", name, v));
  out = static_cast<int>(v);
}

void Reader::read(const std::string& name, int64_t& out) const
{
  double v = p.at(name);
  if (std::fabs(v) > 9007199254740992.0)
    throw std::invalid_argument(fmt::format("gph parameter {} = {} is out of range", name, v));
  out = static_cast<int64_t>(v);
}

void Reader::read(const std::string& name, bool& out) const
{
  int v = 0;
  read(name, v);
  if (v != 0 && v != 1)
    throw std::invalid_argument(fmt::format("gph {}: {} must be 0 or 1", program, name));
  out = v == 1;
}

}  // namespace isogrid::gph
