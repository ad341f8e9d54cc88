#pragma once
// raytracer, one of the six GpH kernels of workloads/gph/kernels.hpp (which lists them and builds them by
// name; work is in reference-PE seconds, costs are deterministic, threads are the runtime's business).
//
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
#include "workloads/gph/program.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace isogrid::gph {

struct KernelSpec;

struct RaytracerParameters {
  int rows               = 640;
  int width              = 640;
  int groups             = 32;
  int objects            = 6;
  double peak            = 12;
  double split_above     = 1.0;
  int64_t seed           = 1;
  double serial_fraction = 0.03;
  // Calibrated: the default profile sums to 4 347.735 row units; x 640 pixels x pixel_seconds that is 97 % of
  // Table 1's 2782.7 s (the other 3 % is the root's serial work).
  double pixel_seconds = 0.97 * 2782.7 / (640.0 * 4347.734976);
  double pixel_bytes   = 64;
  double packet_bytes  = 321.8;  // Table 6
  // The scene lives on the main PE, where the root built it; tracing a row elsewhere fetches it piece by piece.
  // Calibrated on Table 6's GRID-GUM2 column (16 Edin1 PEs, median of 3): 100 fetches of 650 B per row give 47.7
  // messages/s/PE against 46.93 and 319 B of payload per message against 323.0; GRID-GUM1's column is then a
  // prediction (44.7 against 62.72; 327 B against 321.8).
  int fetches_per_row = 100;
  double fetch_bytes  = 650;
};

class Raytracer : public Program {
public:
  explicit Raytracer(RaytracerParameters p = {});
  std::string name() const override { return "raytracer"; }
  ProgramParameters parameters() const override;
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

// Its entry in kernels(): the parameters with their defaults, the paper's figures, the factory.
KernelSpec raytracer_spec();

}  // namespace isogrid::gph
