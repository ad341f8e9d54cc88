#pragma once
// Small cluster states and a monotone Eq. 4.1 model for the resource-selection policy tests.
#include "base/random.hpp"
#include "policies/scheduling/cluster_state.hpp"
#include "policies/scheduling/exhaustive.hpp"
#include "policies/scheduling/performance_model.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace isogrid::scheduling::testing {

inline ClusterState state_of(std::vector<double> cpu, const std::vector<std::vector<double>>& bw)
{
  std::vector<double> flat;
  for (const auto& row : bw)
    flat.insert(flat.end(), row.begin(), row.end());
  return ClusterState(std::move(cpu), std::move(flat));
}

// Computation N / (cpu P), communication 0.05 N / (bw sqrt P), N = 1000: both terms matter on 12 machines.
inline PerformanceModel test_model()
{
  PerformanceModel m;
  m.application           = "test";
  m.problem_size          = 1000;
  m.computation           = {{1.0, 1.0, 0.0}};
  m.communication         = {{0.05, 1.0, 0.0}};
  m.bandwidth_effect      = Growth::Linear;
  m.computation_speedup   = Growth::Linear;
  m.communication_speedup = Growth::Sqrt;
  return m;
}

// `n` (<= 20) machines with distinct CPU values, multiples of 0.05 in [0.05, 1]; every link `uniform_bw` Mbit/s,
// or U[20, 80] when uniform_bw is 0.
inline ClusterState random_state(std::size_t n, std::uint64_t seed, double uniform_bw)
{
  SeededRandom random(seed);
  std::vector<double> levels;
  for (int k = 1; k <= 20; ++k)
    levels.push_back(0.05 * k);
  std::vector<double> cpu;
  for (std::size_t m = 0; m < n; ++m) {
    std::size_t pick = random.below(levels.size());
    cpu.push_back(levels[pick]);
    levels.erase(levels.begin() + static_cast<std::ptrdiff_t>(pick));
  }
  std::vector<std::vector<double>> bw(n, std::vector<double>(n, 0));
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      bw[a][b] = bw[b][a] = uniform_bw > 0 ? uniform_bw : random.uniform(20, 80);
  return state_of(cpu, bw);
}

struct Gap {
  double mean = 0, worst = 0;
};

// A search's relative gap to the exhaustive optimum over `count` random 12-machine states (seeds 1..count, links
// U[20, 80]), with test_model(). A negative gap fails the test; the mean and worst are printed and recorded.
inline Gap gap_to_optimum(const std::string& name,
                          const std::function<ScheduleResult(Evaluator&, std::uint64_t seed)>& search, int count = 20)
{
  PerformanceModel model = test_model();
  Gap gap;
  for (int seed = 1; seed <= count; ++seed) {
    ClusterState state = random_state(12, static_cast<std::uint64_t>(seed), 0);
    Evaluator exact(state, model), evaluate(state, model);
    double g = search(evaluate, static_cast<std::uint64_t>(seed)).time / exhaustive_optimum(exact).time - 1;
    EXPECT_GE(g, -1e-12) << name << " seed " << seed;
    gap.worst = std::max(gap.worst, g);
    gap.mean += g / count;
  }
  std::printf("%s on %d random 12-machine states: mean gap %.4f, worst %.4f\n", name.c_str(), count, gap.mean,
              gap.worst);
  ::testing::Test::RecordProperty(name + "_mean_gap", std::to_string(gap.mean));
  ::testing::Test::RecordProperty(name + "_worst_gap", std::to_string(gap.worst));
  return gap;
}

}  // namespace isogrid::scheduling::testing
