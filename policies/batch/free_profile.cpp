#include "policies/batch/free_profile.hpp"

#include <algorithm>
#include <iterator>
#include <limits>
#include <vector>

namespace isogrid::batch {

FreeProfile::FreeProfile(double now, unsigned free, std::vector<RunningJob> running)
{
  steps_[now] = free;
  std::sort(running.begin(), running.end(),
            [](const RunningJob& a, const RunningJob& b) { return a.expected_end < b.expected_end; });
  for (const auto& r : running) {
    free += r.width;
    steps_[std::max(r.expected_end, now)] = free;
  }
}

double FreeProfile::earliest(unsigned width, double duration) const
{
  for (auto it = steps_.begin(); it != steps_.end(); ++it)
    if (fits_from(it, width, duration))
      return it->first;
  return std::numeric_limits<double>::infinity();
}

void FreeProfile::reserve(double start, unsigned width, double duration)
{
  double end = start + duration;
  split(start);
  split(end);
  for (auto it = steps_.find(start); it != steps_.end() && it->first < end; ++it)
    it->second -= width;
}

unsigned FreeProfile::free_at(double t) const { return std::prev(steps_.upper_bound(t))->second; }

bool FreeProfile::fits_from(std::map<double, unsigned>::const_iterator from, unsigned width, double duration) const
{
  double end = from->first + duration;
  for (auto it = from; it != steps_.end() && it->first < end; ++it)
    if (it->second < width)
      return false;
  return true;
}

void FreeProfile::split(double t)
{
  if (steps_.count(t) == 0)
    steps_[t] = free_at(t);
}

double conservative_reservation(const QueueView& view, unsigned width, double requested)
{
  FreeProfile profile(view);
  for (const BatchJob& j : view.queue)
    profile.reserve(profile.earliest(j.width, j.requested), j.width, j.requested);
  return profile.earliest(width, requested);
}

}  // namespace isogrid::batch
