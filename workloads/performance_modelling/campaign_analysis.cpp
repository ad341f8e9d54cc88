#include "workloads/performance_modelling/campaign_analysis.hpp"

#include "policies/modelling/cross_platform.hpp"
#include "policies/modelling/evaluation.hpp"
#include "policies/modelling/porting.hpp"
#include "policies/modelling/prediction_campaign.hpp"
#include "policies/modelling/stochastic_structural.hpp"
#include "workloads/loads/platform_loads.hpp"
#include "workloads/performance_modelling/campaign_sensing.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace isogrid::modelling {

using Params  = PerformanceModellingParams;
using Metrics = PerformanceModellingMetrics;

namespace {

double mean_of(const std::vector<double>& v, std::size_t from, std::size_t to)
{
  double sum = 0;
  for (std::size_t i = from; i < to; ++i)
    sum += v[i];
  return to > from ? sum / static_cast<double>(to - from) : 0;
}

// How well the adaptive list, a single model, the uniform-load baseline and the measured loads predicted the
// predicted runs (overall, first and last 20, by tenths), what a scheduler trusting the predictions loses, and what the
// campaign was like.
void add_prediction_metrics(const Params& p, const Campaign& campaign, const std::vector<CampaignRun>& sensed,
                            const CampaignPredictions& pr, double end, Metrics& out)
{
  PpeSummary adaptive  = summarize_ppe(pr.actual, pr.adaptive);
  PpeSummary single    = summarize_ppe(pr.actual, pr.single);
  PpeSummary uniform   = summarize_ppe(pr.actual, pr.uniform);
  out.ppe_measured     = summarize_ppe(pr.actual, pr.measured).mean;
  out.ppe_adaptive     = adaptive.mean;
  out.ppe_adaptive_sd  = adaptive.sd;
  out.under30_adaptive = adaptive.under_30;
  out.under40_adaptive = adaptive.under_40;
  out.ppe_single       = single.mean;
  out.ppe_single_sd    = single.sd;
  out.under30_single   = single.under_30;
  out.ppe_uniform      = uniform.mean;
  out.ppe_uniform_sd   = uniform.sd;
  std::vector<double> errors, single_errors;
  for (std::size_t i = 0; i < pr.actual.size(); ++i) {
    errors.push_back(percentage_prediction_error(pr.actual[i], pr.adaptive[i]));
    single_errors.push_back(percentage_prediction_error(pr.actual[i], pr.single[i]));
  }
  std::size_t n = errors.size(), edge = std::min<std::size_t>(20, n);
  out.ppe_adaptive_first                 = mean_of(errors, 0, edge);
  out.ppe_adaptive_last                  = mean_of(errors, n - edge, n);
  const std::vector<std::string>& tenths = out.by_tenth.names();
  for (std::size_t w = 0; w < tenths.size(); ++w) {  // runs [w n / 10, (w + 1) n / 10): empty ones stay blank
    std::size_t from = w * n / tenths.size(), to = (w + 1) * n / tenths.size();
    if (to > from)
      out.by_tenth[tenths[w]] = {mean_of(errors, from, to), mean_of(single_errors, from, to)};
  }

  // Scheduling usefulness over the predicted runs, grouped by dedicated time on the most processors.
  const ClusterSpec& c              = campaign.spec.clusters[campaign.cluster];
  const CampaignApplication& kernel = campaign.application;
  const DedicatedCluster dedicated  = dedicated_cluster(c);
  std::size_t most                  = max_processors(p, c);
  std::vector<ScheduleCandidate> candidates;
  for (std::size_t i = 0; i < n; ++i) {
    const Observation& o = sensed[campaign.training + i].observed;
    candidates.push_back({o.problem_size, o.processors, pr.adaptive[i], o.time});
  }
  std::vector<UsefulnessGroup> groups = scheduling_usefulness(
      candidates, [&](double size) { return dedicated_total(kernel.shapes(size, most), most, dedicated); },
      p.group_span);
  double worst = 0, sum = 0;
  int worst_floored   = 0;
  std::size_t counted = 0;
  for (const UsefulnessGroup& g : groups) {
    if (g.candidates < 2)  // one run leaves the scheduler no choice
      continue;
    worst         = std::max(worst, g.loss_percent);
    worst_floored = std::max(worst_floored, g.loss_floored);
    sum += g.loss_percent;
    ++counted;
  }
  out.loss_max         = worst;
  out.loss_max_floored = worst_floored;
  out.loss_mean        = counted ? sum / static_cast<double>(counted) : 0;
  out.loss_groups      = static_cast<double>(counted);

  out.predicted_runs = static_cast<double>(n);
  out.mean_time      = mean_of(pr.actual, 0, n);
  out.min_time       = *std::min_element(pr.actual.begin(), pr.actual.end());
  out.max_time       = *std::max_element(pr.actual.begin(), pr.actual.end());
  double cpu = 0, bandwidth = 0;
  std::size_t several = 0;
  for (const CampaignRun& r : sensed) {
    cpu += r.observed.cpu;
    if (r.observed.processors > 1) {
      bandwidth += r.observed.bandwidth;
      ++several;
    }
  }
  out.mean_cpu       = cpu / static_cast<double>(sensed.size());
  out.mean_bandwidth = several ? bandwidth / static_cast<double>(several) : 0;
  out.campaign_hours = end / 3600;
}

// Schopf's stochastic structural model of each predicted run (Sec. 3.9.1): the skeleton's exact dedicated
// computation and communication times over the loads' stochastic values as the run starts.
void add_structural_metrics(const Campaign& campaign, const CampaignSensing& sensing,
                            const std::vector<TimedRun>& timed, Metrics& out)
{
  const DedicatedCluster dedicated = dedicated_cluster(campaign.spec.clusters[campaign.cluster]);
  std::vector<double> actual, predicted;
  std::size_t covered = 0;
  for (std::size_t r = campaign.training; r < campaign.runs.size(); ++r) {
    const RunChoice& run = campaign.runs[r];
    const DedicatedTime structure =
        dedicated_split(campaign.application.shapes(run.problem_size, run.hosts.size()), run.hosts.size(), dedicated);
    auto [cpu, bandwidth] = sensing.stochastic(run, timed[r].start);
    RangePrediction range = structural_prediction(structure.computation, structure.communication, cpu, bandwidth);
    actual.push_back(timed[r].time());
    predicted.push_back(range.mean);
    covered += range.low <= actual.back() && actual.back() <= range.high ? 1 : 0;
  }
  out.ppe_schopf     = summarize_ppe(actual, predicted).mean;
  out.schopf_covered = 100.0 * static_cast<double>(covered) / static_cast<double>(actual.size());
}

// Table 3.9: the reference's list at the end of its campaign, ported to the target by R_cpu and R_bw measured on
// dedicated runs of both clusters (the skeleton's closed form: a dedicated run is exactly that, as the tests
// check), predicts the target's runs from the target's own sensors.
void add_cross_platform_metrics(const Params& p, const Campaign& campaign,
                                const std::vector<loads::ClusterTraces>& traces, const std::vector<TimedRun>& timed,
                                const std::vector<FittedModel>& reference_list, Metrics& out)
{
  const CampaignApplication& kernel   = campaign.application;
  const ClusterSpec& reference        = campaign.spec.clusters[campaign.cluster];
  const ClusterSpec& target           = campaign.spec.clusters[*campaign.target];
  const DedicatedCluster on_reference = dedicated_cluster(reference), on_target = dedicated_cluster(target);
  std::vector<double> sizes = training_sizes(kernel);
  double moderate           = sizes[sizes.size() / 2];  // the thesis's "moderate" size: the training range's middle
  auto dedicated_run        = [&](double n, std::size_t processors, const DedicatedCluster& on) {
    return dedicated_total(kernel.shapes(n, processors), processors, on);
  };
  out.r_cpu = cpu_scaling_factor(dedicated_run(moderate, 1, on_target), dedicated_run(moderate, 1, on_reference));
  std::vector<Observation> two;  // the target's dedicated two-processor runs over the training sizes
  for (double n : sizes)
    two.push_back({n, 2, 1, mbit_per_s(target), dedicated_run(n, 2, on_target)});
  out.r_bw = bandwidth_scaling_factor(reference_list.front().model, out.r_cpu, two);

  CampaignSensing sensing(traces[*campaign.target], p, mbit_per_s(target));
  std::vector<CampaignRun> sensed;
  for (std::size_t r = 0; r < campaign.target_runs.size(); ++r)
    sensed.push_back(sensing.sense(campaign.target_runs[r], timed[r].start, timed[r].end));
  CrossPlatformPredictions cross = predict_cross_platform(reference_list, out.r_cpu, out.r_bw, sensed);
  PpeSummary chosen              = summarize_ppe(cross.actual, cross.chosen);
  out.ppe_ported                 = summarize_ppe(cross.actual, cross.ported).mean;
  std::size_t reference_most     = 0;
  for (const RunChoice& r : campaign.runs)
    reference_most = std::max(reference_most, r.hosts.size());
  std::vector<double> actual_within, ported_within;
  for (std::size_t r = 0; r < sensed.size(); ++r)
    if (sensed[r].observed.processors <= reference_most) {
      actual_within.push_back(cross.actual[r]);
      ported_within.push_back(cross.ported[r]);
    }
  if (!actual_within.empty())
    out.ppe_ported_within = summarize_ppe(actual_within, ported_within).mean;
  out.ppe_cross      = chosen.mean;
  out.ppe_cross_sd   = chosen.sd;
  out.under30_cross  = chosen.under_30;
  out.target_trained = 100.0 * static_cast<double>(cross.target_trained) / static_cast<double>(cross.actual.size());
}

}  // namespace

