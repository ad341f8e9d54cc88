#include "workloads/gph/kernels/queens.hpp"

#include "workloads/gph/kernels/kernel_support.hpp"

#include <fmt/format.h>
#include <stdexcept>
#include <vector>

namespace isogrid::gph {

namespace {

using P = QueensParameters;

// Every parameter, in the order make_kernel reads them, with its bounds: parameters(), the registry entry and the
// checks of a kernel's values derive from it.
void declare(ParamTable<P>& t)
{
  t.param("n", &P::n, "board size (queens(13), Table 2)").at_least(1).at_most(16).label("board size n").unitless();
  t.param("depth", &P::depth, "rows whose placements are sparked; deeper nodes are sequential")
      .non_negative()
      .label("sparked depth")
      .unitless();
  t.param("serial_fraction", &P::serial_fraction, "the root's own share of the total work (half before, half after)")
      .non_negative()
      .below(1)
      .label("serial fraction")
      .unitless();
  t.param("node_seconds", &P::node_seconds, "reference-PE seconds per search node (Table 1: 2816.4 s for n = 13)")
      .non_negative()
      .label("time per search node")
      .unit("s");
  t.param("packet_bytes", &P::packet_bytes, "graph and result bytes of a node (Table 6)")
      .non_negative()
      .label("node packet size")
      .unit("B");
}

const ParamTable<P>& table() { return table_of(declare); }

}  // namespace

namespace {

int popcount(uint64_t x)
{
  int n = 0;
  for (; x; x &= x - 1)
    ++n;
  return n;
}

// Nodes of the search subtree below a state (the state included), for a board whose columns are `full`.
uint64_t subtree_nodes(uint64_t full, uint64_t cols, uint64_t ld, uint64_t rd)
{
  uint64_t nodes = 1;
  uint64_t free  = full & ~(cols | ld | rd);
  while (free) {
    uint64_t bit = free & (~free + 1);
    free -= bit;
    nodes += subtree_nodes(full, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1);
  }
  return nodes;
}

// Nodes with 1..depth rows placed below a state.
uint64_t nodes_down_to(uint64_t full, uint64_t cols, uint64_t ld, uint64_t rd, int depth)
{
  if (depth == 0)
    return 0;
  uint64_t nodes = 0;
  uint64_t free  = full & ~(cols | ld | rd);
  while (free) {
    uint64_t bit = free & (~free + 1);
    free -= bit;
    nodes += 1 + nodes_down_to(full, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1, depth - 1);
  }
  return nodes;
}

}  // namespace

uint64_t queens_search_nodes(int n)
{
  if (n < 1 || n > 16)
    throw std::invalid_argument(fmt::format("queens_search_nodes: n = {} is outside 1..16", n));
  return subtree_nodes((uint64_t{1} << n) - 1, 0, 0, 0);
}

Queens::Queens(QueensParameters p) : p_(p)
{
  check_declared(name(), table(), p_);
  require(p_.depth < p_.n, name(), fmt::format("depth = {} is outside 0..n-1", p_.depth));
  full_         = (uint64_t{1} << p_.n) - 1;
  search_nodes_ = subtree_nodes(full_, 0, 0, 0);
  sparks_       = nodes_down_to(full_, 0, 0, 0, p_.depth);
}

ProgramParameters Queens::parameters() const { return parameter_values(p_, table()); }

double Queens::sequential_work() const
{
  return static_cast<double>(search_nodes_) * p_.node_seconds / (1 - p_.serial_fraction);
}

Node Queens::expand(const NodeKey& key) const
{
  auto cols = static_cast<uint64_t>(key.a), ld = static_cast<uint64_t>(key.b), rd = static_cast<uint64_t>(key.c);
  int row = popcount(cols);
  if (key.a < 0 || key.b < 0 || key.c < 0 || (cols | ld | rd) & ~full_ || row > p_.depth)
    bad_key(name(), key);
  Node node;
  node.result_bytes = node.graph_bytes = p_.packet_bytes;
  if (row == p_.depth) {
    node.before = static_cast<double>(subtree_nodes(full_, cols, ld, rd)) * p_.node_seconds;
  } else {
    node.before   = p_.node_seconds;
    uint64_t free = full_ & ~(cols | ld | rd);
    while (free) {
      uint64_t bit = free & (~free + 1);
      free -= bit;
      node.sparked.push_back({static_cast<int64_t>(cols | bit), static_cast<int64_t>(((ld | bit) << 1) & full_),
                              static_cast<int64_t>((rd | bit) >> 1)});
    }
  }
  if (row == 0) {
    double serial = sequential_work() * p_.serial_fraction;
    node.before += serial / 2;
    node.after += serial / 2;
  }
  return node;
}

KernelSpec queens_spec() { return kernel_spec<Queens>("queens", {2816.4, 567.8, 6.2, 24, 851.9}, table()); }

}  // namespace isogrid::gph
