#pragma once
// queens, one of the six GpH kernels of workloads/gph/kernels.hpp (which lists them and builds them by
// name; work is in reference-PE seconds, costs are deterministic, threads are the runtime's business).
//
// [ASSUMPTION] The paper gives no code: "AI, divide-and-conquer, regular" (Table 16), queens(13) (Table 2), 24
// threads on 16 PEs and 851.9-byte packets (Table 6). Modelled as the backtracking search for every placement of
// n non-attacking queens, one row at a time, whose nodes are the valid partial placements (the empty board and the
// solutions included: 4 674 890 of them for n = 13). A node with fewer than `depth` rows placed sparks one child
// per valid placement in the next row (columns in increasing order) and costs node_seconds itself; a node with
// `depth` rows is a sequential leaf costing node_seconds per node of its subtree. depth = 1 gives n sparks (at most
// n + 1 threads, fewer than the paper's 24), depth = 2 (default) n + 132 = 145 sparks for n = 13: the 13 coarse
// first-row tasks (6.5-8.3 % of the work each: regular) and their 132 second-row pieces.
// Key: the bitmask search state {columns taken, left diagonals, right diagonals} for the next row; the number of
// rows placed is the number of columns taken. The root is {0, 0, 0}.
//
// serial_fraction: the root's own share of the total work (half before sparking, half after the last child, e.g.
// collecting the solutions); the search keeps node_seconds per node, so the total grows to search / (1 - s).
// Default 0. [NOTE] Tables 1 and 5 (Edin1, 16 and 10 PEs: 567.8 s and 649.6 s against 2816.4 s) fit Amdahl's law
// with s ~ 0.146; the paper does not say where that comes from.
#include "workloads/gph/program.hpp"

#include <cstdint>
#include <string>

namespace isogrid::gph {

struct KernelSpec;

struct QueensParameters {
  int n                  = 13;
  int depth              = 2;
  double serial_fraction = 0;
  // Calibrated: 4 674 890 search nodes for n = 13 take Table 1's 2816.4 s (602 µs per node: the paper's program
  // evidently does far more per placement than a bitmask search, so only the tree's shape comes from this model).
  double node_seconds = 2816.4 / 4674890.0;
  double packet_bytes = 851.9;  // Table 6: graph and result bytes of every node
};

uint64_t queens_search_nodes(int n);  // valid partial placements of n queens, empty board and solutions included

class Queens : public Program {
public:
  explicit Queens(QueensParameters p = {});
  std::string name() const override { return "queens"; }
  ProgramParameters parameters() const override;
  NodeKey root() const override { return {0, 0, 0}; }
  Node expand(const NodeKey& key) const override;
  double sequential_work() const override;
  uint64_t spark_count() const override { return sparks_; }
  double packet_bytes() const override { return p_.packet_bytes; }

private:
  QueensParameters p_;
  uint64_t full_         = 0;  // n low bits set
  uint64_t search_nodes_ = 0;  // of the whole search
  uint64_t sparks_       = 0;
};

// Its entry in kernels(): the parameters with their defaults, the paper's figures, the factory.
KernelSpec queens_spec();

}  // namespace isogrid::gph
