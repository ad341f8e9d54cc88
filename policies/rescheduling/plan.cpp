#include "policies/rescheduling/plan.hpp"

#include <stdexcept>
#include <string>

namespace isogrid::rescheduling {

IntervalPlan plan_of(IntervalScheduler& intervals, std::vector<std::size_t> ends, const PlanSettings& settings)
{
  const std::size_t n = intervals.phases();
  if (ends.empty() || ends.back() != n)
    throw std::invalid_argument("a plan's last interval ends with the last phase (" + std::to_string(n) + ")");
  IntervalPlan plan;
  std::size_t first = 0;
  for (std::size_t end : ends) {
    if (end <= first)
      throw std::invalid_argument("a plan's interval ends must rise: " + std::to_string(end) + " after " +
                                  std::to_string(first));
    double t = intervals.at(first, end).time;
    plan.times.push_back(t);
    plan.time += t;
    if (!(t > settings.t_thres)) {
      plan.violations += 1;
      plan.violation_extent += settings.t_thres - t;
    }
    first = end;
  }
  plan.time += static_cast<double>(ends.size() - 1) * settings.rcost;
  plan.ends = std::move(ends);
  return plan;
}

IntervalPlan single_interval_plan(IntervalScheduler& intervals, const PlanSettings& settings)
{
  return plan_of(intervals, {intervals.phases()}, settings);
}

bool better_plan(const IntervalPlan& a, const IntervalPlan& b)
{
  if (a.valid() != b.valid())
    return a.valid();
  if (a.time != b.time)
    return a.time < b.time;
  if (a.intervals() != b.intervals())
    return a.intervals() < b.intervals();
  return a.ends < b.ends;
}

std::vector<std::size_t> ends_of_markers(const std::vector<bool>& markers)
{
  std::vector<std::size_t> ends;
  for (std::size_t k = 0; k < markers.size(); ++k)
    if (markers[k])
      ends.push_back(k + 1);
  ends.push_back(markers.size() + 1);
  return ends;
}

std::vector<bool> markers_of_ends(const std::vector<std::size_t>& ends, std::size_t phases)
{
  std::vector<bool> markers(phases > 0 ? phases - 1 : 0, false);
  for (std::size_t end : ends)
    if (end < phases)
      markers[end - 1] = true;
  return markers;
}

}  // namespace isogrid::rescheduling
