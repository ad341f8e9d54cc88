#pragma once
// Multi-phase applications (Sanjay §3.6, §3.10): the "cumulative" model fits one Eq. 3.6 model per phase, on the
// times and loads measured inside the phase's boundaries, and predicts a run as the sum of its phases' predictions
// (the thesis does not write the combination out; the sum is its natural reading). The "single" model is one Eq. 3.6
// model fitted on whole-run times. Phases that scale differently are what the single model cannot follow.
#include "policies/modelling/staged_search.hpp"

#include <vector>

namespace isogrid::modelling {

class CumulativeModel {
public:
  // `per_phase[k]` holds phase k's observations: its own time and loads in every training run. Runs the staged
  // search per phase; throws std::invalid_argument without phases or when a phase keeps no model.
  explicit CumulativeModel(const std::vector<std::vector<Observation>>& per_phase, const SearchLimits& limits = {});

  double time(double problem_size, std::size_t processors, double cpu, double bandwidth) const;
  const std::vector<FittedModel>& phases() const { return phases_; }

private:
  std::vector<FittedModel> phases_;  // each phase's head
};

// The head of the staged search on whole-run times. Throws std::invalid_argument when no model is kept.
FittedModel single_model(const std::vector<Observation>& whole_runs, const SearchLimits& limits = {});

// A fitted model's time for one run (its problem_size set to N).
double predicted_time(const FittedModel& model, double problem_size, std::size_t processors, double cpu,
                      double bandwidth);

}  // namespace isogrid::modelling
