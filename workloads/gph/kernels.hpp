#pragma once
// The six kernels of Al Zain, Trinder, Michaelson and Loidl (TPDS 2008) as lazily expanded GpH programs
// (program.hpp). The paper publishes the code of parfib and sumEuler only; the other four are generators built
// from what the paper says about them (Appendix A.2, Tables 1, 6, 16): every assumption is marked in the kernel's
// comment. Work is in reference-PE seconds, the reference PE being an Edin1 PE (534 MHz), the machine of Table 1:
// every default instance takes Table 1's sequential runtime on a speed-1 PE.
//
// Costs are deterministic functions of the key and the parameters; the irregular kernels draw their
// irregularity from a hash of the key and a `seed` parameter, never from an RNG.
//
// Threads: the paper's thread counts (Table 6, 16 Edin1 PEs) are not program properties. A GUM runtime turns a
// spark into a thread only on an idle PE (a stolen spark, or a local one activated when the PE's threads block),
// and a spark still in its pool when its parent demands it is absorbed. A program only bounds them: threads <=
// spark_count() + 1. The defaults give at least as many sparks as Table 6 has threads.
#include "simulator/core/named_registry.hpp"
#include "workloads/gph/program.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace isogrid::gph {

// What the paper prints for a kernel: Table 1 (GRID-GUM1, Edin1: sequential runtime, 16-PE runtime and the
// relative speedup, i.e. against the parallel program on one PE) and Table 6 (GRID-GUM1 on 16 Edin1 PEs).
// Table 1's speedups are relative: 16-PE runtime x speedup is the parallel program's one-PE runtime, which matches
// the sequential column within 2 % except for matMult (1.60x it) and queens (1.25x it).
struct PaperData {
  double sequential_seconds = 0;  // Table 1, Seq
  double pe16_seconds = 0;        // Table 1, 16 PE
  double speedup16 = 0;           // Table 1, relative speedup
  uint64_t threads16 = 0;         // Table 6, No. of Threads
  double packet_bytes = 0;        // Table 6, Aver. Pkt Size, GRID-GUM1
};

// ---- parFib ----------------------------------------------------------------------------------------------------
// The paper's code (B.1.1):  parfib 0 = 1;  parfib 1 = 1;
//                            parfib n = nf2 `par` (nf1 `seq` (nf1 + nf2 + 1))  where nf1 = parfib (n-1)
//                                                                                    nf2 = parfib (n-2)
// Key: a = the argument. A node m >= max(threshold, 2) sparks m-2, evaluates m-1 inline, then adds: its own call
// costs call_seconds, half before the spark, half after. A node m below the threshold is a sequential leaf costing
// parfib_calls(m) x call_seconds, so the simulator never expands below it.
//
// GUM has no cut-off: the threshold is a simulation device. Without it parfib(41) has F(42) - 1 ~ 2.7e8 sparks,
// of which GUM made 26 595 threads on 16 PEs (Table 6; the rest were absorbed by their parents). The threads GUM
// creates come mostly from coarse sparks (the oldest in a pool are exported first) and from local sparks
// activated when a thread blocks on a stolen child; with the default threshold every spark of at least
// parfib(17) (~4.5 ms of work) still exists, 75 024 of them, so a runtime can create the paper's count but not
// threads finer than that.
//
// [ASSUMPTION] n = 41. Table 1 does not give n; Table 3's parFib(45) takes ~1030 s on one Edin2 PE, ~2.8x faster
// than Edin1 on the other kernels (Tables 1 and 3/4), i.e. ~2900 s on Edin1, and 465.1 s is that over ~6.2 ~
// φ^3.8: n = 41 (with the default call cost parfib(45) takes 3188 s on Edin1, consistent).
uint64_t fibonacci(int n);     // F(0) = 0, F(1) = F(2) = 1; n <= 93
uint64_t parfib_calls(int n);  // calls of parfib n = its value = 2 F(n+1) - 1; n <= 91
// Sparks created by a one-PE run of parfib n with the cut-off: F(n - t + 3) - 1 with t = max(threshold, 2).
uint64_t parfib_sparks(int n, int threshold);

struct ParFibParameters {
  int n = 41;
  int threshold = 19;
  // Calibrated: parfib(41) = 2 F(42) - 1 = 535 828 591 calls take Table 1's 465.1 s (868 ns per call).
  double call_seconds = 465.1 / 535828591.0;
  double packet_bytes = 5.6;  // Table 6: graph and result bytes of every node
};

class ParFib : public Program {
public:
  explicit ParFib(ParFibParameters p = {});
  std::string name() const override { return "parFib"; }
  Parameters parameters() const override;
  NodeKey root() const override { return {p_.n, 0, 0}; }
  Node expand(const NodeKey& key) const override;
  double sequential_work() const override;
  uint64_t spark_count() const override;
  double packet_bytes() const override { return p_.packet_bytes; }

private:
  ParFibParameters p_;
};

// ---- sumEuler --------------------------------------------------------------------------------------------------
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
uint64_t euler_hcf_calls(int64_t n);         // exact: Σ_{k=1}^{n-1} calls of hcf n k
double euler_hcf_calls_estimate(int64_t n);  // (n-1)(A ln n + B); 0 for n < 2

struct SumEulerParameters {
  int64_t lower = 1;
  int64_t upper = 32800;
  int64_t chunk = 400;
  bool exact = false;
  // Calibrated: the estimate summed over 1..32 800, 5 019 147 758.3 calls, takes Table 1's 1598.1 s.
  double call_seconds = 1598.1 / 5019147758.3;
  double packet_bytes = 90.3;  // Table 6: graph and result bytes of every node
};

