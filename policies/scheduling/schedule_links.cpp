#include "policies/scheduling/schedule_links.hpp"

#include <algorithm>
#include <limits>

namespace isogrid::scheduling {

namespace {
constexpr double infinity = std::numeric_limits<double>::infinity();
constexpr std::size_t nobody = std::numeric_limits<std::size_t>::max();
}  // namespace

ScheduleLinks::ScheduleLinks(const ClusterState& state, Schedule members)
    : state_(state), members_(std::move(members)), slowest_(members_.size(), infinity)
{
  for (std::size_t i = 0; i < members_.size(); ++i)
    slowest_[i] = slowest_link(i, nobody);
}

double ScheduleLinks::slowest_link(std::size_t i, std::size_t skip) const
{
  double out = infinity;
  const double* row = state_.bandwidth_row(members_[i]);
  for (std::size_t j = 0; j < members_.size(); ++j)
    if (j != i && j != skip)
      out = std::min(out, row[members_[j]]);
  return out;
}

ScheduleTraits ScheduleLinks::traits() const
{
  ScheduleTraits t;
  t.processors = members_.size();
  if (members_.empty())
    return t;
  t.cpu = infinity, t.bandwidth = infinity;
  for (std::size_t i = 0; i < members_.size(); ++i) {
    t.cpu = std::min(t.cpu, state_.cpu(members_[i]));
    t.bandwidth = std::min(t.bandwidth, slowest_[i]);
  }
  return t;
}

ScheduleTraits ScheduleLinks::traits_without(std::size_t k) const
{
  ScheduleTraits t;
  t.processors = members_.size() - 1;
  if (t.processors == 0)
    return t;
  t.cpu = infinity, t.bandwidth = infinity;
  const double* leaving = state_.bandwidth_row(members_[k]);
  for (std::size_t i = 0; i < members_.size(); ++i) {
    if (i == k)
      continue;
    t.cpu = std::min(t.cpu, state_.cpu(members_[i]));
    // Its slowest link may have been the one to k: only then look again.
    t.bandwidth = std::min(t.bandwidth, leaving[members_[i]] == slowest_[i] ? slowest_link(i, k) : slowest_[i]);
  }
  return t;
}

void ScheduleLinks::replace(std::size_t k, std::size_t machine)
{
  const double* leaving = state_.bandwidth_row(members_[k]);
  const double* joining = state_.bandwidth_row(machine);
  std::vector<bool> stale(members_.size(), false);
  for (std::size_t i = 0; i < members_.size(); ++i)
    stale[i] = i != k && leaving[members_[i]] == slowest_[i];
  members_[k] = machine;
  for (std::size_t i = 0; i < members_.size(); ++i) {
    if (i == k)
      continue;
    slowest_[i] = stale[i] ? slowest_link(i, nobody) : std::min(slowest_[i], joining[members_[i]]);
  }
  slowest_[k] = slowest_link(k, nobody);
}

}  // namespace isogrid::scheduling
