#include "workloads/performance_modelling/performance_modelling_model.hpp"

#include "policies/loads/generators.hpp"
#include "policies/sensing/forecasters.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/performance_modelling/campaign_analysis.hpp"
#include "workloads/performance_modelling/campaign_applications.hpp"
#include "workloads/performance_modelling/campaign_plan.hpp"
#include "workloads/performance_modelling/campaign_simulation.hpp"

#include <fmt/format.h>

#include <cmath>

// The model in three parts, as dlt-star is: the campaign a point runs (campaign_plan), its simulation
// (campaign_simulation) and the analysis of its times into metrics (campaign_analysis); here the schema, the checks
// across parameters, and the glue.

namespace isogrid::modelling {

using Params  = PerformanceModellingParams;
using Metrics = PerformanceModellingMetrics;

namespace {

std::vector<std::string> generator_choices(loads::LoadTarget target)
{
  std::vector<std::string> out = {"platform", "dedicated"};
  for (const std::string& name : loads::load_generator_names(target))
    if (name != "dedicated")
      out.push_back(name);
  return out;
}

std::vector<std::string> tenth_names()
{
  std::vector<std::string> names;
  for (int w = 1; w <= 10; ++w)
    names.push_back("w" + std::to_string(w));
  return names;
}

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("performance-modelling",
             "Sanjay's ch. 3 campaign: an SPMD application trained and then predicted run after run on a loaded "
             "cluster (staged model search, online adaptation, NWS forecasts), one simulated timeline",
             "H. A. Sanjay, PhD thesis (IISc 2008), chapter 3; JPDC 68(8), 2008");
  s.simgrid(sg::exact_network_config());
  s.faces(false, true);
  s.param("platform", &Params::platform,
          "YAML grid spec of the cluster, with its background load declared (e.g. platforms/sanjay/intel-8.yaml)")
      .platform()
      .required()
      .label("platform");
  s.param("cluster", &Params::cluster, "the cluster of the platform the campaign runs on; empty: its first")
      .label("cluster");
  s.param("application", &Params::application,
          "the application: an SPMD skeleton (eigen, fft, cg, md, jacobi, is, ssor) or a phased application of "
          "Sec. 3.10 (phased-MD, phased-ChaNGa, phased-Athena, phased-LAMMPS, phased-MPB)")
      .choices(campaign_application_names())
      .label("application");
  s.param("cpu_load", &Params::cpu_load,
          "the hosts' background CPU load: as the platform declares it, dedicated (none), or a CPU load generator")
      .choices(generator_choices(loads::LoadTarget::Cpu))
      .label("CPU load");
  s.param("bandwidth_load", &Params::bandwidth_load,
          "the host links' background bandwidth load: as the platform declares it, dedicated (none), or a bandwidth "
          "load generator")
      .choices(generator_choices(loads::LoadTarget::Bandwidth))
      .label("bandwidth load");
  s.param("training_processors", &Params::training_processors,
          "processor counts of the training runs (thesis: [1, 2, 4, 8]; 1 and 2 are required)")
      .at_least(1)
      .label("processors of a training stage")
      .unitless();
  s.param("training_runs", &Params::training_runs, "training runs at each of those counts (thesis: [20, 20, 10, 10])")
      .at_least(1)
      .same_length_as("training_processors")
      .label("runs of a training stage")
      .unitless();
  s.param("predictions", &Params::predictions, "runs predicted and then executed after the training")
      .at_least(1)
      .label("predicted runs")
      .unitless();
  s.param("max_processors", &Params::max_processors,
          "the largest processor count of a predicted run; 0: the cluster's hosts")
      .at_least(0)
      .label("max processors")
      .unitless();
  s.param("predicted_processors", &Params::predicted_processors,
          "processor counts the predicted runs draw from (e.g. [4] for Fig. 3.10's runs on 4 processors); empty: 1 "
          "to max_processors")
      .at_least(1)
      .allow_empty()
      .label("processors of a predicted run")
      .unitless();
  s.param("sample_period", &Params::sample_period, "the sensors' sampling period (thesis: 2 minutes)")
      .positive()
      .unit("s")
      .label("sampling period");
  s.param("history_window", &Params::history_window,
          "the forecasters read averages over windows of this length (thesis: 10 minutes)")
      .positive()
      .unit("s")
      .not_below("sample_period")
      .label("history window");
  s.param("forecaster", &Params::forecaster, "the NWS-style forecaster of each resource's history")
      .policy(sensing::forecasters())
      .label("forecaster");
  s.param("subset_forecast", &Params::subset_forecast,
          "a run's load forecast: the lowest of its resources' forecasts, or the forecast of their lowest history "
          "(the thesis leaves it open)")
      .choices({"min-of-forecasts", "forecast-of-min"})
      .label("subset forecast");
  s.param("load_measure", &Params::load_measure,
          "a run's load: min-of-averages, the lowest run average over its hosts and links (the thesis's "
          "minAvgAvailCPU and minAvgAvailBW), or average-of-minima, the run average of the lowest sample at each "
          "sampling time, with forecasts of the series of those minima (what a bulk-synchronous run meets)")
      .choices({"min-of-averages", "average-of-minima"})
      .label("load measure");
  s.param("group_span", &Params::group_span,
          "scheduling usefulness: a group of problem sizes spans this much dedicated time on the most processors "
          "(thesis: 50 s)")
      .positive()
      .unit("s")
      .label("group span");

