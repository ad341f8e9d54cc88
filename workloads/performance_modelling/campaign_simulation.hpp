#pragma once
// A performance-modelling campaign played on SimGrid: the platform built with the loads the point chose, the
// reference cluster's runs one after the other from its first host, a target cluster's campaign alongside, the load
// never pausing.
#include "simulator/core/model.hpp"
#include "workloads/performance_modelling/campaign_plan.hpp"

namespace isogrid::modelling {

// When each run started and ended (and each phase), in the campaign's order.
CampaignTimes simulate_campaign(const Campaign& campaign, const SimulationContext& context);

}  // namespace isogrid::modelling
