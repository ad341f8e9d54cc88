#pragma once
// Sweeps that outgrow one machine: shard K of N runs a fixed part of an experiment's points into its own folder,
// DIR/shards/K-of-N/ (its own results.csv, run.json and lock, resumable on its own), and `collect` merges the shards
// into DIR/results.csv, byte-identical to a run on one machine but for wall_s. See docs/cluster.md.
//
// The partition is a pure function of the point indices: the experiment's included points, ordered by a fixed hash
// of their index (splitmix64), are dealt to the shards in turn. Every shard gets the same count to within one, and a
// costly region of a sweep (the large m, the last seeds) is spread over all of them rather than landing in one.
#include "simulator/experiment/experiment.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace isogrid {

struct ShardSpec {
  unsigned k = 1;  // 1..n
  unsigned n = 1;
};

// "K/N" with 1 <= K <= N. Throws std::invalid_argument with a message saying what is wrong.
ShardSpec parse_shard(const std::string& text);

// Which shard (1..n) each included point belongs to; 0 for points `where` rules out.
std::vector<unsigned> shard_of_points(const Experiment& ex, unsigned n);

// Rules out every point outside shard `s` (on top of `where`), so that a run of `ex` runs shard `s` only.
void restrict_to_shard(Experiment& ex, ShardSpec s);

// DIR/shards/K-of-N, K and N zero-padded to the same width (so that a listing sorts them).
std::string shard_folder(const std::string& dir, ShardSpec s);
// The shards folder under DIR.
std::string shards_root(const std::string& dir);

// A shard folder found under DIR/shards.
struct ShardFolder {
  ShardSpec spec;
  std::string path;
};
// Every K-of-N folder under DIR/shards, by K; throws std::runtime_error when they disagree on N.
std::vector<ShardFolder> find_shard_folders(const std::string& dir);

}  // namespace isogrid
