// Throughput of Sanjay's resource selection on this machine: Eq. 4.1 evaluations per second (from a machine list,
// and from kept traits), and each scheduler's evaluations per second on a drawn 1024-machine cluster (MD 2048,
// 30/40/30 load, 1 Gbit/s links). Recorded in docs/performance.md.
#include "policies/scheduling/ant_colony.hpp"
#include "policies/scheduling/box_elimination.hpp"
#include "policies/scheduling/branch_and_bound.hpp"
#include "policies/scheduling/cluster_draw.hpp"
#include "policies/scheduling/dynamic_programming.hpp"
#include "policies/scheduling/genetic_schedule.hpp"
#include "policies/scheduling/simulated_annealing.hpp"

#include <benchmark/benchmark.h>
#include <functional>

using namespace isogrid;
using namespace isogrid::scheduling;

namespace {

// MD 2048 as in application_models.cpp (repeated here so that the benchmark links the policies only).
PerformanceModel md()
{
  PerformanceModel m;
  m.application           = "MD";
  m.problem_size          = 2048;
  m.computation           = {{6.4e-4, 2, 0}};
  m.communication         = {{0.86, 1, 0}};
  m.computation_speedup   = Growth::Linear;
  m.communication_speedup = Growth::Sqrt;
  return m;
}

const ClusterState& cluster(std::size_t machines)
{
  static std::vector<std::pair<std::size_t, ClusterState>> made;
  for (auto& [n, s] : made)
    if (n == machines)
      return s;
  ClusterDraw draw;
  draw.machines      = machines;
  draw.max_bandwidth = 1000;
  SeededRandom random(machines);
  made.emplace_back(machines, draw_cluster_state(draw, random));
  return made.back().second;
}

// An evaluation from the machine list, as a budget charges it: O(P^2) for the minimum link.
void EvaluateFromMachineList(benchmark::State& state)
{
  const ClusterState& s  = cluster(1024);
  PerformanceModel model = md();
  Evaluator evaluate(s, model);
  SeededRandom random(1);
  Schedule schedule;
  for (std::size_t m = 0; m < static_cast<std::size_t>(state.range(0)); ++m)
    schedule.push_back(m);
  for (auto _ : state)
    benchmark::DoNotOptimize(evaluate(schedule));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(EvaluateFromMachineList)->Arg(16)->Arg(128)->Arg(1024);

// An evaluation whose traits the search kept: the model alone.
void EvaluateFromTraits(benchmark::State& state)
{
  const ClusterState& s  = cluster(1024);
  PerformanceModel model = md();
  Evaluator evaluate(s, model);
  Schedule schedule     = {0, 1, 2};
  ScheduleTraits traits = traits_of(s, schedule);
  for (auto _ : state) {
    traits.processors = 3 + (traits.processors + 1) % 1000;
    benchmark::DoNotOptimize(evaluate(schedule, traits));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(EvaluateFromTraits);

// A scheduler on 1024 machines with 20 000 evaluations; items/s is evaluations per second.
void Scheduler(benchmark::State& state, const std::function<ScheduleResult(Evaluator&, SeededRandom&)>& run)
{
  const ClusterState& s     = cluster(1024);
  PerformanceModel model    = md();
  std::uint64_t evaluations = 0;
  for (auto _ : state) {
    EvaluatorOptions budget;
    budget.max_evaluations = 20000;
    Evaluator evaluate(s, model, budget);
    SeededRandom random(5);
    ScheduleResult r = run(evaluate, random);
    evaluations += r.evaluations;
    benchmark::DoNotOptimize(r.time);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(evaluations));
}

BENCHMARK_CAPTURE(Scheduler, sa, [](Evaluator& e, SeededRandom& r) {
  return simulated_annealing(e, r);
})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Scheduler, ga, [](Evaluator& e, SeededRandom& r) {
  return genetic_schedule(e, r);
})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Scheduler, aco, [](Evaluator& e, SeededRandom& r) {
  return ant_colony(e, r);
})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Scheduler, bb, [](Evaluator& e, SeededRandom&) {
  return branch_and_bound(e);
})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Scheduler, dp, [](Evaluator& e, SeededRandom&) {
  return dynamic_programming(e);
})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Scheduler, be, [](Evaluator& e, SeededRandom& r) {
  return box_elimination(e, BoxEliminationOptions{}, [&r] { return r.next(); });
})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
