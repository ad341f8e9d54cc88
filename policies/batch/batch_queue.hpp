#pragma once
// A batch cluster's queue (Sanjay, Sec. 6.4: the LoadLeveler clusters MerITA submits to): rigid jobs, each asking
// for a number of processors and a requested (wall-clock limit) time, started by a queue policy. Pure: a policy
// sees the queue and the running jobs and says which queued jobs start now; `run_batch_queue` replays a stream of
// jobs through one, deciding on requested times and executing actual run times (a job past its requested time is
// killed, as a batch system does).
#include "base/named_registry.hpp"

#include <cstdint>
#include <functional>
#include <vector>

namespace isogrid::batch {

struct BatchJob {
  uint64_t id      = 0;
  double submit    = 0;  // s
  unsigned width   = 1;  // processors
  double requested = 0;  // s, the wall-clock limit the policy plans with
  double run_time  = 0;  // s, what the job actually takes (killed at `requested` if longer)
};

// A job holding processors, as a policy plans with it: until its start plus its requested time.
struct RunningJob {
  unsigned width      = 1;
  double expected_end = 0;
};

// What a policy decides on: the time, the cluster's size, the running jobs and the queue in submission order.
struct QueueView {
  double now     = 0;
  unsigned total = 0;
  unsigned free  = 0;
  std::vector<RunningJob> running;
  std::vector<BatchJob> queue;
};

// The positions in view.queue of the jobs to start now, in any order; each must fit in the free processors left by
// the others.
using QueuePolicy = std::function<std::vector<size_t>(const QueueView&)>;

// fcfs, easy (EASY backfilling: the queue's head keeps its reservation), conservative (every queued job keeps its
// reservation); a plugin may add its own.
const NamedRegistry<QueuePolicy>& queue_policies();
NamedRegistry<QueuePolicy>& queue_policy_registry();

struct JobOutcome {
  uint64_t id    = 0;
  double submit  = 0;
  double start   = 0;
  double end     = 0;
  unsigned width = 1;
  bool killed    = false;  // ran past its requested time

  double wait() const { return start - submit; }
};

// Every job of `jobs` (in submission order, submit times not decreasing, none wider than `processors`) through the
// queue `policy` on a cluster of `processors`; outcomes in the jobs' order. Throws std::invalid_argument on a job
// wider than the cluster, a submit time going backwards, a non-positive requested time or a negative run time, and
// std::logic_error when the policy starts a job that does not fit.
std::vector<JobOutcome> run_batch_queue(const std::vector<BatchJob>& jobs, unsigned processors,
                                        const QueuePolicy& policy);

}  // namespace isogrid::batch
