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

// Every parameter, in the order make_kernel reads them, with its bounds: parameters(), the registry entry and the
// checks of a kernel's values derive from it.
void declare(ParamTable<P>& t)
{
  t.param("lower", &P::lower, "smallest integer of the list").at_least(1).label("lower bound").unitless();
  t.param("upper", &P::upper, "largest integer; the list runs down from it")
      .at_least(1)
      .at_most(2e9)
      .label("upper bound")
      .unitless();
  t.param("chunk", &P::chunk, "integers per chunk, one spark each (c)").at_least(1).label("chunk size c").unitless();
  t.param("exact", &P::exact, "1: count every Euclid step; 0: the (n-1)(A ln n + B) estimate")
      .at_least(0)
      .at_most(1)
      .label("exact step count")
      .unitless();
  t.param("call_seconds", &P::call_seconds, "reference-PE seconds per hcf call (Table 1: 1598.1 s for the defaults)")
      .non_negative()
      .label("time per hcf call")
      .unit("s");
  t.param("packet_bytes", &P::packet_bytes, "graph and result bytes of a node (Table 6)")
      .non_negative()
      .label("node packet size")
      .unit("B");
}

const ParamTable<P>& table() { return table_of(declare); }

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
  check_declared(name(), table(), p_);
  require(p_.upper >= p_.lower, name(),
          fmt::format("need lower <= upper, got lower = {}, upper = {}", p_.lower, p_.upper));
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

ProgramParameters SumEuler::parameters() const { return parameter_values(p_, table()); }

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

KernelSpec sumeuler_spec() { return kernel_spec<SumEuler>("sumEuler", {1598.1, 188.1, 8.4, 82, 90.3}, table()); }

}  // namespace isogrid::gph
