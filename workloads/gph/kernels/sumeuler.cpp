#include "workloads/gph/kernels/sumeuler.hpp"

#include "workloads/gph/kernels/kernel_support.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>
#include <vector>

namespace isogrid::gph {

namespace {

using P = SumEulerParameters;

// Every parameter, in the order make_kernel reads them: parameters() and the registry entry derive from it.
const std::vector<Field<P>>& fields()
{
  static const std::vector<Field<P>> fields = {
      {"lower", &P::lower, "smallest integer of the list"},
      {"upper", &P::upper, "largest integer; the list runs down from it"},
      {"chunk", &P::chunk, "integers per chunk, one spark each (c)"},
      {"exact", &P::exact, "1: count every Euclid step; 0: the (n-1)(A ln n + B) estimate"},
      {"call_seconds", &P::call_seconds, "reference-PE seconds per hcf call (Table 1: 1598.1 s for the defaults)"},
      {"packet_bytes", &P::packet_bytes, "graph and result bytes of a node (Table 6)"},
  };
  return fields;
}

}  // namespace

uint64_t euler_hcf_calls(int64_t n)
{
  uint64_t calls = 0;
  for (int64_t k = 1; k < n; ++k) {
    // hcf n k: one call per equation applied, the last being hcf x 0.
    uint64_t x = static_cast<uint64_t>(n), y = static_cast<uint64_t>(k);
    ++calls;
    while (y) {
      uint64_t r = x % y;
      x          = y;
      y          = r;
      ++calls;
    }
  }
  return calls;
}

double euler_hcf_calls_estimate(int64_t n)
{
  constexpr double A = 0.842446, B = 0.992219;
  if (n < 2)
    return 0;
  double x = static_cast<double>(n);
  return (x - 1) * (A * std::log(x) + B);
}

SumEuler::SumEuler(SumEulerParameters p) : p_(p)
{
  require(p_.lower >= 1 && p_.upper >= p_.lower, name(),
          fmt::format("need 1 <= lower <= upper, got lower = {}, upper = {}", p_.lower, p_.upper));
  require(p_.upper <= 2'000'000'000, name(), "upper must be <= 2e9");
  require(p_.chunk >= 1, name(), "chunk must be >= 1");
  require(p_.call_seconds >= 0 && p_.packet_bytes >= 0, name(), "costs and sizes must be >= 0");
  int64_t length = p_.upper - p_.lower + 1;
  size_t chunks  = static_cast<size_t>((length + p_.chunk - 1) / p_.chunk);
  chunk_work_.resize(chunks);
  for (size_t i = 0; i < chunks; ++i) {
    auto [first, last] = chunk_range(i);
    double calls       = 0;
    for (int64_t m = first; m >= last; --m)
      calls += p_.exact ? static_cast<double>(euler_hcf_calls(m)) : euler_hcf_calls_estimate(m);
    chunk_work_[i] = calls * p_.call_seconds;
    total_ += chunk_work_[i];
  }
}

std::pair<int64_t, int64_t> SumEuler::chunk_range(size_t i) const
{
  int64_t first = p_.upper - static_cast<int64_t>(i) * p_.chunk;
  if (first < p_.lower)
    throw std::out_of_range(fmt::format("gph sumEuler: no chunk {}", i));
  return {first, std::max(p_.lower, first - p_.chunk + 1)};
}

ProgramParameters SumEuler::parameters() const { return parameter_values(p_, fields()); }

Node SumEuler::expand(const NodeKey& key) const
{
  Node node;
  node.result_bytes = node.graph_bytes = p_.packet_bytes;
  if (key == root()) {
    for (size_t i = 0; i < chunk_work_.size(); ++i)
      node.sparked.push_back({1, static_cast<int64_t>(i), 0});
    return node;
  }
  if (key.a != 1 || key.b < 0 || static_cast<size_t>(key.b) >= chunk_work_.size() || key.c != 0)
    bad_key(name(), key);
  node.before = chunk_work_[static_cast<size_t>(key.b)];
  return node;
}

KernelSpec sumeuler_spec() { return kernel_spec<SumEuler>("sumEuler", {1598.1, 188.1, 8.4, 82, 90.3}, fields()); }

}  // namespace isogrid::gph
