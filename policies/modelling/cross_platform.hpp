#pragma once
// Predicting on a cluster that was never trained (Sanjay §3.5, §3.7 step 3, §3.9.4, Table 3.9). The reference
// cluster's sorted list, as it stands after its campaign, meets the target's runs in order, each predicted from the
// target's own forecasts before it runs:
//  - ported: the reference head scaled by Eq. 3.9 (R_cpu, R_bw from dedicated runs on both clusters, porting.hpp);
//  - target-trained: once the target has `trained_after` runs on several processors, the reference list's
//    combinations refitted on the target's runs alone, ranked and adapted after every run (§3.5 method (b));
//  - chosen: what the thesis's scheduler uses, "based on their accuracy on previous experiments on the target": for
//    each run, the method whose predictions of the earlier target runs (those both made) erred less on average; the
//    ported model until the target-trained one exists.
#include "policies/modelling/prediction_campaign.hpp"

#include <cstddef>
#include <vector>

namespace isogrid::modelling {

struct CrossPlatformPredictions {
  std::vector<double> actual, ported, chosen;  // per target run, in order
  std::size_t target_trained = 0;              // runs the chosen method predicted with the target-trained list
};

// Throws std::invalid_argument on an empty reference list or no target run.
CrossPlatformPredictions predict_cross_platform(const std::vector<FittedModel>& reference, double r_cpu, double r_bw,
                                                const std::vector<CampaignRun>& target, std::size_t trained_after = 10);

}  // namespace isogrid::modelling
