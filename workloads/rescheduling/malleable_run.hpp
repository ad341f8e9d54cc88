#pragma once
// A malleable phased application executed on SimGrid (Sanjay, ch. 5): a plan becomes a list of segments, each a run
// of phases on one processor set of one cluster under one step's loads, executed as executed_phases.hpp runs phases
// (bulk-synchronous: compute, then pass along a ring). Other users' jobs load each machine to the segment's
// available CPU; each pair's link runs at the segment's available bandwidth. Between segments that reschedule, the
// application stops and moves its checkpoint (executed_phases.hpp); the rescheduling cost is what that takes in the
// simulation.
#include "policies/rescheduling/phased_application.hpp"
#include "policies/scheduling/cluster_state.hpp"
#include "simulator/core/model.hpp"
#include "workloads/rescheduling/executed_phases.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace isogrid::rescheduling {

struct RunSegment {
  std::size_t cluster = 0;
  std::size_t first = 0, last = 0;  // phases first .. last - 1
  std::size_t step = 0;             // whose loads it meets
  scheduling::Schedule machines;    // in ring order
  bool reschedule = false;          // stop, checkpoint and restart before it (never before the first)
};

using MalleableRun = std::vector<RunSegment>;

struct MalleableGrid {
  std::vector<PhasedApplication> apps;        // per cluster (its computation scaled by the cluster's factor)
  std::vector<double> storage_mbps;           // per cluster: the storage host's link, Mbit/s
  std::vector<std::vector<double>> wan_mbps;  // [a][b]: the available wide-area bandwidth, Mbit/s
  // The loads of a step on a cluster; asked once per segment, so it may draw them afresh.
  std::function<std::shared_ptr<const scheduling::ClusterState>(std::size_t step, std::size_t cluster)> state;
  double checkpoint_mb = 100;  // the application's registered data, MB
  double restart_s     = 30;   // launching the processes again, s
};

struct ExecutedRun {
  double time             = 0;  // the whole run, s
  double reschedule_time  = 0;  // stopping, checkpointing, moving and restarting, s
  std::size_t reschedules = 0;
};

// Every run side by side in one simulation, each on its own copy of the grid. Throws std::invalid_argument on a
// segment that names a missing cluster or phase or has no machine, or on an application whose communication does
// not scale linearly with bandwidth (no data volume gives its times).
// With context.timeline, every run is a row of the timeline (named by `names`, else "run k"): its segments as
// "run" on "cluster c", each reschedule as "move" ("cluster a > cluster b", or "within cluster c"), in simulated
// seconds.
std::vector<ExecutedRun> execute_runs(const MalleableGrid& grid, const std::vector<MalleableRun>& runs,
                                      const SimulationContext& context, const std::vector<std::string>& names = {});

}  // namespace isogrid::rescheduling
