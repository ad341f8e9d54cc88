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
// Bytes: the inputs stay on the main PE, which built them, as GUM leaves graph where it was made. A block's spark
// carries only its thunk (packet_bytes); evaluated elsewhere, it fetches its row block of A (rows_i x n entries) and
// its column block of B (n x cols_j) in synchronous fetches of fetch_bytes, each piece once per PE (Node::
// shared_inputs: a PE that already holds a row or column block finds it local). Its value is rows_i x cols_j
// entries. fetch_bytes 0 ships the inputs with the spark instead, in pack-buffer packets.
// Calibrated on Table 6's GRID-GUM2 column (16 Edin1 PEs, work_scale 1.6, median of 3), the paper's 31.29 msgs/s
// per PE and 209.4 B of graph per message: fetches of 625 B (a FETCH, its 625-B RESUME and the ACK average 209 B
// with the fishes) and 2.75 B per entry (47 k messages a run; 32.1 msgs/s/PE and 209 B simulated). The paper gives
// neither the matrices' order nor their entries' size; 2.75 B is what moves per entry, not a big integer's size.
// [ASSUMPTION] n = 360 and 12 x 12 blocks of 30 x 30: Table 6's 144 threads.
#include "workloads/gph/program.hpp"

#include <cstdint>
#include <string>

namespace isogrid::gph {

struct KernelSpec;

struct MatMultParameters {
  int n                  = 360;
  int blocks             = 12;
  double serial_fraction = 0;
  // Calibrated: 360³ multiply-adds take Table 1's 916.3 s (19.6 µs each: big integers).
  double madd_seconds = 916.3 / (360.0 * 360.0 * 360.0);
  // Calibrated on Table 6's GRID-GUM2 column (16 Edin1 PEs, median of 3): 31.29 messages/s per PE and 209.4 B of
  // graph per message; see the header comment.
  double entry_bytes  = 2.75;
  double packet_bytes = 208.9;  // Table 6
  double fetch_bytes  = 625;
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
