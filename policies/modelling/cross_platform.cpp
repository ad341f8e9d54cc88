#include "policies/modelling/cross_platform.hpp"

#include "policies/modelling/porting.hpp"

#include <optional>
#include <stdexcept>

namespace isogrid::modelling {

CrossPlatformPredictions predict_cross_platform(const std::vector<FittedModel>& reference, double r_cpu, double r_bw,
                                                const std::vector<CampaignRun>& target, std::size_t trained_after)
{
  if (reference.empty())
    throw std::invalid_argument("cross-platform prediction needs the reference cluster's models");
  if (target.empty())
    throw std::invalid_argument("cross-platform prediction needs runs on the target cluster");
  const scheduling::PerformanceModel ported_head = ported(reference.front().model, r_cpu, r_bw);
  std::vector<Observation> seen;  // the target's runs so far
  std::size_t several = 0;
  std::optional<ModelList> trained;
  double ported_error = 0, trained_error = 0;  // summed over the runs both methods predicted

  CrossPlatformPredictions out;
  for (const CampaignRun& run : target) {
    const Observation& o = run.observed;
    double by_porting =
        fitted_time(ported_head, o.problem_size, o.processors, run.forecast_cpu, run.forecast_bandwidth);
    out.actual.push_back(o.time);
    out.ported.push_back(by_porting);
    if (trained) {
      double by_target = trained->predict(o.problem_size, o.processors, run.forecast_cpu, run.forecast_bandwidth);
      bool use_target  = trained_error < ported_error;  // ties (no history yet) keep the ported model
      out.chosen.push_back(use_target ? by_target : by_porting);
      out.target_trained += use_target ? 1 : 0;
      ported_error += percentage_prediction_error(o.time, by_porting);
      trained_error += percentage_prediction_error(o.time, by_target);
      trained->observe(o);
    } else {
      out.chosen.push_back(by_porting);
    }
    seen.push_back(o);
    several += o.processors > 1 ? 1 : 0;
    if (!trained && several >= trained_after) {
      try {
        trained.emplace(reference, seen);
      } catch (const std::invalid_argument&) {
        // no combination fits the target's runs yet: keep porting and try again after the next run
      }
    }
  }
  return out;
}

}  // namespace isogrid::modelling
