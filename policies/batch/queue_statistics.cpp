#include "policies/batch/queue_statistics.hpp"

#include "base/quantile.hpp"
#include "policies/batch/job_stream.hpp"

#include <algorithm>
#include <limits>

namespace isogrid::batch {

QueueStatistics queue_statistics(const std::vector<BatchJob>& jobs, const std::vector<JobOutcome>& outcomes,
                                 unsigned processors)
{
  QueueStatistics s;
  s.jobs = static_cast<double>(jobs.size());
  if (jobs.empty()) {
    double nan  = std::numeric_limits<double>::quiet_NaN();
    s.mean_wait = s.median_wait = s.max_wait = s.mean_bounded_slowdown = s.utilisation = s.offered_load = s.makespan =
        nan;
    return s;
  }
  std::vector<double> waits(jobs.size());
  double first = jobs.front().submit, last_end = first;
  double executed = 0, slowdown = 0, waited = 0;
  for (size_t i = 0; i < jobs.size(); ++i) {
    const JobOutcome& o = outcomes[i];
    double ran          = o.end - o.start;
    waits[i]            = o.wait();
    waited += waits[i];
    s.killed += o.killed ? 1 : 0;
    s.max_wait = std::max(s.max_wait, waits[i]);
    slowdown += std::max(1.0, (waits[i] + ran) / std::max(ran, kSlowdownBound));
    executed += ran * o.width;
    last_end = std::max(last_end, o.end);
  }
  double n                = s.jobs;
  s.mean_wait             = waited / n;
  s.median_wait           = median_of(waits);
  s.mean_bounded_slowdown = slowdown / n;
  s.makespan              = last_end - first;
  s.utilisation           = s.makespan > 0 ? executed / (processors * s.makespan) : 0;
  s.offered_load          = offered_load(jobs, processors);
  return s;
}

}  // namespace isogrid::batch