void campaign_metrics(const Params& p, const Campaign& campaign, const CampaignTimes& times, Face<Metrics>& out)
{
  const ClusterSpec& cluster         = campaign.spec.clusters[campaign.cluster];
  const bool phased                  = campaign.application.phases > 1;
  const std::vector<TimedRun>& timed = times.reference;
  // The sensors read the same traces SimGrid replayed.
  std::vector<loads::ClusterTraces> traces = loads::platform_traces(campaign.spec, campaign.seed);
  CampaignSensing sensing(traces[campaign.cluster], p, mbit_per_s(cluster));
  std::vector<CampaignRun> sensed;
  std::vector<PhasedCampaignRun> phases;
  for (std::size_t r = 0; r < campaign.runs.size(); ++r) {
    sensed.push_back(sensing.sense(campaign.runs[r], timed[r].start, timed[r].end));
    if (phased) {
      PhasedCampaignRun run{sensed.back(), {}};
      double from = timed[r].start;
      for (double to : timed[r].phase_ends) {  // each phase's time and the loads sensed within it
        run.phases.push_back(sensing.observe(campaign.runs[r], from, to));
        from = to;
      }
      phases.push_back(std::move(run));
    }
  }
  CampaignPredictions predictions = predict_campaign(sensed, campaign.training);
  add_prediction_metrics(p, campaign, sensed, predictions, timed.back().end, out);
  out.note = fmt::format("adaptive head: {}", predictions.adaptive_list.front().name());
  if (phased) {
    out.ppe_whole      = summarize_ppe(predictions.actual, predictions.frozen).mean;
    out.ppe_cumulative = summarize_ppe(predictions.actual, predict_cumulative(phases, campaign.training)).mean;
  }
  if (campaign.target)
    add_cross_platform_metrics(p, campaign, traces, times.target, predictions.adaptive_list, out);
  add_structural_metrics(campaign, sensing, timed, out);
}

}  // namespace isogrid::modelling
