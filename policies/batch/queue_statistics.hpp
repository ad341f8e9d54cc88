#pragma once
// What a batch queue did to its jobs, in the measures the job-scheduling literature reports (Feitelson, Rudolph,
// Schwiegelshohn, Sevcik & Wong, "Theory and practice in parallel job scheduling", JSSPP 1997): waits, bounded
// slowdown, utilisation and the load the stream offered. Pure.
#include "policies/batch/batch_queue.hpp"

#include <vector>

namespace isogrid::batch {

// The run time below which a job's slowdown is taken over this instead: a 1 s job waiting 1 min is not 61 times
// slowed down in any sense a user feels (the convention of the literature, tau = 10 s).
constexpr double kSlowdownBound = 10;

struct QueueStatistics {
  double jobs = 0, killed = 0;
  double mean_wait = 0, median_wait = 0, max_wait = 0;  // s
  double mean_bounded_slowdown = 0;  // mean of max(1, (wait + run) / max(run, 10 s)), run as executed
  double utilisation           = 0;  // processor-seconds executed / (processors x (last end - first submit))
  double offered_load          = 0;  // sum of width x run time / (processors x (last submit - first submit))
  double makespan              = 0;  // s, last end - first submit
};

// Of `outcomes`, run_batch_queue's for `jobs` on `processors`. NaN for the means of no job.
QueueStatistics queue_statistics(const std::vector<BatchJob>& jobs, const std::vector<JobOutcome>& outcomes,
                                 unsigned processors);

}  // namespace isogrid::batch
