// The Division heuristic (Sanjay §5.3.2, Fig. 5.3): markers are added one at a time, each time the one that gives
// the best plan with one more interval, as long as such a plan can be valid.
#include "policies/rescheduling/planners.hpp"

#include <algorithm>
#include <optional>

namespace isogrid::rescheduling {

IntervalPlan division_plan(IntervalScheduler& intervals, const PlanSettings& settings)
{
  const std::size_t n              = intervals.phases();
  IntervalPlan best                = single_interval_plan(intervals, settings);
  std::vector<std::size_t> current = best.ends;
  for (std::size_t count = 2; count <= n; ++count) {
    std::optional<IntervalPlan> best_of_count;
    for (std::size_t marker = 1; marker < n; ++marker) {
      if (std::find(current.begin(), current.end(), marker) != current.end())
        continue;
      std::vector<std::size_t> ends = current;
      ends.insert(std::upper_bound(ends.begin(), ends.end(), marker), marker);
      IntervalPlan plan = plan_of(intervals, std::move(ends), settings);
      if (plan.valid() && (!best_of_count || better_plan(plan, *best_of_count)))
        best_of_count = std::move(plan);
    }
    if (!best_of_count)
      break;  // no valid plan has this many intervals
    current = best_of_count->ends;
    if (better_plan(*best_of_count, best))
      best = std::move(*best_of_count);
  }
  return best;
}

}  // namespace isogrid::rescheduling
