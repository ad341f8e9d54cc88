// Sanjay's chapter 3 model construction on this machine: the staged search over the thesis's 60-run training
// campaign (20 x 1, 20 x 2, 10 x 4, 10 x 8 processors; 77 x 77 x 8 x 16 x 16 candidates), one refit of the sorted
// list after a run, and one adaptive forecast over a 10-minute history. The thesis quotes about 5 minutes to build
// the list and 2-4 s a prediction (§3.9.3). Recorded in docs/performance.md.
#include "base/random.hpp"
#include "policies/modelling/campaign.hpp"
#include "policies/modelling/model_list.hpp"
#include "policies/sensing/forecasters.hpp"

#include <benchmark/benchmark.h>

using namespace isogrid;
using namespace isogrid::modelling;

namespace {

// Loaded runs of an Eigen-like application, timed by its model with a few per cent of noise: the search then has
// real ranking to do (noise-free runs tie on every exact fit).
std::vector<Observation> campaign()
{
  scheduling::PerformanceModel truth;
  truth.computation           = {{2e-9, 3, 0}};
  truth.communication         = {{4e-5, 2, 0}};
  truth.communication_speedup = scheduling::Growth::Sqrt;
  SeededRandom random(7);
  CampaignSettings settings;
  settings.noise = 0.05;
  return synthetic_campaign(truth, random, settings);
}

void staged_search_60_runs(benchmark::State& state)
{
  const std::vector<Observation> runs = campaign();
  std::size_t kept                    = 0;
  for (auto _ : state)
    kept = staged_search(runs).size();
  state.counters["models_kept"] = static_cast<double>(kept);
}

void refit_after_a_run(benchmark::State& state)
{
  const std::vector<Observation> runs = campaign();
  AdaptationSettings settings;
  settings.rebuild_every = 0;  // the refit alone; a rebuild is a staged search without its first stage
  const ModelList trained(runs, SearchLimits{}, settings);
  const Observation next = runs[25];
  for (auto _ : state) {
    state.PauseTiming();
    ModelList list = trained;  // every iteration refits the same list after its 61st run
    state.ResumeTiming();
    list.observe(next);
    benchmark::DoNotOptimize(list.head().standard_error);
  }
  state.counters["models"] = static_cast<double>(trained.models().size());
}

void adaptive_forecast(benchmark::State& state)
{
  const auto& make = sensing::forecasters().get("adaptive");
  SeededRandom random(3);
  std::vector<double> history;
  for (int k = 0; k < 144; ++k)  // a day of 10-minute averages
    history.push_back(random.uniform(0.065, 1));
  for (auto _ : state) {
    auto f = make();
    for (double v : history)
      f->observe(v);
    benchmark::DoNotOptimize(f->forecast());
  }
}

}  // namespace

BENCHMARK(staged_search_60_runs)->Unit(benchmark::kMillisecond);
BENCHMARK(refit_after_a_run)->Unit(benchmark::kMicrosecond);
BENCHMARK(adaptive_forecast)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
