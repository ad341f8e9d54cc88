#include "policies/batch/job_stream.hpp"

#include <algorithm>
#include <cmath>
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

double random_offset(double span, SeededRandom& random) { return span > 0 ? random.uniform(0, span) : 0; }

}  // namespace isogrid::batch
