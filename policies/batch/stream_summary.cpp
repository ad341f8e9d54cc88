#include "policies/batch/stream_summary.hpp"

#include "base/quantile.hpp"
#include "policies/batch/job_stream.hpp"

#include <algorithm>
#include <limits>

namespace isogrid::batch {

StreamSummary summarise_stream(const std::vector<BatchJob>& jobs, unsigned processors)
{
  StreamSummary s;
  s.jobs = static_cast<double>(jobs.size());
  if (jobs.empty())
    return s;
  std::vector<double> runs;
  runs.reserve(jobs.size());
  double work = 0, parallel_work = 0, widths = 0, run_sum = 0;
  for (const BatchJob& j : jobs) {
    bool power_of_two = j.width > 1 && (j.width & (j.width - 1)) == 0;
    s.serial_share += j.width == 1 ? 1 : 0;
    s.power_of_two_share += power_of_two ? 1 : 0;
    widths += j.width;
    s.max_width = std::max(s.max_width, static_cast<double>(j.width));
    runs.push_back(j.run_time);
    run_sum += j.run_time;
    s.max_run_time = std::max(s.max_run_time, j.run_time);
    work += j.width * j.run_time;
    parallel_work += j.width > 1 ? j.width * j.run_time : 0;
  }
  double span    = jobs.back().submit - jobs.front().submit;
  s.days         = span / 86400;
  s.jobs_per_day = span > 0 ? s.jobs / s.days : std::numeric_limits<double>::quiet_NaN();
  s.offered_load = offered_load(jobs, processors);
  s.serial_share /= s.jobs;
  s.power_of_two_share /= s.jobs;
  s.mean_width          = widths / s.jobs;
  s.mean_run_time       = run_sum / s.jobs;
  s.median_run_time     = median_of(std::move(runs));
  s.parallel_work_share = work > 0 ? parallel_work / work : 0;
  return s;
}

}  // namespace isogrid::batch
