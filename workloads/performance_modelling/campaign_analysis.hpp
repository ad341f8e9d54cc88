#pragma once
// The post-run analysis of a performance-modelling campaign, as pure functions from the runs' simulated times to the
// metrics: the sensors read the loads SimGrid replayed (drawn again from the point's seed), the adaptive list and its
// rivals predict each run before it is added to the training data, Schopf's structural model predicts it as a
// range, and a target cluster's runs are predicted from the reference's list (Table 3.9).
#include "simulator/core/model_schema.hpp"
#include "workloads/performance_modelling/campaign_plan.hpp"
#include "workloads/performance_modelling/performance_modelling_model.hpp"

namespace isogrid::modelling {

// Fills every metric the campaign defines, and the note (the adaptive list's head at the end).
void campaign_metrics(const PerformanceModellingParams& p, const Campaign& campaign, const CampaignTimes& times,
                      Face<PerformanceModellingMetrics>& out);

}  // namespace isogrid::modelling
