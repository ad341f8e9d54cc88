#include "workloads/stencil/halo_timing.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace isogrid::stencil {

double halo_schedule_time(const std::vector<RankHalo>& plan, const HaloCosts& costs, int steps)
{
  size_t n = plan.size();
  std::vector<double> clock(n, 0.0);
  for (int step = 0; step < steps; ++step) {
    for (size_t r = 0; r < n; ++r)
      clock[r] += costs.compute[r];
    // Inter-cluster exchanges, all of a rank's at once: a pair starts when both ends are ready.
    std::vector<double> after_inter = clock;
    for (size_t r = 0; r < n; ++r)
      for (size_t q : plan[r].inter)
        after_inter[r] = std::max(after_inter[r], std::max(clock[r], clock[q]) + costs.inter);
    clock = after_inter;
    // Intra-cluster exchanges in each rank's order. A pair happens when it is next in both ranks' lists; repeat
    // until every list is done (the plan's consistent priorities guarantee progress).
    std::vector<size_t> next(n, 0);
    bool progress = true;
    while (progress) {
      progress = false;
      for (size_t r = 0; r < n; ++r) {
        if (next[r] >= plan[r].intra.size())
          continue;
        size_t q = plan[r].intra[next[r]];
        if (r < q && next[q] < plan[q].intra.size() && plan[q].intra[next[q]] == r) {
          double end = std::max(clock[r], clock[q]) + costs.intra;
          clock[r] = clock[q] = end;
          ++next[r], ++next[q];
          progress = true;
        }
      }
    }
  }
  return *std::max_element(clock.begin(), clock.end());
}

}  // namespace isogrid::stencil
