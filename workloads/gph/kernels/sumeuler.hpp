#pragma once
// sumEuler, one of the six GpH kernels of workloads/gph/kernels.hpp (which lists them and builds them by
// name; work is in reference-PE seconds, costs are deterministic, threads are the runtime's business).
//
// The paper's code (Appendix A.4, B.2.2): the descending list [upper, upper-1 .. lower] is split into chunks of c
// consecutive integers (the last one shorter if c does not divide the length); `parList rnf` sparks one
// `sum (map euler chunk)` per chunk, in list order, and the root sums the chunk results (its own work, building
// the list and adding 82 numbers, is taken as 0). euler n = length (filter (relprime n) [1..n-1]), relprime uses
// hcf x 0 = x; hcf x y = hcf y (rem x y).
// Key: root {0, 0, 0}; chunk i (0 = the one starting at upper, the most expensive) {1, i, 0}.
//
// Cost: call_seconds per hcf call (one equation applied; each call also pays its share of the filter and the list
// cell). euler n makes euler_hcf_calls(n) of them exactly; by default the estimate (n-1)(A ln n + B) is used,
// with A = 0.842446 and B = 0.992219 a least-squares fit to the exact count over n = 200, 237, .., 39 977 (the
// theoretical slope is 12 ln 2 / π² = 0.842766); a chunk of 400 then errs by < 0.3 % (< 0.03 % above n = 1000).
// exact = 1 counts every Euclid step instead: O(upper² log upper) at construction, for small instances.
//
// [ASSUMPTION] lower = 1, upper = 32 800, c = 400: 82 chunks, Table 6's 82 threads on 16 PEs (the paper gives no
// inputs). Table 1's 1598.1 s then means 318 ns per hcf call on Edin1.
#include "workloads/gph/program.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace isogrid::gph {

struct KernelSpec;

uint64_t euler_hcf_calls(int64_t n);         // exact: Σ_{k=1}^{n-1} calls of hcf n k
double euler_hcf_calls_estimate(int64_t n);  // (n-1)(A ln n + B); 0 for n < 2

struct SumEulerParameters {
  int64_t lower = 1;
  int64_t upper = 32800;
  int64_t chunk = 400;
  int exact     = 0;  // 1: count every Euclid step (0 or 1)
  // Calibrated: the estimate summed over 1..32 800, 5 019 147 758.3 calls, takes Table 1's 1598.1 s.
  double call_seconds = 1598.1 / 5019147758.3;
  double packet_bytes = 90.3;  // Table 6: graph and result bytes of every node
};

class SumEuler : public Program {
public:
  explicit SumEuler(SumEulerParameters p = {});
  std::string name() const override { return "sumEuler"; }
  ProgramParameters parameters() const override;
  NodeKey root() const override { return {0, 0, 0}; }
  Node expand(const NodeKey& key) const override;
  double sequential_work() const override { return total_; }
  uint64_t spark_count() const override { return chunk_work_.size(); }
  double packet_bytes() const override { return p_.packet_bytes; }

  size_t chunk_count() const { return chunk_work_.size(); }
  // The integers chunk i holds: from `first` down to `last` (first >= last).
  std::pair<int64_t, int64_t> chunk_range(size_t i) const;
  double chunk_work(size_t i) const { return chunk_work_.at(i); }

private:
  SumEulerParameters p_;
  std::vector<double> chunk_work_;
  double total_ = 0;
};

// Its entry in kernels(): the parameters with their defaults, the paper's figures, the factory.
KernelSpec sumeuler_spec();

}  // namespace isogrid::gph
