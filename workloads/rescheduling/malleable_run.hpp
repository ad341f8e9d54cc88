#pragma once
// A malleable phased application executed on SimGrid (Sanjay, ch. 5): a plan becomes a list of segments, each a run
// of phases on one processor set of one cluster under one step's loads. Within a segment the application is
// bulk-synchronous, as Eq. 3.6 reads it: in each phase every process computes its share (the slowest, most loaded
// machine ends it), then passes its data to the next process of a ring over that pair's link (the slowest link
// ends it). Other users' jobs load each machine to the segment's available CPU; each pair's link runs at the
// segment's available bandwidth.
//
// Between segments that reschedule, the application stops at the interval marker: every process writes its share
// of the checkpoint to its cluster's storage host, the checkpoint crosses the wide-area link when the next segment
// runs in another cluster, the processes are launched again (`restart_s`, what SimGrid cannot simulate), and the
// new processes read their shares. The rescheduling cost is what all that takes in the simulation.
#include "policies/rescheduling/phased_application.hpp"
#include "policies/scheduling/cluster_state.hpp"
#include "simulator/core/model.hpp"

#include <cstddef>
#include <functional>
#include <memory>
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
std::vector<ExecutedRun> execute_runs(const MalleableGrid& grid, const std::vector<MalleableRun>& runs,
                                      const SimulationContext& context);

// The per-process work of one phase model on P processes: reference-machine seconds of computation and Mbit sent to
// the ring's next process. Eq. 3.6 at (P, cpu, bw) is computation / cpu + communication / bw.
struct ProcessShare {
  double computation_s      = 0;
  double communication_mbit = 0;
};
ProcessShare process_share(const scheduling::PerformanceModel& model, std::size_t processors);

}  // namespace isogrid::rescheduling
