#include "policies/merita/modeller.hpp"

#include "policies/modelling/porting.hpp"

#include <stdexcept>

namespace isogrid::merita {

const std::vector<std::size_t>& base_run_processors()
{
  static const std::vector<std::size_t> processors = {1, 2, 4, 8};
  return processors;
}

modelling::FittedModel schedulable_head(const std::vector<modelling::FittedModel>& sorted)
{
  if (sorted.empty())
    throw std::invalid_argument("the staged search kept no model (its runs cannot tell its terms apart)");
  for (const modelling::FittedModel& m : sorted)
    if (m.model.monotone())
      return m;
  throw std::invalid_argument("the staged search kept no model that Box Elimination can schedule with (every one "
                              "gets slower with more processors, CPU or bandwidth)");
}

std::vector<rescheduling::PhasedApplication> learned_applications(const std::string& name, double problem_size,
                                                                  const ExecutionDatabase& database,
                                                                  const modelling::SearchLimits& limits)
{
  const std::size_t clusters = database.dedicated.size();
  if (database.base_cluster >= clusters)
    throw std::invalid_argument("the base cluster has no dedicated runs");
  if (database.base_phases.empty())
    throw std::invalid_argument("the execution database holds no phase");
  std::vector<scheduling::PerformanceModel> base;
  for (std::size_t k = 0; k < database.base_phases.size(); ++k) {
    try {
      base.push_back(schedulable_head(modelling::staged_search(database.base_phases[k], limits)).model);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("phase " + std::to_string(k + 1) + ": " + e.what());
    }
    base.back().application  = name;
    base.back().problem_size = problem_size;
  }
  std::vector<rescheduling::PhasedApplication> apps;
  const double reference = database.dedicated[database.base_cluster].one_processor;
  for (std::size_t c = 0; c < clusters; ++c) {
    const DedicatedRuns& runs = database.dedicated[c];
    if (c == database.base_cluster) {
      apps.emplace_back(name, base);
      continue;
    }
    if (runs.two_processor_phases.size() != base.size())
      throw std::invalid_argument("cluster " + std::to_string(c + 1) + ": a dedicated two-processor run holds " +
                                  std::to_string(runs.two_processor_phases.size()) + " phases, not " +
                                  std::to_string(base.size()));
    double r_cpu = modelling::cpu_scaling_factor(runs.one_processor, reference);
    std::vector<scheduling::PerformanceModel> phases;
    for (std::size_t k = 0; k < base.size(); ++k) {
      double r_bw = modelling::bandwidth_scaling_factor(base[k], r_cpu, {runs.two_processor_phases[k]});
      phases.push_back(modelling::ported(base[k], r_cpu, r_bw));
    }
    apps.emplace_back(name, std::move(phases));
  }
  return apps;
}

}  // namespace isogrid::merita
