#pragma once
// The SPMD applications of Sanjay's chapter 3 (§3.8) as bulk-synchronous skeletons: a problem of size N on P
// processes runs `iterations` steps, each a computation of equal shares (the slowest process ends it) followed by one
// communication pattern whose messages all travel at once (the slowest transfer ends it). Only the shapes come from
// the thesis (Eigen's N^3 computation and N^2 communication over a 2-D block-cyclic grid, FFT's N log N and its
// transposes, CG's matrix-vector products and vector all-gather, MD's systolic ring, Jacobi's 1-D halo exchange,
// IS's local sorts and all-to-all, SSOR's 2-D five-point stencil); the constants are calibrated assumptions chosen so
// that the runs on the thesis's clusters last from about 20 s to about an hour, as its tables' do, and so that loads
// change during runs. Pure: the SimGrid shell (spmd_skeleton.hpp) plays them.
#include <cstddef>
#include <string>
#include <vector>

namespace isogrid::modelling {

// Who sends to whom in one communication step; every message of a step carries the same bytes.
enum class Pattern {
  Ring,       // to the next process (MD's systolic shift)
  Line,       // to both neighbours on a line of processes (1-D halo exchange)
  Grid,       // to the four neighbours on a near-square process grid, not periodic (2-D halo exchange)
  RowColumn,  // to every process of the same row and column of that grid (block-cyclic broadcasts)
  AllToAll,   // to every other process (transposes, all-gathers, sorting's exchange)
};

struct Message {
  std::size_t from = 0, to = 0;
};

// The messages of one step among p processes (none for p = 1; a pattern never sends to its own process).
std::vector<Message> pattern_messages(Pattern pattern, std::size_t p);
// The near-square process grid of p processes: rows <= columns, rows the largest divisor of p not above sqrt(p).
std::pair<std::size_t, std::size_t> process_grid(std::size_t p);

// One run's work.
struct SpmdShape {
  std::size_t iterations = 1;
  double flops           = 0;  // per process per iteration
  Pattern pattern        = Pattern::Ring;
  double bytes           = 0;  // per message; a message carries its whole bytes (floor)
};

// When one run happened on the simulated timeline (what the skeleton measures, and the analysis reads).
struct TimedRun {
  double start = 0, end = 0;       // simulated s
  std::vector<double> phase_ends;  // when each phase ended
  double time() const { return end - start; }
};

struct SpmdKernel {
  std::string name, summary;
  double train_min = 0, train_max = 0, step = 1;    // training sizes: min, min + step, ... <= max
  double predict_max                          = 0;  // prediction sizes: from train_min up to this (in and outside)
  SpmdShape (*shape)(double n, std::size_t p) = nullptr;
};

const std::vector<SpmdKernel>& spmd_kernels();
std::vector<std::string> spmd_kernel_names();
const SpmdKernel& spmd_kernel(const std::string& name);  // throws std::out_of_range

// A homogeneous dedicated cluster as the skeleton meets it: hosts of `speed` flop/s, each behind a private
// split-duplex link of `bandwidth` byte/s and `latency` s (a transfer crosses two).
struct DedicatedCluster {
  double speed = 1e9, bandwidth = 12.5e6, latency = 50e-6;
};

// A run's time on a dedicated cluster, closed form under SimGrid's max-min sharing: every step computes for
// flops / speed, then its transfers take both links' latency plus bytes x k / bandwidth, k the most messages any
// process sends or receives in the step (every flow touching such a process's link gets exactly 1/k of it, and no
// flow gets less). Split into its computation and communication seconds.
struct DedicatedTime {
  double computation = 0, communication = 0;
  double total() const { return computation + communication; }
};
DedicatedTime dedicated_time(const SpmdShape& shape, std::size_t p, const DedicatedCluster& cluster);

}  // namespace isogrid::modelling
