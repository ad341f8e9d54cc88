#include "policies/scheduling/find_schedule.hpp"

#include <limits>

namespace isogrid::scheduling {

MappedSchedule find_schedule_with_constraints(const ClusterState& state, double cpu_floor, double bandwidth_floor)
{
  std::vector<size_t> initial;
  for (size_t m = 0; m < state.machines(); ++m)
    if (state.cpu(m) >= cpu_floor)
      initial.push_back(m);
  size_t n = initial.size();

  // Phase 1: per member, its links below the floor and its summed bandwidth to the other members.
  std::vector<bool> member(n, true);
  std::vector<size_t> violations(n, 0);
  std::vector<double> sum(n, 0);
  std::vector<const double*> row(n);  // each candidate's bandwidth row: the loops below read whole rows
  for (size_t i = 0; i < n; ++i)
    row[i] = state.bandwidth_row(initial[i]);
  size_t total_violations = 0;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      double bw = row[i][initial[j]];
      sum[i] += bw, sum[j] += bw;
      if (bw < bandwidth_floor) {
        violations[i] += 1, violations[j] += 1;
        total_violations += 1;
      }
    }
  while (total_violations > 0) {
    size_t top = n;
    for (size_t i = 0; i < n; ++i) {
      if (!member[i])
        continue;
      // Average bandwidth to the others: equal member counts, so comparing sums is comparing averages.
      if (top == n || violations[i] > violations[top] || (violations[i] == violations[top] && sum[i] < sum[top]))
        top = i;
    }
    member[top] = false;
    for (size_t i = 0; i < n; ++i) {
      if (!member[i])
        continue;
      double bw = row[top][initial[i]];
      sum[i] -= bw;
      if (bw < bandwidth_floor) {
        violations[i] -= 1;
        total_violations -= 1;
      }
    }
  }

  // Phase 2: dropped machines come back, in machine order, when every link to the set reaches the floor.
  std::vector<size_t> members;
  for (size_t i = 0; i < n; ++i)
    if (member[i])
      members.push_back(i);
  for (size_t i = 0; i < n; ++i) {
    if (member[i])
      continue;
    bool fits = true;
    for (size_t k = 0; k < members.size() && fits; ++k)
      fits = row[i][initial[members[k]]] >= bandwidth_floor;
    if (fits) {
      member[i] = true;
      members.push_back(i);
    }
  }

  MappedSchedule out;
  out.candidates = n;
  for (size_t i = 0; i < n; ++i)
    if (member[i])
      out.schedule.push_back(initial[i]);
  if (!out.schedule.empty())
    out.traits = traits_of(state, out.schedule);
  return out;
}

const MappedSchedule& MappingCache::get(double cpu_floor, double bandwidth_floor)
{
  auto key = std::make_pair(cpu_floor, bandwidth_floor);
  auto it  = mapped_.find(key);
  if (it == mapped_.end())
    it = mapped_.emplace(key, find_schedule_with_constraints(state_, cpu_floor, bandwidth_floor)).first;
  return it->second;
}

}  // namespace isogrid::scheduling
