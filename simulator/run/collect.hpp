#pragma once
// `isogrid collect DIR`: the shards of a sweep (DIR/shards/K-of-N, each written by `isogrid run --shard K/N`) merged
// into DIR/results.csv and DIR/run.json, as one run on one machine would have written them. Refused, with nothing
// written, unless every shard is there and complete, all ran the same experiment (hash) with the same isogrid and
// SimGrid, and every point of the sweep is present exactly once.
#include "simulator/experiment/experiment.hpp"
#include "simulator/run/run_manifest.hpp"

#include <stdexcept>
#include <string>

namespace isogrid {

// Why the shards cannot be merged (yet): a missing or unfinished shard, a different experiment or version, a point
// missing or given twice with different results.
class CollectRefused : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// The experiment a sharded run was made from, as its first shard's run.json records it: its file (absolute) and the
// --set overrides. Throws CollectRefused when DIR holds no shard.
struct ShardedExperiment {
  std::string path;
  std::vector<std::string> overrides;
  unsigned shards = 0;
};
ShardedExperiment sharded_experiment(const std::string& dir);

struct CollectResult {
  unsigned shards = 0;
  RunCounts counts;
  double shards_wall_s = 0;  // summed over the shards: the machine time the sweep took
  std::string results_csv;
};

CollectResult collect_shards(const Experiment& ex, const std::string& dir, const std::string& command_line,
                             const std::string& simgrid_version);

}  // namespace isogrid
