#pragma once
// linSolv, one of the six GpH kernels of workloads/gph/kernels.hpp (which lists them and builds them by
// name; work is in reference-PE seconds, costs are deterministic, threads are the runtime's business).
//
// [ASSUMPTION] The paper gives no code: "exact solution of a linear system (symbolic algebra), limited irregular
// parallelism, low communication degree" (Table 6: 242 threads on 16 PEs, 290.7-byte packets). Modelled on the
// multiple-homomorphic-images solver of the GpH literature as a chain of `stages`: stage s does some sequential
// work (choosing the next primes, reducing the matrix), sparks `tasks` unequal tasks (one modular solution each),
// evaluates stage s+1 inline, then demands its tasks and combines their results (Chinese remaindering). So the
// sparks appear stage by stage while the root walks the chain, and the chain's sequential work, serial_fraction of
// the total (half before the sparks, half in the combination), limits the parallelism. Task (s, t) weighs
// 1 + irregularity (2u - 1), u a hash of (seed, s, t); the tasks share (1 - serial_fraction) of the total in
// proportion to their weights.
// [ASSUMPTION] serial_fraction = 0.08: Amdahl's law with 8 % serial gives 7.3 on 16 PEs (Table 1: 7.3) and 5.8 on
// 10 PEs (Table 5, GRID-GUM2: 828.9 / 149.8 = 5.5). 22 stages x 11 tasks = Table 6's 242 threads.
// The work is normalised: sequential_seconds is the total (a synthetic kernel has no natural unit).
// Key: stage {0, s, 0}; task {1, s, t}. The root is stage 0.
#include "workloads/gph/program.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace isogrid::gph {

struct KernelSpec;

struct LinSolvParameters {
  int stages                = 22;
  int tasks                 = 11;
  double irregularity       = 0.75;
  int64_t seed              = 1;
  double serial_fraction    = 0.08;
  double sequential_seconds = 828.9;  // Table 1
  double result_bytes       = 290.7;  // [ASSUMPTION] one packet: a modular solution vector
  double packet_bytes       = 290.7;  // Table 6
};

class LinSolv : public Program {
public:
  explicit LinSolv(LinSolvParameters p = {});
  std::string name() const override { return "linSolv"; }
  ProgramParameters parameters() const override;
  NodeKey root() const override { return {0, 0, 0}; }
  Node expand(const NodeKey& key) const override;
  double sequential_work() const override;
  uint64_t spark_count() const override;
  double packet_bytes() const override { return p_.packet_bytes; }

  double task_work(int stage, int task) const;

private:
  LinSolvParameters p_;
  std::vector<double> task_work_;  // seconds, stage-major
};

// Its entry in kernels(): the parameters with their defaults, the paper's figures, the factory.
KernelSpec linsolv_spec();

}  // namespace isogrid::gph
