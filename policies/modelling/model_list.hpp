#pragma once
// Prediction with multiple models and online adaptation (Sanjay §3.4.9, §3.7): the staged search's sorted list is
// kept and used after training. Its head predicts each run. After each run, the observation joins the training
// data, every model of the list is refitted and the list re-ranked by standard error (so the next prediction may
// come from another model: the thesis's "multiple models"). A model ranked in the lowest tenth for 5 observations
// in a row is dropped, and every 50 observations the communication and scalability stages run again on all the
// data, so new combinations may enter.
#include "policies/modelling/staged_search.hpp"

#include <cstddef>
#include <vector>

namespace isogrid::modelling {

struct AdaptationSettings {
  std::size_t prune_after   = 5;    // observations in a row in the lowest tenth
  double prune_fraction     = 0.1;  // the lowest tenth
  std::size_t rebuild_every = 50;   // observations; 0: never
};

class ModelList {
public:
  // The staged search on `training`.
  explicit ModelList(std::vector<Observation> training, SearchLimits limits = {}, AdaptationSettings settings = {});
  // A given list (tests, or a list carried over): refitted on `training` and ranked. Throws std::invalid_argument
  // when no model is usable.
  ModelList(std::vector<FittedModel> models, std::vector<Observation> training, SearchLimits limits = {},
            AdaptationSettings settings = {});

  // The head's time for N on P processors under the forecast loads.
  double predict(double problem_size, std::size_t processors, double cpu, double bandwidth) const;
  const FittedModel& head() const { return list_.front(); }
  const std::vector<FittedModel>& models() const { return list_; }
  std::size_t observed() const { return observed_; }

  // After a run: add it, refit, re-rank, prune, and rebuild every `rebuild_every` observations.
  void observe(const Observation& run);

private:
  void refit_and_rank();
  void prune();
  void rebuild();
  std::vector<Observation> several_processors() const;

  std::vector<Observation> runs_;
  std::vector<FittedModel> computation_;  // the computation stage's list, for rebuilds
  std::vector<FittedModel> list_;
  std::vector<std::size_t> low_streak_;  // parallel to list_
  SearchLimits limits_;
  AdaptationSettings settings_;
  std::size_t observed_ = 0;
};

}  // namespace isogrid::modelling
