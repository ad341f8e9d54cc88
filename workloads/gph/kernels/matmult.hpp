#pragma once
// matMult, one of the six GpH kernels of workloads/gph/kernels.hpp (which lists them and builds them by
// name; work is in reference-PE seconds, costs are deterministic, threads are the runtime's business).
//
// [ASSUMPTION] The paper gives no code: "regular, inherent limits on parallelism, high communication degree"
// (Table 6: 144 threads on 16 PEs, 208.9-byte packets; arbitrary-precision integers in the C+PVM comparison).
// Modelled as C = A B for n x n matrices, the root sparking one task per block of C, blocks x blocks of them,
// row-major; block (i, j) covers rows and columns split as evenly as possible and costs rows_i x cols_j x n
// multiply-adds of madd_seconds. The root's own work (generating the inputs, assembling C) is serial_fraction of
// the total, half before, half after; 0 by default.
// Key: root {0, 0, 0}; block {1, i, j}.
// Bytes: a block's spark carries its inputs, rows_i x n of A and n x cols_j of B, plus packet_bytes for the thunk
// (GUM packs the thunk with the reachable evaluated graph and leaves the rest behind FETCH_MEs, so a remote block
// pulls all of it either way); its value is rows_i x cols_j entries. [ASSUMPTION] entry_bytes = 20: Table 6's
// 67.3 messages/s per PE x 292.6 s x 16 PEs x 208.9 B (Table 1's 16-PE run), were every message a graph packet,
// is 65.8 MB, 457 KB per block, i.e. 20.3 B for each of the 22 500 entries a 30 x 30 block moves.
// [ASSUMPTION] n = 360 and 12 x 12 blocks of 30 x 30: Table 6's 144 threads.
#include "workloads/gph/program.hpp"

#include <cstdint>
#include <string>

namespace isogrid::gph {

struct KernelSpec;

struct MatMultParameters {
  int n = 360;
  int blocks = 12;
  double serial_fraction = 0;
  // Calibrated: 360³ multiply-adds take Table 1's 916.3 s (19.6 µs each: big integers).
  double madd_seconds = 916.3 / (360.0 * 360.0 * 360.0);
  double entry_bytes = 20;
  double packet_bytes = 208.9;  // Table 6
};

class MatMult : public Program {
public:
  explicit MatMult(MatMultParameters p = {});
  std::string name() const override { return "matMult"; }
  ProgramParameters parameters() const override;
  NodeKey root() const override { return {0, 0, 0}; }
  Node expand(const NodeKey& key) const override;
  double sequential_work() const override;
  uint64_t spark_count() const override;
  double packet_bytes() const override { return p_.packet_bytes; }

  int block_size(int index) const;  // rows of block row `index` (= columns of block column `index`)

private:
  double serial_work() const;
  MatMultParameters p_;
};

// Its entry in kernels(): the parameters with their defaults, the paper's figures, the factory.
KernelSpec matmult_spec();

}  // namespace isogrid::gph
