#pragma once
// What a stream of batch jobs is, in the figures workload studies open with (Feitelson & Nitzberg 1995; Lublin &
// Feitelson 2003): how many jobs over how long, how wide, how long they run, and the load they offer. Pure; `isogrid
// jobs` prints it.
#include "policies/batch/batch_queue.hpp"

#include <vector>

namespace isogrid::batch {

struct StreamSummary {
  double jobs               = 0;
  double days               = 0;  // first to last submission
  double jobs_per_day       = 0;  // NaN over a span of 0
  double offered_load       = 0;  // as job_stream.hpp's offered_load
  double serial_share       = 0;  // jobs of 1 processor
  double power_of_two_share = 0;  // jobs of 2, 4, 8, ... processors
  double mean_width = 0, max_width = 0;
  double mean_run_time = 0, median_run_time = 0, max_run_time = 0;  // s
  double parallel_work_share = 0;                                   // processor-seconds of jobs wider than 1, over all
};

StreamSummary summarise_stream(const std::vector<BatchJob>& jobs, unsigned processors);

}  // namespace isogrid::batch
