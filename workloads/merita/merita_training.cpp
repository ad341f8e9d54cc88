#include "workloads/merita/merita_training.hpp"

#include "base/random.hpp"
#include "policies/modelling/staged_search.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace isogrid::merita {

namespace {

// A phase's time on p processors. One processor applies no speedup function (f_P(1) = 1), as the chapter 3 modeller
// reads a one-processor run: a phase whose computation speeds up as log P would otherwise never end on one.
double phase_time(const scheduling::PerformanceModel& m, std::size_t p, double cpu, double bandwidth)
{
  return modelling::fitted_time(m, m.problem_size, p, cpu, bandwidth);
}

// A trace that takes more than one value: runs under it see different loads.
bool varies(const loads::AvailabilityTrace& trace)
{
  const auto& steps = trace.steps();
  return std::any_of(steps.begin(), steps.end(), [&](const loads::Step& s) { return s.value != steps.front().value; });
}

}  // namespace

std::size_t base_cluster(const Grid& grid)
{
  for (std::size_t c = 0; c < grid.clusters.size(); ++c) {
    const GridCluster& cluster = grid.clusters[c];
    if (!cluster.batch && std::any_of(cluster.cpu.begin(), cluster.cpu.end(), varies))
      return c;
  }
  throw std::invalid_argument("MerITA's modeller learns on an interactive cluster whose load varies, and this grid "
                              "has none (a dedicated or constant CPU load, or only batch clusters)");
}

ExecutionDatabase record_executions(const Grid& grid, const rescheduling::PhasedApplication& app, std::size_t runs,
                                    double horizon, std::uint64_t seed)
{
  ExecutionDatabase db;
  db.base_cluster          = base_cluster(grid);
  const GridCluster& base  = grid.clusters[db.base_cluster];
  const std::size_t widest = base_run_processors().back();
  if (base.processors < widest)
    throw std::invalid_argument("the base cluster " + base.name + " has fewer than " + std::to_string(widest) +
                                " processors for the modeller's runs");
  const rescheduling::PhasedApplication there = app.scaled(base.cpu_factor);
  SeededRandom random(seed);
  db.base_phases.resize(app.phases());
  for (std::size_t r = 0; r < runs; ++r) {
    const std::size_t p = base_run_processors()[r % base_run_processors().size()];
    double t            = random.uniform(0, horizon);
    for (std::size_t k = 0; k < app.phases(); ++k) {
      // The phase runs under the loads its machines have as it begins, as the stream's phases do, and its sensors
      // report those (the lowest over its machines). Loads are stationary: a run past the stream's span meets
      // them again from its start.
      double cpu = 1;
      for (std::size_t m = 0; m < p; ++m)
        cpu = std::min(cpu, base.cpu[m].at(std::fmod(t, horizon)));
      const scheduling::PerformanceModel& model = there.models()[k];
      double time                               = phase_time(model, p, cpu, base.link_mbps);
      db.base_phases[k].push_back({model.problem_size, p, cpu, base.link_mbps, time});
      t += time;
    }
  }
  for (const GridCluster& cluster : grid.clusters) {
    const rescheduling::PhasedApplication scaled = app.scaled(cluster.cpu_factor);
    DedicatedRuns dedicated;
    for (const scheduling::PerformanceModel& m : scaled.models()) {
      dedicated.one_processor += phase_time(m, 1, 1, cluster.link_mbps);
      dedicated.two_processor_phases.push_back(
          {m.problem_size, 2, 1, cluster.link_mbps, phase_time(m, 2, 1, cluster.link_mbps)});
    }
    db.dedicated.push_back(std::move(dedicated));
  }
  return db;
}

}  // namespace isogrid::merita
