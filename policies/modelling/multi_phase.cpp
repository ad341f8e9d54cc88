#include "policies/modelling/multi_phase.hpp"

#include <stdexcept>

namespace isogrid::modelling {

double predicted_time(const FittedModel& model, double problem_size, std::size_t processors, double cpu,
                      double bandwidth)
{
  return fitted_time(model.model, problem_size, processors, cpu, bandwidth);
}

CumulativeModel::CumulativeModel(const std::vector<std::vector<Observation>>& per_phase, const SearchLimits& limits)
{
  if (per_phase.empty())
    throw std::invalid_argument("a multi-phase model needs at least one phase");
  for (std::size_t k = 0; k < per_phase.size(); ++k) {
    std::vector<FittedModel> sorted = staged_search(per_phase[k], limits);
    if (sorted.empty())
      throw std::invalid_argument("phase " + std::to_string(k + 1) + ": the staged search kept no model");
    phases_.push_back(sorted.front());
  }
}

double CumulativeModel::time(double problem_size, std::size_t processors, double cpu, double bandwidth) const
{
  double sum = 0;
  for (const FittedModel& phase : phases_)
    sum += predicted_time(phase, problem_size, processors, cpu, bandwidth);
  return sum;
}

FittedModel single_model(const std::vector<Observation>& whole_runs, const SearchLimits& limits)
{
  std::vector<FittedModel> sorted = staged_search(whole_runs, limits);
  if (sorted.empty())
    throw std::invalid_argument("the staged search kept no model of the whole runs");
  return sorted.front();
}

}  // namespace isogrid::modelling
