#pragma once
// The hierarchical master-worker farm on SimGrid (Argollo et al., Sec. 2 and 4).
//
//   master (cluster 0, host 0)  -- on demand: every result that comes back frees its sender for as many new tasks
//     |                            as it carried; sums each result into the running total, averages at the end
//     +-- local workers           -- compute, send the result (without waiting for it to arrive), take the next task
//     +-- sub-master per remote cluster (the communication manager): to the master one fast, high-latency worker
//           |                      holding  workers x worker_prefetch + queue  tasks (queue: a farm-prefetch
//           |                      policy); hands them on demand to its sub-workers, sums S of their results and
//           |                      queues one result-sized message on the Internet uplink (the last may carry fewer)
//           +-- sub-workers       -- as local workers, reporting to the sub-master
//           +-- uplink             -- sends the queued messages to the master one at a time
//
// Workers hold worker_prefetch tasks: 1 is the paper's protocol (a result frees the worker for one new task); with
// 2 or more a worker computes the next task while its last result travels (computation/communication overlap),
// at the price of a longer tail: a slow worker may still hold two tasks when the master runs out.
#include "simulator/sg/messaging.hpp"

#include <memory>
#include <vector>

namespace isogrid {
class Timeline;
}

namespace isogrid::farm {

struct FarmWiring;  // the queues the actors share (farm_skeleton.cpp)

struct FarmRun {
  // What to run.
  std::vector<sg::Host*> heads;                 // per cluster: the master's (0) or sub-master's host
  std::vector<std::vector<sg::Host*>> workers;  // per cluster, in dispatch order; an empty remote cluster stays out
  long long tasks        = 500;
  double task_flops      = 1e12;
  double command_bytes   = 4;
  double result_bytes    = 2310244;
  double aggregate_flops = 577561;     // adding one result matrix into a sum (one flop per float)
  std::vector<long long> aggregation;  // per cluster S (cluster 0's unused)
  std::vector<long long> queue;        // per cluster: tasks a sub-master keeps queued (at least S)
  long long worker_prefetch = 1;
  // Where the run records each task's computation on its worker and each message on a remote cluster's Internet
  // link (a timeline plot names the point); null: nothing is recorded, a null check per task.
  Timeline* timeline = nullptr;
  std::vector<std::string> cluster_names;  // per cluster, the zone of its rows in the timeline (default c0, c1, ...)

  // What happened (filled by the time the engine stops).
  double makespan = 0;                // the master has the average
  std::vector<long long> tasks_done;  // per cluster, counted as results reach the master
  std::vector<long long> messages;    // per cluster: result messages that reached the master
  std::vector<double> uplink_busy;    // per remote cluster: seconds its uplink spent sending

  std::shared_ptr<FarmWiring> wiring;  // kept alive until the engine stops
};

// Starts the farm's actors in the current engine; run the engine, then read the outputs.
void launch_farm(FarmRun& run);

}  // namespace isogrid::farm
