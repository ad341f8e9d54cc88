#include "policies/scheduling/cluster_state.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace isogrid::scheduling {

namespace {
constexpr double infinity = std::numeric_limits<double>::infinity();
}

ClusterState::ClusterState(std::vector<double> cpu, std::vector<double> bandwidth)
    : cpu_(std::move(cpu)), bandwidth_(std::move(bandwidth))
{
  const std::size_t n = cpu_.size();
  if (n == 0)
    throw std::invalid_argument("a cluster state needs at least one machine");
  if (bandwidth_.size() != n * n)
    throw std::invalid_argument("cluster state: " + std::to_string(n) + " machines need a " + std::to_string(n) +
                                " x " + std::to_string(n) + " bandwidth matrix, got " +
                                std::to_string(bandwidth_.size()) + " values");
  min_cpu_ = infinity, max_cpu_ = 0;
  for (std::size_t m = 0; m < n; ++m) {
    if (!(cpu_[m] > 0 && cpu_[m] <= 1))
      throw std::invalid_argument("cluster state: machine " + std::to_string(m) + " has available CPU " +
                                  std::to_string(cpu_[m]) + ", outside (0, 1]");
    min_cpu_ = std::min(min_cpu_, cpu_[m]);
    max_cpu_ = std::max(max_cpu_, cpu_[m]);
  }
  min_bandwidth_ = infinity, max_bandwidth_ = n > 1 ? 0 : infinity;
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b) {
      if (a == b)
        continue;
      double bw = bandwidth_[a * n + b];
      if (!(bw > 0) || !std::isfinite(bw))
        throw std::invalid_argument("cluster state: link " + std::to_string(a) + "-" + std::to_string(b) +
                                    " has available bandwidth " + std::to_string(bw) + ", not positive");
      if (bw != bandwidth_[b * n + a])
        throw std::invalid_argument("cluster state: the bandwidth matrix is not symmetric at " + std::to_string(a) +
                                    "-" + std::to_string(b));
      min_bandwidth_ = std::min(min_bandwidth_, bw);
      max_bandwidth_ = std::max(max_bandwidth_, bw);
    }
}

double ClusterState::mean_bandwidth(std::size_t m) const
{
  const std::size_t n = machines();
  if (n < 2)
    return infinity;
  double sum        = 0;
  const double* row = bandwidth_row(m);
  for (std::size_t b = 0; b < n; ++b)
    if (b != m)
      sum += row[b];
  return sum / static_cast<double>(n - 1);
}

SlowestLink slowest_link(const ClusterState& state, const Schedule& members, std::size_t skip)
{
  // Rows read in ascending machine order walk memory forwards. On a thousand machines the matrix is far larger
  // than the caches, and the random order of a search's schedule made the scan about five times slower.
  Schedule sorted;
  sorted.reserve(members.size());
  for (std::size_t i = 0; i < members.size(); ++i)
    if (i != skip)
      sorted.push_back(members[i]);
  if (!std::is_sorted(sorted.begin(), sorted.end()))
    std::sort(sorted.begin(), sorted.end());
  SlowestLink slowest;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const double* row = state.bandwidth_row(sorted[i]);
    for (std::size_t j = i + 1; j < sorted.size(); ++j)
      if (row[sorted[j]] < slowest.bandwidth)
        slowest = {row[sorted[j]], sorted[i], sorted[j]};
  }
  return slowest;
}

ScheduleTraits traits_of(const ClusterState& state, const Schedule& schedule)
{
  ScheduleTraits t;
  t.processors = schedule.size();
  if (schedule.empty())
    return t;
  t.cpu = infinity;
  for (std::size_t m : schedule)
    t.cpu = std::min(t.cpu, state.cpu(m));
  t.bandwidth = slowest_link(state, schedule).bandwidth;
  return t;
}

ScheduleTraits traits_with(const ClusterState& state, const Schedule& schedule, const ScheduleTraits& traits,
                           std::size_t m)
{
  if (schedule.empty())
    return {1, state.cpu(m), infinity};
  ScheduleTraits t = traits;
  t.processors += 1;
  t.cpu             = std::min(t.cpu, state.cpu(m));
  const double* row = state.bandwidth_row(m);
  for (std::size_t s : schedule)
    t.bandwidth = std::min(t.bandwidth, row[s]);
  return t;
}

}  // namespace isogrid::scheduling
