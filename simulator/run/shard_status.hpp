#pragma once
// How far a results folder, or each shard of a sharded run, has got: read from run.json, results.csv and the
// folder's lock, without taking it. For `isogrid status` and `isogrid submit --wait`.
#include <cstdint>
#include <string>
#include <vector>

namespace isogrid {

struct FolderState {
  // complete, running, interrupted, failed, stopped (run.json says running but no process holds the folder: killed,
  // or its node went away), starting (locked, no run.json yet), not started
  std::string state  = "not started";
  std::uint64_t done = 0, total = 0;
  std::string host;
};

FolderState folder_state(const std::string& folder);

// Complete rows in a results.csv: its lines but the header (a torn last line is not counted). 0 when absent.
std::uint64_t result_rows(const std::string& csv);

// One entry per shard 1..N of the shards under DIR (N from their folder names); empty when there is none.
std::vector<FolderState> shard_states(const std::string& dir);

}  // namespace isogrid
