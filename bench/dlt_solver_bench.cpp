// Throughput of the O(m) DLT partition, the analytic face's inner loop. Target: >= 1e6 points/s at m = 10.
#include "policies/dlt/single_round.hpp"

#include <benchmark/benchmark.h>
#include <vector>

using namespace isogrid::dlt;

static void SolveHomogeneous(benchmark::State& state)
{
  auto m = static_cast<size_t>(state.range(0));
  std::vector<Worker> workers(m, Worker{1, 1, 1000});
  std::vector<double> alpha(m);
  double V = 1e7;
  for (auto _ : state) {
    Summary s = solve_into(workers.data(), m, V, 0, alpha.data());
    benchmark::DoNotOptimize(s);
    V += 1;  // a different point each time, as in a sweep
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(SolveHomogeneous)->Arg(10)->Arg(100)->Arg(1000);

static void SolveWithResultReturn(benchmark::State& state)
{
  std::vector<Worker> workers;
  for (int i = 0; i < 10; ++i)
    workers.push_back({1.0 + 0.1 * i, 0.5 + 0.05 * i, 10.0 * i});
  std::vector<double> alpha(workers.size());
  double V = 1e7;
  for (auto _ : state) {
    Summary s = solve_into(workers.data(), workers.size(), V, 0.2, alpha.data());
    benchmark::DoNotOptimize(s);
    V += 1;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(SolveWithResultReturn);

BENCHMARK_MAIN();
