// The Incremental Algorithm (Sanjay Fig. 5.2), with the errata of the shared notes (section 4.1) applied.
#include "policies/rescheduling/planners.hpp"

namespace isogrid::rescheduling {

IntervalPlan incremental_plan(IntervalScheduler& intervals, const PlanSettings& settings)
{
  const std::size_t n = intervals.phases();
  std::vector<std::size_t> ends;
  std::size_t start = 0;
  while (start < n) {
    // Lines 5-14: grow the interval from its first phase until it is valid.
    std::size_t end = start + 1;
    while (end < n && !(intervals.at(start, end).time > settings.t_thres))
      ++end;
    if (!(intervals.at(start, end).time > settings.t_thres)) {
      // The remaining phases never make a valid interval: they join the last one (or are the whole plan).
      if (ends.empty())
        ends.push_back(n);
      else
        ends.back() = n;
      break;
    }
    // Lines 15-28: the next phase stays on prevSched while that beats rescheduling it.
    const ScheduleTraits prev = intervals.at(start, end).traits;
    while (end < n) {
      double on_previous = intervals.time_on(start, end + 1, prev);
      double rescheduled = intervals.at(start, end + 1).time;
      if (!(on_previous < rescheduled + settings.rcost))
        break;
      ++end;
    }
    ends.push_back(end);
    start = end;
  }
  return plan_of(intervals, std::move(ends), settings);
}

}  // namespace isogrid::rescheduling