class SumEuler : public Program {
public:
  explicit SumEuler(SumEulerParameters p = {});
  std::string name() const override { return "sumEuler"; }
  Parameters parameters() const override;
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

// ---- queens ----------------------------------------------------------------------------------------------------
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
struct QueensParameters {
  int n = 13;
  int depth = 2;
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
  Parameters parameters() const override;
  NodeKey root() const override { return {0, 0, 0}; }
  Node expand(const NodeKey& key) const override;
  double sequential_work() const override;
  uint64_t spark_count() const override { return sparks_; }
  double packet_bytes() const override { return p_.packet_bytes; }

private:
  QueensParameters p_;
  uint64_t full_ = 0;          // n low bits set
  uint64_t search_nodes_ = 0;  // of the whole search
  uint64_t sparks_ = 0;
};

// ---- raytracer -------------------------------------------------------------------------------------------------
// [ASSUMPTION] The paper gives no code: "highly irregular, limited parallelism, threads generated at different
// stages, high communication degree" (A.2, Table 6: 350 threads on 16 PEs, 321.8-byte packets). Modelled as a
// rows x width image traced row by row, data-parallel over groups of consecutive rows:
//   - a row's cost is width x pixel_seconds x profile(row), profile = (1 + Σ_j h_j exp(-((row + 1/2 - μ_j)/σ_j)²))
//     x (0.75 + 0.5 u_row): `objects` scene objects at hashed rows μ_j, widths σ_j in [rows/64, rows/12] and heights
//     h_j in [0.2, 1] x peak, times hashed per-row noise (all hashes of the seed and an index: rows differ by ~25x);
//   - the root does the scene set-up and the image output itself (serial_fraction of the total, half before and
//     half after) and sparks one task per group of rows (group g holds rows [g rows/groups, (g+1) rows/groups));
//   - a group costlier than split_above x the mean group sparks each of its rows when it is evaluated (the nested
//     sparks appear late, "at different stages"), a cheaper group is traced sequentially.
// The defaults (640 x 640, 32 groups of 20 rows, seed 1) split 16 groups: 32 + 16 x 20 = 352 sparks.
// Key: root {0, 0, 0}; group {1, g, 0}; row {2, row, 0}.
// Bytes: every spark packs packet_bytes; a row's value is width x pixel_bytes (a list of colours), a group's the
// sum of its rows'. [ASSUMPTION] pixel_bytes = 64 (a boxed RGB triple and a cons cell on a 32-bit heap).
struct RaytracerParameters {
  int rows = 640;
  int width = 640;
  int groups = 32;
  int objects = 6;
  double peak = 12;
  double split_above = 1.0;
  int64_t seed = 1;
  double serial_fraction = 0.03;
  // Calibrated: the default profile sums to 4 347.735 row units; x 640 pixels x pixel_seconds that is 97 % of
  // Table 1's 2782.7 s (the other 3 % is the root's serial work).
  double pixel_seconds = 0.97 * 2782.7 / (640.0 * 4347.734976);
  double pixel_bytes = 64;
  double packet_bytes = 321.8;  // Table 6
};

class Raytracer : public Program {
public:
  explicit Raytracer(RaytracerParameters p = {});
  std::string name() const override { return "raytracer"; }
  Parameters parameters() const override;
  NodeKey root() const override { return {0, 0, 0}; }
  Node expand(const NodeKey& key) const override;
  double sequential_work() const override { return total_; }
  uint64_t spark_count() const override { return sparks_; }
  double packet_bytes() const override { return p_.packet_bytes; }

  double row_work(int row) const { return row_work_.at(static_cast<size_t>(row)); }
  double group_work(int group) const;
  bool group_splits(int group) const { return split_.at(static_cast<size_t>(group)); }
  std::pair<int, int> group_rows(int group) const;  // [first, end)
  int group_of(int64_t row) const;

private:
  RaytracerParameters p_;
  std::vector<double> row_work_;  // seconds
  std::vector<bool> split_;
  double serial_ = 0, total_ = 0;
  uint64_t sparks_ = 0;
};

// ---- matMult ---------------------------------------------------------------------------------------------------
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
  Parameters parameters() const override;
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

// ---- linSolv ---------------------------------------------------------------------------------------------------
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
struct LinSolvParameters {
  int stages = 22;
  int tasks = 11;
  double irregularity = 0.75;
  int64_t seed = 1;
  double serial_fraction = 0.08;
  double sequential_seconds = 828.9;  // Table 1
  double result_bytes = 290.7;        // [ASSUMPTION] one packet: a modular solution vector
  double packet_bytes = 290.7;        // Table 6
};

class LinSolv : public Program {
public:
  explicit LinSolv(LinSolvParameters p = {});
  std::string name() const override { return "linSolv"; }
  Parameters parameters() const override;
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

// ---- the registry --------------------------------------------------------------------------------------------------
struct ParameterSpec {
  std::string name;
  double default_value = 0;
  std::string description;
  bool integer = false;
};

struct KernelSpec {
  std::vector<ParameterSpec> parameters;
  PaperData paper;
  std::function<std::unique_ptr<Program>(const Parameters& complete)> make;
};

// "parFib", "sumEuler", "queens", "raytracer", "matMult", "linSolv" (the paper's spellings).
const NamedRegistry<KernelSpec>& kernels();

// The kernel with its defaults, overridden by `overrides`. Throws UnknownName for an unknown kernel and
// std::invalid_argument for an unknown parameter (listing the known ones), a non-integral value of an integer
// parameter, or a value the kernel rejects.
std::unique_ptr<Program> make_kernel(const std::string& name, const Parameters& overrides = {});

}  // namespace isogrid::gph
