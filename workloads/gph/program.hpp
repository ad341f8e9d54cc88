#pragma once
// A GpH program as data, for a simulated GUM runtime (Al Zain et al., TPDS 2008). Pure C++: no SimGrid here.
//
// A program is a tree of expressions expanded LAZILY: the runtime asks for one node at a time, by key, so that
// parFib(45)'s ~1.8e9 evaluations never exist in memory. A node is what ONE thread does when it evaluates one
// expression, in this order:
//   1. compute `before` (work, in reference-PE seconds: seconds on a PE of speed 1, i.e. an Edin1 PE, the machine
//      of the paper's Table 1);
//   2. spark the `sparked` children: push them, in order, on its PE's spark pool (`par`);
//   3. evaluate `inline_child` itself, if there is one, recursively and in the same thread (`seq`: parFib's nf1);
//   4. demand each sparked child in order: one still in the local pool is evaluated inline by this thread (the
//      spark is absorbed and never becomes a thread), one taken by another PE is waited for (FETCH/RESUME);
//   5. compute `after`.
// Its value takes `result_bytes` packed (what a RESUME carries back to a thread on another PE); shipping the node
// as a spark (SCHEDULE) moves `graph_bytes`, the thunk plus the nearby graph GUM packs with it. `packet_bytes()` is
// the paper's average packet size (Table 6): a runtime that wants the paper's message counts may send a transfer
// larger than that as several packets (GUM packs at most packBufferSize = 1024 words per packet and leaves the rest
// behind FETCH_ME nodes, fetched on demand).
//
// Step 1's fetches aside (see Node::fetches), a node's data arrives with it.
//
// A one-PE run evaluates every node exactly once, absorbing every spark: its time is sequential_work() and it
// creates spark_count() sparks. Threads are NOT part of the program: which sparks become threads (GUM turns a spark
// into a thread only on an idle PE) is the runtime's business, and so are the paper's thread counts (Table 6).
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace isogrid::gph {

// A compact, generator-specific description of one expression (for instance parFib's argument n, or a
// sumEuler chunk's kind and index). Each kernel documents its own encoding.
struct NodeKey {
  int64_t a = 0, b = 0, c = 0;

  friend bool operator==(const NodeKey& x, const NodeKey& y) { return x.a == y.a && x.b == y.b && x.c == y.c; }
  friend bool operator!=(const NodeKey& x, const NodeKey& y) { return !(x == y); }
  friend bool operator<(const NodeKey& x, const NodeKey& y)
  {
    if (x.a != y.a)
      return x.a < y.a;
    if (x.b != y.b)
      return x.b < y.b;
    return x.c < y.c;
  }
};

struct NodeKeyHash {
  size_t operator()(const NodeKey& k) const;
};

struct Node {
  double before = 0;  // reference-PE seconds before sparking
  double after  = 0;  // reference-PE seconds after every child has been demanded
  std::vector<NodeKey> sparked;
  std::optional<NodeKey> inline_child;
  double result_bytes = 0;  // the value, packed
  double graph_bytes  = 0;  // the thunk and its nearby graph, packed (a SCHEDULE's payload)
  // The program's input graph the node reads: GUM leaves data on the PE that built it (the main PE) and a thread
  // elsewhere fetches it piece by piece, each FETCH synchronous for the thread (HLComms.c blockThread). `before`
  // is cut into fetches + 1 equal slices with one fetch of `fetch_bytes` between each two; on the main PE the
  // data is local and costs nothing.
  std::uint32_t fetches = 0;
  double fetch_bytes    = 0;
  // Input pieces several nodes read (matMult's row and column blocks). GUM overwrites a FETCH_ME with the graph
  // the RESUME brought (Trinder et al., PLDI'96; HLComms.c unpacks it in place), so the piece is local to that PE
  // from then on: only the first node a PE evaluates that reads a piece makes its `fetches`; later readers on the
  // same PE find it there. They are made like `fetches`, in the same slices, and add to them.
  struct SharedInput {
    std::uint64_t id      = 0;  // names the piece within the program
    std::uint32_t fetches = 0;
  };
  std::vector<SharedInput> shared_inputs;

  double work() const { return before + after; }
};

// Named numeric parameters (integers are passed as doubles and checked to be integral).
using ProgramParameters = std::map<std::string, double>;

class Program {
public:
  virtual ~Program() = default;

  virtual std::string name() const = 0;
  // Every parameter, defaults included, as make_kernel would take them back.
  virtual ProgramParameters parameters() const = 0;
  virtual NodeKey root() const                 = 0;
  // Deterministic: the same key always gives the same node. Throws std::invalid_argument for a key the program
  // never produces.
  virtual Node expand(const NodeKey& key) const = 0;
  // Σ work() over the whole tree (reference-PE seconds): a one-PE run. In closed form or by a sum over the
  // program's coarse structure, never by expanding the tree.
  virtual double sequential_work() const = 0;
  // Σ sparked.size() over the whole tree: the sparks a one-PE run creates.
  virtual uint64_t spark_count() const = 0;
  // Table 6's average packet size for this program, bytes.
  virtual double packet_bytes() const = 0;
};

// What a full expansion finds: the totals a one-PE run would see.
struct TreeTotals {
  double work        = 0;
  uint64_t sparks    = 0;
  uint64_t nodes     = 0;
  uint64_t max_depth = 0;  // the root is depth 0; a child (sparked or inline) is one deeper
};

// Expands every node (an explicit stack, no recursion). For tests and small instances only; throws
// std::length_error once more than max_nodes nodes have been expanded.
TreeTotals expand_fully(const Program& program, uint64_t max_nodes = 10'000'000);

}  // namespace isogrid::gph
