#include "policies/modelling/prediction_campaign.hpp"

#include <stdexcept>

namespace isogrid::modelling {

namespace {

Observation at_start(const CampaignRun& run)
{
  Observation o = run.observed;
  o.cpu         = run.start_cpu;
  o.bandwidth   = run.start_bandwidth;
  return o;
}

}  // namespace

CampaignPredictions predict_campaign(const std::vector<CampaignRun>& runs, std::size_t training,
                                     const SearchLimits& limits, const AdaptationSettings& settings)
{
  if (training >= runs.size())
    throw std::invalid_argument("a campaign needs runs to predict after its training runs");
  std::vector<Observation> trained, trained_at_start;
  for (std::size_t r = 0; r < training; ++r) {
    trained.push_back(runs[r].observed);
    trained_at_start.push_back(at_start(runs[r]));
  }
  ModelList adaptive(trained, limits, settings);
  AdaptationSettings no_rebuild = settings;
  no_rebuild.rebuild_every      = 0;
  ModelList single(std::vector<FittedModel>{adaptive.head()}, trained, limits, no_rebuild);
  ModelList uniform(trained_at_start, limits, settings);
  const FittedModel frozen = adaptive.head();  // the staged search's head on the training runs alone

  CampaignPredictions out;
  for (std::size_t r = training; r < runs.size(); ++r) {
    const CampaignRun& run = runs[r];
    const Observation& o   = run.observed;
    out.actual.push_back(o.time);
    out.adaptive.push_back(adaptive.predict(o.problem_size, o.processors, run.forecast_cpu, run.forecast_bandwidth));
    out.single.push_back(single.predict(o.problem_size, o.processors, run.forecast_cpu, run.forecast_bandwidth));
    out.uniform.push_back(uniform.predict(o.problem_size, o.processors, run.start_cpu, run.start_bandwidth));
    out.measured.push_back(adaptive.predict(o.problem_size, o.processors, o.cpu, o.bandwidth));
    out.frozen.push_back(
        fitted_time(frozen.model, o.problem_size, o.processors, run.forecast_cpu, run.forecast_bandwidth));
    adaptive.observe(o);
    single.observe(o);
    uniform.observe(at_start(run));
  }
  out.adaptive_list = adaptive.models();
  return out;
}

std::vector<double> predict_cumulative(const std::vector<PhasedCampaignRun>& runs, std::size_t training,
                                       const SearchLimits& limits, const AdaptationSettings& settings)
{
  if (training >= runs.size())
    throw std::invalid_argument("a campaign needs runs to predict after its training runs");
  const std::size_t phases = runs.front().phases.size();
  for (const PhasedCampaignRun& run : runs)
    if (run.phases.size() != phases)
      throw std::invalid_argument("every run of a phased campaign has the same phases");
  std::vector<ModelList> phase_lists;
  for (std::size_t k = 0; k < phases; ++k) {
    std::vector<Observation> trained;
    for (std::size_t r = 0; r < training; ++r)
      trained.push_back(runs[r].phases[k]);
    phase_lists.emplace_back(std::move(trained), limits, settings);
  }
  std::vector<double> out;
  for (std::size_t r = training; r < runs.size(); ++r) {
    const CampaignRun& run = runs[r].whole;
    const Observation& o   = run.observed;
    double sum             = 0;
    for (std::size_t k = 0; k < phases; ++k) {
      sum += phase_lists[k].predict(o.problem_size, o.processors, run.forecast_cpu, run.forecast_bandwidth);
      phase_lists[k].observe(runs[r].phases[k]);
    }
    out.push_back(sum);
  }
  return out;
}

}  // namespace isogrid::modelling