  s.param("target_platform", &Params::target_platform,
          "cross-platform prediction (Table 3.9): a YAML grid spec holding the target cluster (it may be the "
          "platform itself); empty: none")
      .file()
      .label("target platform");
  s.param("target_cluster", &Params::target_cluster, "the target cluster of target_platform; empty: its first")
      .label("target cluster");
  s.param("target_cpu_load", &Params::target_cpu_load, "the target's hosts' background CPU load, as cpu_load")
      .choices(generator_choices(loads::LoadTarget::Cpu))
      .label("target CPU load");
  s.param("target_bandwidth_load", &Params::target_bandwidth_load,
          "the target's host links' background bandwidth load, as bandwidth_load")
      .choices(generator_choices(loads::LoadTarget::Bandwidth))
      .label("target bandwidth load");
  s.param("target_runs", &Params::target_runs,
          "runs on the target cluster, each predicted before it runs (Table 3.9's exp-target)")
      .at_least(1)
      .label("target runs")
      .unitless();

  s.metric("ppe_adaptive", &Metrics::ppe_adaptive,
           "average percentage prediction error of the sorted list with online adaptation (multiple models)", "%")
      .label("PPE, adaptive");
  s.metric("ppe_adaptive_sd", &Metrics::ppe_adaptive_sd, "its standard deviation", "%").label("PPE SD, adaptive");
  s.metric("under30_adaptive", &Metrics::under30_adaptive, "predictions under 30 % error, adaptive", "%")
      .label("under 30 % error, adaptive");
  s.metric("under40_adaptive", &Metrics::under40_adaptive, "predictions under 40 % error, adaptive", "%")
      .label("under 40 % error, adaptive");
  s.metric("ppe_single", &Metrics::ppe_single, "average PPE of the training's best model alone (refitted)", "%")
      .label("PPE, single model");
  s.metric("ppe_single_sd", &Metrics::ppe_single_sd, "its standard deviation", "%").label("PPE SD, single model");
  s.metric("under30_single", &Metrics::under30_single, "predictions under 30 % error, single model", "%")
      .label("under 30 % error, single model");
  s.metric("ppe_measured", &Metrics::ppe_measured,
           "average PPE of the adaptive list given each run's own sensed loads instead of forecasts: the error left "
           "when forecasting is perfect, i.e. what the load measure and the model explain",
           "%")
      .label("PPE, measured loads");
  s.metric("ppe_uniform", &Metrics::ppe_uniform,
           "average PPE when training and prediction take the loads at each run's start (Table 3.7)", "%")
      .label("PPE, uniform loads");
  s.metric("ppe_uniform_sd", &Metrics::ppe_uniform_sd, "its standard deviation", "%").label("PPE SD, uniform loads");
  s.metric("ppe_whole", &Metrics::ppe_whole,
           "phased applications: average PPE of one model fitted on whole-run times of the training runs (Table "
           "3.10's single model), from forecasts",
           "%")
      .label("PPE, whole-run model");
  s.metric("ppe_cumulative", &Metrics::ppe_cumulative,
           "phased applications: average PPE of the sum of per-phase models, each phase's sorted list built on its "
           "phase's times and loads and adapted after every run (Table 3.10's cumulative model), from the same "
           "forecasts",
           "%")
      .label("PPE, cumulative model");
  s.metric("ppe_adaptive_first", &Metrics::ppe_adaptive_first, "adaptive PPE over the first 20 predictions", "%")
      .label("PPE, adaptive, first 20 runs");
  s.metric("ppe_adaptive_last", &Metrics::ppe_adaptive_last, "adaptive PPE over the last 20 predictions", "%")
      .label("PPE, adaptive, last 20 runs");
  s.metric_rows(&Metrics::by_tenth, tenth_names(),
                std::vector<RowMetric<PpeWindow>>{
                    {"ppe_adaptive_{}", &PpeWindow::adaptive,
                     "adaptive PPE over the predicted runs of tenth {} (w1 the first tenth, in execution order: Fig. "
                     "3.9's PPE against run index)",
                     "%", "PPE, adaptive, tenth {}"},
                    {"ppe_single_{}", &PpeWindow::single, "single-model PPE over the predicted runs of tenth {}", "%",
                     "PPE, single model, tenth {}"},
                });
  s.metric("loss_max", &Metrics::loss_max,
           "scheduling usefulness: the largest loss, over groups of sizes, of running the predicted-fastest (N, P) "
           "instead of the fastest (Table 3.4)",
           "%")
      .label("largest scheduling loss");
  s.metric("loss_max_floored", &Metrics::loss_max_floored, "the same, floored as the thesis prints it", "%")
      .label("largest scheduling loss, floored");
  s.metric("loss_mean", &Metrics::loss_mean, "the mean loss over the groups", "%").label("mean scheduling loss");
  s.metric("loss_groups", &Metrics::loss_groups, "groups with at least two runs to choose from")
      .label("size groups")
      .unitless();
  s.metric("ppe_schopf", &Metrics::ppe_schopf,
           "average PPE of Schopf's stochastic structural model (Sec. 3.9.1): the application's exact dedicated "
           "computation and communication times over the run's loads taken as stochastic values (mean +- 2 sd of "
           "their history), its mean prediction",
           "%")
      .label("PPE, Schopf's model");
  s.metric("schopf_covered", &Metrics::schopf_covered,
           "predicted runs whose time fell within the stochastic structural model's range", "%")
      .label("runs in Schopf's range");
  s.metric("ppe_ported", &Metrics::ppe_ported,
           "cross-platform: average PPE on the target of the reference head ported by Eq. 3.9 alone", "%")
      .label("PPE, ported head");
  s.metric("ppe_ported_within", &Metrics::ppe_ported_within,
           "the same over the target runs on no more processors than the reference's runs used: porting without "
           "extrapolating the speedup functions",
           "%")
      .label("PPE, ported, no extrapolation");
  s.metric("ppe_cross", &Metrics::ppe_cross,
           "cross-platform: average PPE on the target of the thesis's choice, run by run, between the ported head and "
           "the reference list refitted on the target's runs so far, by their errors on the earlier target runs "
           "(Table 3.9's Avg. PPE)",
           "%")
      .label("PPE, cross-platform");
  s.metric("ppe_cross_sd", &Metrics::ppe_cross_sd, "its standard deviation", "%").label("PPE SD, cross-platform");
  s.metric("under30_cross", &Metrics::under30_cross, "target predictions under 30 % error", "%")
      .label("under 30 % error, cross-platform");
  s.metric("target_trained", &Metrics::target_trained,
           "target runs predicted by the list refitted on the target rather than the ported head", "%")
      .label("target runs refitted");
  s.metric("r_cpu", &Metrics::r_cpu, "R_cpu: dedicated one-processor time, target over reference (Eq. 3.9)")
      .label("CPU ratio R_cpu")
      .unitless();
  s.metric("r_bw", &Metrics::r_bw,
           "R_bw: the communication factor that fits the target's dedicated two-processor runs best (Eq. 3.9)")
      .label("communication factor R_bw")
      .unitless();
  s.metric("predicted_runs", &Metrics::predicted_runs, "runs predicted").label("predicted runs").unitless();
  s.metric("mean_time", &Metrics::mean_time, "mean time of the predicted runs", "s").label("mean run time");
  s.metric("min_time", &Metrics::min_time, "shortest predicted run", "s").label("shortest run time");
  s.metric("max_time", &Metrics::max_time, "longest predicted run", "s").label("longest run time");
  s.metric("mean_cpu", &Metrics::mean_cpu, "mean over all runs of the sensed minAvgAvailCPU")
      .label("mean available CPU")
      .unitless();
  s.metric("mean_bandwidth", &Metrics::mean_bandwidth,
           "mean over the runs on several processors of the sensed minAvgAvailBW", "Mbit/s")
      .label("mean available bandwidth");
  s.metric("campaign_hours", &Metrics::campaign_hours, "simulated length of the whole campaign", "h")
      .label("campaign length");
  s.primary(&Metrics::ppe_adaptive);
}

}  // namespace

