#pragma once
// The campaign of Sanjay §3.7-§3.9 judged: the first runs train the staged search, then every later run is
// predicted before it runs (from the forecast loads) and joins the training data after (with the loads sensed
// during it). These predictors read the same runs:
//  - adaptive: the sorted list with online adaptation (model_list.hpp), the thesis's "multiple models";
//  - single: the training's best combination kept for good, its coefficients refitted after each run (the thesis
//    compares against "a single model"; whether its coefficients were refitted is not stated: refitting them keeps
//    the comparison about the choice among models, not about stale coefficients);
//  - uniform: the adaptive list trained and asked with the loads at each run's start instead of run averages and
//    forecasts (Table 3.7's "uniform loading during runs");
//  - measured: the adaptive list asked with each run's own sensed loads, as if forecasts were perfect: the error the
//    load measure and the model leave, apart from forecasting;
//  - frozen: the training's best model exactly as fitted on the training runs, never refitted (Table 3.10's single
//    model of whole runs).
#include "policies/modelling/evaluation.hpp"
#include "policies/modelling/model_list.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace isogrid::modelling {

struct CampaignRun {
  Observation observed;                             // its time and the loads sensed during it (run averages)
  double forecast_cpu = 1, forecast_bandwidth = 1;  // forecast before it started
  double start_cpu = 1, start_bandwidth = 1;        // measured as it started
};

struct CampaignPredictions {
  std::vector<double> actual, adaptive, single, uniform, measured, frozen;  // per predicted run, in order
  std::vector<FittedModel> adaptive_list;  // the adaptive sorted list at the end, head first
};

// Throws std::invalid_argument when the training runs cannot feed the staged search (runs on 1 and on 2 processors,
// at least 3 each) or when no run is left to predict.
CampaignPredictions predict_campaign(const std::vector<CampaignRun>& runs, std::size_t training,
                                     const SearchLimits& limits = {}, const AdaptationSettings& settings = {});

// A phased application's campaign (§3.10, Table 3.10): each run also split at its phase boundaries, every phase with
// its own time and the loads sensed within it.
struct PhasedCampaignRun {
  CampaignRun whole;
  std::vector<Observation> phases;
};

// The cumulative model, asked from each later run's forecasts: the sum of per-phase models, each phase's sorted list
// built on its phase's times and loads and adapted online after every run, as the whole-run list is (the thesis
// builds its per-phase models with its own method, which adapts; a per-phase head fixed after training extrapolates
// one phase's noise into the sum). Whole-run models are predict_campaign's (its frozen one is Table 3.10's single
// model). One prediction per predicted run, in order. Throws std::invalid_argument as predict_campaign does, or when
// runs split into different numbers of phases.
std::vector<double> predict_cumulative(const std::vector<PhasedCampaignRun>& runs, std::size_t training,
                                       const SearchLimits& limits = {}, const AdaptationSettings& settings = {});

}  // namespace isogrid::modelling
