#include "policies/dlt/sequence.hpp"

#include <algorithm>
#include <numeric>

namespace isogrid::dlt {

namespace {

std::vector<size_t> identity(size_t n)
{
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  return order;
}

// Stable, so that equal workers keep the order of the experiment file: results do not depend on sort internals.
template <class Less>
std::vector<size_t> sorted_by(const std::vector<Worker>& workers, Less less)
{
  std::vector<size_t> order = identity(workers.size());
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return less(workers[x], workers[y]); });
  return order;
}

std::vector<size_t> as_given(const std::vector<Worker>& workers) { return identity(workers.size()); }

std::vector<size_t> fastest_link_first(const std::vector<Worker>& workers)
{
  return sorted_by(workers, [](const Worker& x, const Worker& y) { return x.C < y.C; });
}

std::vector<size_t> slowest_link_first(const std::vector<Worker>& workers)
{
  return sorted_by(workers, [](const Worker& x, const Worker& y) { return x.C > y.C; });
}

std::vector<size_t> fastest_cpu_first(const std::vector<Worker>& workers)
{
  return sorted_by(workers, [](const Worker& x, const Worker& y) { return x.A < y.A; });
}

}  // namespace

NamedRegistry<SequencePolicy>& sequence_registry()
{
  static NamedRegistry<SequencePolicy> registry = [] {
    NamedRegistry<SequencePolicy> r("dlt-sequence");
    r.add("given", "serve workers in the order the experiment lists them (the paper's P1..Pm)", as_given);
    r.add("fastest-link-first", "increasing C_i: optimal for one port without result return", fastest_link_first);
    r.add("slowest-link-first", "decreasing C_i: the worst order, for comparison", slowest_link_first);
    r.add("fastest-cpu-first", "increasing A_i", fastest_cpu_first);
    return r;
  }();
  return registry;
}

const NamedRegistry<SequencePolicy>& sequence_policies() { return sequence_registry(); }

ISOGRID_POLICY_FAMILY(sequence_registry);

std::vector<Worker> reorder(const std::vector<Worker>& workers, const std::vector<size_t>& order)
{
  std::vector<Worker> out;
  out.reserve(order.size());
  for (size_t i : order)
    out.push_back(workers[i]);
  return out;
}

}  // namespace isogrid::dlt
