#include "policies/scheduling/search_support.hpp"

#include <numeric>

namespace isogrid::scheduling {

Schedule random_machines(std::size_t n, std::size_t k, SeededRandom& random)
{
  Schedule all(n);
  std::iota(all.begin(), all.end(), 0);
  for (std::size_t i = 0; i < k; ++i)
    std::swap(all[i], all[i + random.below(n - i)]);
  all.resize(k);
  return all;
}

std::size_t roulette(const std::vector<double>& weights, SeededRandom& random)
{
  double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  double r = random.uniform() * total;
  std::size_t last = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] <= 0)
      continue;
    last = i;
    if (r < weights[i])
      return i;
    r -= weights[i];
  }
  return last;  // rounding left r just above the last weight
}

}  // namespace isogrid::scheduling
