#pragma once
// A rescheduling plan (Sanjay §5.2): the phases cut into consecutive intervals, each run on the schedule Box
// Elimination finds for it. Its cost is Eq. 5.2, the intervals' times plus rcost per reschedule,
//   sum_i t_i + (L - 1) rcost,
// and it is valid when every interval takes longer than t_thres (Eq. 5.3; the thesis's text says "less than" but
// its equation and pseudo-code mean "greater": erratum 9 of the shared notes). A plan of one interval never
// reschedules; it is valid by the same rule as any other, and is every planner's answer when nothing valid exists.
#include "policies/rescheduling/interval_scheduler.hpp"

#include <cstddef>
#include <vector>

namespace isogrid::rescheduling {

struct PlanSettings {
  double rcost   = 0;     // s, per reschedule
  double t_thres = 1200;  // s: an interval must take longer
};

struct IntervalPlan {
  std::vector<std::size_t> ends;  // each interval's end (exclusive phase index), ascending; the last is the phase count
  std::vector<double> times;      // each interval's time on its own schedule
  double time             = 0;    // Eq. 5.2
  std::size_t violations  = 0;    // intervals not longer than t_thres
  double violation_extent = 0;    // sum over them of t_thres - t

  std::size_t intervals() const { return ends.size(); }
  bool valid() const { return violations == 0; }
};

// Scores the plan cut at `ends` (Eq. 5.2 and 5.3). Throws std::invalid_argument on ends that do not cut the phases.
IntervalPlan plan_of(IntervalScheduler& intervals, std::vector<std::size_t> ends, const PlanSettings& settings);

// The one-interval plan: schedule once, never reschedule.
IntervalPlan single_interval_plan(IntervalScheduler& intervals, const PlanSettings& settings);

// True when a is a better answer than b: valid before invalid, then the lower Eq. 5.2 time, then fewer intervals,
// then the earlier cuts (so every planner breaks ties the same way).
bool better_plan(const IntervalPlan& a, const IntervalPlan& b);

// Markers as the GA encodes them: bit k set means "reschedule after phase k" (k < phases - 1).
std::vector<std::size_t> ends_of_markers(const std::vector<bool>& markers);
std::vector<bool> markers_of_ends(const std::vector<std::size_t>& ends, std::size_t phases);

}  // namespace isogrid::rescheduling
