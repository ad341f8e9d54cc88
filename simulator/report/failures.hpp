#pragma once
// How many of a run's checks (references, comparisons, agreements) did not hold: anything with passed().
#include <algorithm>
#include <cstddef>
#include <vector>

namespace isogrid {

template <class Outcome>
size_t count_failures(const std::vector<Outcome>& outcomes)
{
  return static_cast<size_t>(
      std::count_if(outcomes.begin(), outcomes.end(), [](const Outcome& o) { return !o.passed(); }));
}

}  // namespace isogrid
