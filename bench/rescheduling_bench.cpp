// Sanjay's chapter 5 planners on this machine, on a drawn 512-machine cluster (U(0.1, 1) CPU, 1 Gbit/s links):
// Box Elimination per interval (the cost every planner pays first), each planner's time once the intervals are
// known, and the DAG optimum against brute force at 15 phases. Recorded in docs/performance.md.
#include "policies/rescheduling/phased_applications.hpp"
#include "policies/rescheduling/planners.hpp"
#include "policies/scheduling/cluster_draw.hpp"

#include <benchmark/benchmark.h>

using namespace isogrid;
using namespace isogrid::rescheduling;

namespace {

const scheduling::ClusterState& cluster()
{
  static const scheduling::ClusterState state = [] {
    SeededRandom random(512);
    scheduling::UniformLoadDraw draw;
    draw.machines      = 512;
    draw.max_bandwidth = 1000;
    return scheduling::draw_uniform_load_state(draw, random);
  }();
  return state;
}

// Every interval of the application scheduled once, from a cold start (the mappings are made as they are needed).
void every_interval(benchmark::State& state, const char* application)
{
  const PhasedApplication& app = phased_applications().get(application);
  for (auto _ : state) {
    IntervalScheduler intervals(cluster(), app, 1);
    benchmark::DoNotOptimize(optimal_plan(intervals, PlanSettings{120, 1200}).time);
    state.counters["interval_schedules"] = static_cast<double>(intervals.scheduled());
  }
}

// One planner's plans per second once the intervals it asks for are memoised (the first call pays for them).
void planner(benchmark::State& state, const char* application, const char* name)
{
  const PhasedApplication& app = phased_applications().get(application);
  IntervalScheduler intervals(cluster(), app, 1);
  PlanSettings settings{120, 1200};
  SeededRandom warm(1);
  planners().get(name)(intervals, settings, warm);
  std::uint64_t seed = 0;
  for (auto _ : state) {
    SeededRandom random(++seed);
    benchmark::DoNotOptimize(planners().get(name)(intervals, settings, random).time);
  }
  state.counters["plans_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK_CAPTURE(every_interval, md15, "MD-15")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(every_interval, md30, "MD")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(every_interval, athena100, "Athena")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(planner, md15_brute_force, "MD-15", "brute-force")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(planner, md15_optimal, "MD-15", "optimal")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(planner, md30_incremental, "MD", "incremental")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(planner, md30_division, "MD", "division")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(planner, md30_genetic, "MD", "genetic")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(planner, md30_optimal, "MD", "optimal")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(planner, athena100_incremental, "Athena", "incremental")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(planner, athena100_division, "Athena", "division")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(planner, athena100_genetic, "Athena", "genetic")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(planner, athena100_optimal, "Athena", "optimal")->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
