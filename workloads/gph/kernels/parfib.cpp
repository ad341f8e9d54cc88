#include "workloads/gph/kernels/parfib.hpp"

#include "workloads/gph/kernels/kernel_support.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>
#include <vector>

namespace isogrid::gph {

namespace {

using P = ParFibParameters;

// Every parameter, in the order make_kernel reads them, with its bounds: parameters(), the registry entry and the
// checks of a kernel's values derive from it.
void declare(ParamTable<P>& t)
{
  t.param("n", &P::n, "parfib's argument [ASSUMPTION: Table 1's n is not printed]")
      .at_least(0)
      .at_most(90)
      .label("argument n")
      .unitless();
  t.param("threshold", &P::threshold,
          "arguments below it are sequential leaves (a simulation device; GUM has no cut-off)")
      .non_negative()
      .label("sequential threshold")
      .unitless();
  t.param("call_seconds", &P::call_seconds, "reference-PE seconds per parfib call (Table 1: 465.1 s for n = 41)")
      .non_negative()
      .label("time per call")
      .unit("s");
  t.param("packet_bytes", &P::packet_bytes, "graph and result bytes of a node (Table 6)")
      .non_negative()
      .label("node packet size")
      .unit("B");
}

const ParamTable<P>& table() { return table_of(declare); }

}  // namespace

uint64_t fibonacci(int n)
{
  if (n < 0 || n > 93)
    throw std::invalid_argument(fmt::format("fibonacci: {} is outside 0..93", n));
  uint64_t a = 0, b = 1;
  for (int i = 0; i < n; ++i) {
    uint64_t c = a + b;
    a          = b;
    b          = c;
  }
  return a;
}

uint64_t parfib_calls(int n)
{
  if (n < 0 || n > 91)
    throw std::invalid_argument(fmt::format("parfib_calls: {} is outside 0..91", n));
  return 2 * fibonacci(n + 1) - 1;
}

uint64_t parfib_sparks(int n, int threshold)
{
  // S(m) = 0 below t, 1 + S(m-1) + S(m-2) from t on: S + 1 is a Fibonacci sequence with S(t-2) + 1 = S(t-1) + 1 = 1.
  int t = std::max(threshold, 2);
  if (n < t)
    return 0;
  return fibonacci(n - t + 3) - 1;
}

ParFib::ParFib(ParFibParameters p) : p_(p) { check_declared(name(), table(), p_); }

ProgramParameters ParFib::parameters() const { return parameter_values(p_, table()); }

Node ParFib::expand(const NodeKey& key) const
{
  if (key.a < 0 || key.a > p_.n || key.b != 0 || key.c != 0)
    bad_key(name(), key);
  int m = static_cast<int>(key.a);
  Node node;
  node.result_bytes = node.graph_bytes = p_.packet_bytes;
  if (m < std::max(p_.threshold, 2)) {
    node.before = static_cast<double>(parfib_calls(m)) * p_.call_seconds;
    return node;
  }
  node.before = node.after = p_.call_seconds / 2;
  node.sparked.push_back({m - 2, 0, 0});
  node.inline_child = NodeKey{m - 1, 0, 0};
  return node;
}

double ParFib::sequential_work() const { return static_cast<double>(parfib_calls(p_.n)) * p_.call_seconds; }

uint64_t ParFib::spark_count() const { return parfib_sparks(p_.n, p_.threshold); }

KernelSpec parfib_spec() { return kernel_spec<ParFib>("parFib", {465.1, 26.3, 17.6, 26595, 5.6}, table()); }

}  // namespace isogrid::gph
