#include "policies/batch/job_stream.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace isogrid::batch {

std::vector<BatchJob> job_stream(const SwfTrace& trace, const StreamSettings& s)
{
  if (!(s.load_factor > 0 && s.load_factor <= 10))
    throw std::invalid_argument("load factor " + std::to_string(s.load_factor) + " is outside (0, 10]");
  if (!(s.to > s.from))
    throw std::invalid_argument("the time window is empty: to must be after from");
  if (s.cluster_processors == 0)
    throw std::invalid_argument("the cluster needs at least one processor");
  if (!(s.requested_over_run >= 1))
    throw std::invalid_argument("requested time over run time must be >= 1");
  int64_t max = trace.max_procs();
  std::vector<BatchJob> out;
  for (const SwfJob& j : trace.jobs) {
    if (j.submit < s.from || j.submit >= s.to)
      continue;
    int64_t width = j.requested_procs > 0 ? j.requested_procs : j.allocated;
    if (width <= 0 || j.run_time < 0)
      continue;  // the trace does not know how wide or how long: nothing to replay
    if (s.scale_widths && max > 0)
      width = std::max<int64_t>(1, std::llround(static_cast<double>(width) * s.cluster_processors / max));
    if (width > static_cast<int64_t>(s.cluster_processors))
      throw SwfError(j.line, j.width_column,
                     "job " + std::to_string(j.number) + " asks for " + std::to_string(width) +
                         " processors; the cluster has " + std::to_string(s.cluster_processors) +
                         (s.scale_widths ? "" : " (scale the widths, or a larger cluster)"));
    BatchJob b;
    b.id        = static_cast<uint64_t>(j.number);
    b.submit    = s.offset + (j.submit - s.from) / s.load_factor;
    b.width     = static_cast<unsigned>(width);
    b.run_time  = j.run_time;
    b.requested = j.requested_time > 0 ? j.requested_time : std::max(1.0, j.run_time * s.requested_over_run);
    out.push_back(b);
  }
  return out;
}

double offered_load(const std::vector<BatchJob>& jobs, unsigned processors)
{
  if (jobs.empty() || !(jobs.back().submit > jobs.front().submit))
    return std::numeric_limits<double>::quiet_NaN();
  double asked = 0;
  for (const BatchJob& j : jobs)
    asked += j.run_time * j.width;
  return asked / (static_cast<double>(processors) * (jobs.back().submit - jobs.front().submit));
}

std::vector<BatchJob> at_offered_load(std::vector<BatchJob> jobs, unsigned processors, double target)
{
  double now = offered_load(jobs, processors);
  if (!(now > 0))
    throw std::invalid_argument("the stream offers no load to scale: it needs two submit times and some work");
  double factor = target / now, first = jobs.front().submit;
  for (BatchJob& j : jobs)
    j.submit = first + (j.submit - first) / factor;
  return jobs;
}

double random_offset(double span, SeededRandom& random) { return span > 0 ? random.uniform(0, span) : 0; }

}  // namespace isogrid::batch