const ModelSchema<Params, Metrics>& performance_modelling_schema() { return schema_of(declare); }

namespace {

class PerformanceModellingModel : public TypedModel<Params, Metrics, Campaign> {
public:
  PerformanceModellingModel() : TypedModel(performance_modelling_schema()) {}

protected:
  void check(const Params& p) const override
  {
    std::size_t ones = 0, twos = 0;
    for (std::size_t k = 0; k < p.training_processors.size(); ++k) {
      if (p.training_processors[k] != std::floor(p.training_processors[k]))
        throw ParamError("training_processors", "expected whole processor counts", {std::to_string(k)});
      if (p.training_runs[k] != std::floor(p.training_runs[k]))
        throw ParamError("training_runs", "expected whole run counts", {std::to_string(k)});
      if (p.training_processors[k] == 1)
        ones += static_cast<std::size_t>(p.training_runs[k]);
      if (p.training_processors[k] == 2)
        twos += static_cast<std::size_t>(p.training_runs[k]);
    }
    if (ones < 3 || twos < 3)
      throw ParamError("training_runs",
                       "the staged search needs at least 3 training runs on 1 processor and 3 on 2 (stages 1 and 2)");
    if (p.platform.empty())
      return;
    const GridSpec& spec = grid_of(p.platform, "platform");
    const ClusterSpec& c = spec.clusters[cluster_index(spec, p.cluster)];
    for (std::size_t k = 0; k < p.training_processors.size(); ++k)
      if (p.training_processors[k] > static_cast<double>(c.hosts))
        throw ParamError(
            "training_processors",
            fmt::format("{} processors, but cluster {} has {} hosts", p.training_processors[k], c.name, c.hosts),
            {std::to_string(k)});
    if (p.max_processors > c.hosts)
      throw ParamError("max_processors", fmt::format("cluster {} has {} hosts", c.name, c.hosts));
    for (std::size_t k = 0; k < p.predicted_processors.size(); ++k)
      if (p.predicted_processors[k] != std::floor(p.predicted_processors[k]) || p.predicted_processors[k] > c.hosts)
        throw ParamError("predicted_processors",
                         fmt::format("expected whole counts up to cluster {}'s {} hosts", c.name, c.hosts),
                         {std::to_string(k)});
    if (!p.target_platform.empty()) {
      GridSpec both = spec;
      add_target(p, both, cluster_index(spec, p.cluster));
    }
  }

  Campaign decide(const Params& p, const PointInfo& at, const SimulationContext&) const override
  {
    return plan_campaign(p, at.seed);
  }

  void simulate(const Params& p, Campaign& campaign, const SimulationContext& context,
                Face<Metrics>& out) const override
  {
    campaign_metrics(p, campaign, simulate_campaign(campaign, context), out);
  }
};

}  // namespace

std::unique_ptr<Model> make_performance_modelling_model() { return std::make_unique<PerformanceModellingModel>(); }

ISOGRID_MODEL("performance-modelling", make_performance_modelling_model);

}  // namespace isogrid::modelling
