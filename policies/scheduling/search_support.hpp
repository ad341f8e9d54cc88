#pragma once
// Random draws the population searches (GA, ACO) share.
#include "policies/scheduling/cluster_state.hpp"
#include "simulator/core/random.hpp"

#include <vector>

namespace isogrid::scheduling {

// k distinct machines out of 0..n-1, in draw order (a partial Fisher-Yates shuffle).
Schedule random_machines(std::size_t n, std::size_t k, SeededRandom& random);

// An index drawn with probability weights[i] / sum (weights >= 0, some > 0).
std::size_t roulette(const std::vector<double>& weights, SeededRandom& random);

}  // namespace isogrid::scheduling
