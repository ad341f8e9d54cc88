#pragma once
// Synthetic training campaigns in the thesis's shape (Table 3.8): 20 runs on one processor, 20 on two, 10 on four
// and 10 on eight, at drawn problem sizes and loads, timed by a known model (with optional multiplicative noise).
// What tests and benchmarks of the model construction train on when no simulated application runs.
#include "base/random.hpp"
#include "policies/modelling/staged_search.hpp"

#include <utility>
#include <vector>

namespace isogrid::modelling {

struct CampaignSettings {
  std::vector<std::pair<std::size_t, int>> runs = {{1, 20}, {2, 20}, {4, 10}, {8, 10}};  // (processors, count)
  double min_size = 500, max_size = 4000;
  double min_cpu = 0.065, max_cpu = 1;            // the thesis's random loading
  double min_bandwidth = 2, max_bandwidth = 100;  // Mbit/s
  double noise = 0;                               // each time multiplied by U[1 - noise, 1 + noise]
};

std::vector<Observation> synthetic_campaign(const scheduling::PerformanceModel& truth, SeededRandom& random,
                                            const CampaignSettings& settings = {});

}  // namespace isogrid::modelling
