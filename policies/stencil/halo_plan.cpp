#include "policies/stencil/halo_plan.hpp"

#include <algorithm>
#include <tuple>

namespace isogrid::stencil {

std::vector<RankHalo> chain_halo_plan(const std::vector<size_t>& cluster_of_rank)
{
  size_t n = cluster_of_rank.size();
  std::vector<RankHalo> plan(n);
  if (n < 2)
    return plan;

  // A border rank has a neighbour in another cluster.
  std::vector<bool> border(n, false);
  for (size_t r = 0; r + 1 < n; ++r)
    if (cluster_of_rank[r] != cluster_of_rank[r + 1])
      border[r] = border[r + 1] = true;

  // Position of each rank inside its cluster, for the two-round colouring of interior pairs.
  std::vector<size_t> local(n, 0);
  for (size_t r = 1; r < n; ++r)
    local[r] = cluster_of_rank[r] == cluster_of_rank[r - 1] ? local[r - 1] + 1 : 0;

  // Edge (r, r+1): inter-cluster edges go to the first phase; intra edges get priority 1 or 2 (alternating), or 3
  // when they touch a border rank (that rank is busy with the wide-area exchange first).
  std::vector<std::vector<std::tuple<int, size_t, size_t>>> intra(n);  // (priority, edge, neighbour)
  for (size_t r = 0; r + 1 < n; ++r) {
    if (cluster_of_rank[r] != cluster_of_rank[r + 1]) {
      plan[r].inter.push_back(r + 1);
      plan[r + 1].inter.push_back(r);
      continue;
    }
    int priority = (border[r] || border[r + 1]) ? 3 : (local[r] % 2 == 1 ? 1 : 2);
    intra[r].emplace_back(priority, r, r + 1);
    intra[r + 1].emplace_back(priority, r, r);
  }
  for (size_t r = 0; r < n; ++r) {
    std::sort(intra[r].begin(), intra[r].end());
    for (const auto& e : intra[r])
      plan[r].intra.push_back(std::get<2>(e));
  }
  return plan;
}

}  // namespace isogrid::stencil
