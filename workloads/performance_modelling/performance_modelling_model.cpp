#include "workloads/performance_modelling/performance_modelling_model.hpp"

#include "policies/loads/generators.hpp"
#include "policies/modelling/cross_platform.hpp"
#include "policies/modelling/evaluation.hpp"
#include "policies/modelling/porting.hpp"
#include "policies/modelling/prediction_campaign.hpp"
#include "policies/modelling/stochastic_structural.hpp"
#include "policies/sensing/forecasters.hpp"
#include "policies/sensing/sensors.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "simulator/sg/grid_builder.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/loads/platform_loads.hpp"
#include "workloads/performance_modelling/campaign_applications.hpp"
#include "workloads/performance_modelling/spmd_skeleton.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>

namespace isogrid::modelling {

using Params  = PerformanceModellingParams;
using Metrics = PerformanceModellingMetrics;

namespace {

std::vector<std::string> generator_choices(loads::LoadTarget target)
{
  std::vector<std::string> out = {"platform", "dedicated"};
  for (const std::string& name : loads::load_generators().names())
    if (loads::load_generators().get(name).target == target && name != "dedicated")
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
      .required();
  s.param("cluster", &Params::cluster, "the cluster of the platform the campaign runs on; empty: its first");
  s.param("application", &Params::application,
          "the application: an SPMD skeleton (eigen, fft, cg, md, jacobi, is, ssor) or a phased application of "
          "Sec. 3.10 (phased-MD, phased-ChaNGa, phased-Athena, phased-LAMMPS, phased-MPB)")
      .choices(campaign_application_names());
  s.param("cpu_load", &Params::cpu_load,
          "the hosts' background CPU load: as the platform declares it, dedicated (none), or a CPU load generator")
      .choices(generator_choices(loads::LoadTarget::Cpu));
  s.param("bandwidth_load", &Params::bandwidth_load,
          "the host links' background bandwidth load: as the platform declares it, dedicated (none), or a bandwidth "
          "load generator")
      .choices(generator_choices(loads::LoadTarget::Bandwidth));
  s.param("training_processors", &Params::training_processors,
          "processor counts of the training runs (thesis: [1, 2, 4, 8]; 1 and 2 are required)")
      .at_least(1);
  s.param("training_runs", &Params::training_runs, "training runs at each of those counts (thesis: [20, 20, 10, 10])")
      .at_least(1);
  s.param("predictions", &Params::predictions, "runs predicted and then executed after the training").at_least(1);
  s.param("max_processors", &Params::max_processors,
          "the largest processor count of a predicted run; 0: the cluster's hosts")
      .at_least(0);
  s.param("predicted_processors", &Params::predicted_processors,
          "processor counts the predicted runs draw from (e.g. [4] for Fig. 3.10's runs on 4 processors); empty: 1 "
          "to max_processors")
      .at_least(1)
      .allow_empty();
  s.param("sample_period", &Params::sample_period, "the sensors' sampling period (thesis: 2 minutes)")
      .positive()
      .unit("s");
  s.param("history_window", &Params::history_window,
          "the forecasters read averages over windows of this length (thesis: 10 minutes)")
      .positive()
      .unit("s");
  s.param("forecaster", &Params::forecaster, "the NWS-style forecaster of each resource's history")
      .policy(sensing::forecasters());
  s.param("subset_forecast", &Params::subset_forecast,
          "a run's load forecast: the lowest of its resources' forecasts, or the forecast of their lowest history "
          "(the thesis leaves it open)")
      .choices({"min-of-forecasts", "forecast-of-min"});
  s.param("load_measure", &Params::load_measure,
          "a run's load: min-of-averages, the lowest run average over its hosts and links (the thesis's "
          "minAvgAvailCPU and minAvgAvailBW), or average-of-minima, the run average of the lowest sample at each "
          "sampling time, with forecasts of the series of those minima (what a bulk-synchronous run meets)")
      .choices({"min-of-averages", "average-of-minima"});
  s.param("group_span", &Params::group_span,
          "scheduling usefulness: a group of problem sizes spans this much dedicated time on the most processors "
          "(thesis: 50 s)")
      .positive()
      .unit("s");

  s.param("target_platform", &Params::target_platform,
          "cross-platform prediction (Table 3.9): a YAML grid spec holding the target cluster (it may be the "
          "platform itself); empty: none")
      .file();
  s.param("target_cluster", &Params::target_cluster, "the target cluster of target_platform; empty: its first");
  s.param("target_cpu_load", &Params::target_cpu_load, "the target's hosts' background CPU load, as cpu_load")
      .choices(generator_choices(loads::LoadTarget::Cpu));
  s.param("target_bandwidth_load", &Params::target_bandwidth_load,
          "the target's host links' background bandwidth load, as bandwidth_load")
      .choices(generator_choices(loads::LoadTarget::Bandwidth));
  s.param("target_runs", &Params::target_runs,
          "runs on the target cluster, each predicted before it runs (Table 3.9's exp-target)")
      .at_least(1);

  s.metric("ppe_adaptive", &Metrics::ppe_adaptive,
           "average percentage prediction error of the sorted list with online adaptation (multiple models)", "%");
  s.metric("ppe_adaptive_sd", &Metrics::ppe_adaptive_sd, "its standard deviation", "%");
  s.metric("under30_adaptive", &Metrics::under30_adaptive, "predictions under 30 % error, adaptive", "%");
  s.metric("under40_adaptive", &Metrics::under40_adaptive, "predictions under 40 % error, adaptive", "%");
  s.metric("ppe_single", &Metrics::ppe_single, "average PPE of the training's best model alone (refitted)", "%");
  s.metric("ppe_single_sd", &Metrics::ppe_single_sd, "its standard deviation", "%");
  s.metric("under30_single", &Metrics::under30_single, "predictions under 30 % error, single model", "%");
  s.metric("ppe_measured", &Metrics::ppe_measured,
           "average PPE of the adaptive list given each run's own sensed loads instead of forecasts: the error left "
           "when forecasting is perfect, i.e. what the load measure and the model explain",
           "%");
  s.metric("ppe_uniform", &Metrics::ppe_uniform,
           "average PPE when training and prediction take the loads at each run's start (Table 3.7)", "%");
  s.metric("ppe_uniform_sd", &Metrics::ppe_uniform_sd, "its standard deviation", "%");
  s.metric("ppe_whole", &Metrics::ppe_whole,
           "phased applications: average PPE of one model fitted on whole-run times of the training runs (Table "
           "3.10's single model), from forecasts",
           "%");
  s.metric("ppe_cumulative", &Metrics::ppe_cumulative,
           "phased applications: average PPE of the sum of per-phase models, each phase's sorted list built on its "
           "phase's times and loads and adapted after every run (Table 3.10's cumulative model), from the same "
           "forecasts",
           "%");
  s.metric("ppe_adaptive_first", &Metrics::ppe_adaptive_first, "adaptive PPE over the first 20 predictions", "%");
  s.metric("ppe_adaptive_last", &Metrics::ppe_adaptive_last, "adaptive PPE over the last 20 predictions", "%");
  s.metric_rows(&Metrics::by_tenth, tenth_names(),
                std::vector<RowMetric<PpeWindow>>{
                    {"ppe_adaptive_{}", &PpeWindow::adaptive,
                     "adaptive PPE over the predicted runs of tenth {} (w1 the first tenth, in execution order: Fig. "
                     "3.9's PPE against run index)",
                     "%"},
                    {"ppe_single_{}", &PpeWindow::single, "single-model PPE over the predicted runs of tenth {}", "%"},
                });
  s.metric("loss_max", &Metrics::loss_max,
           "scheduling usefulness: the largest loss, over groups of sizes, of running the predicted-fastest (N, P) "
           "instead of the fastest (Table 3.4)",
           "%");
  s.metric("loss_max_floored", &Metrics::loss_max_floored, "the same, floored as the thesis prints it", "%");
  s.metric("loss_mean", &Metrics::loss_mean, "the mean loss over the groups", "%");
  s.metric("loss_groups", &Metrics::loss_groups, "groups with at least two runs to choose from");
  s.metric("ppe_schopf", &Metrics::ppe_schopf,
           "average PPE of Schopf's stochastic structural model (Sec. 3.9.1): the application's exact dedicated "
           "computation and communication times over the run's loads taken as stochastic values (mean +- 2 sd of "
           "their history), its mean prediction",
           "%");
  s.metric("schopf_covered", &Metrics::schopf_covered,
           "predicted runs whose time fell within the stochastic structural model's range", "%");
  s.metric("ppe_ported", &Metrics::ppe_ported,
           "cross-platform: average PPE on the target of the reference head ported by Eq. 3.9 alone", "%");
  s.metric("ppe_ported_within", &Metrics::ppe_ported_within,
           "the same over the target runs on no more processors than the reference's runs used: porting without "
           "extrapolating the speedup functions",
           "%");
  s.metric("ppe_cross", &Metrics::ppe_cross,
           "cross-platform: average PPE on the target of the thesis's choice, run by run, between the ported head and "
           "the reference list refitted on the target's runs so far, by their errors on the earlier target runs "
           "(Table 3.9's Avg. PPE)",
           "%");
  s.metric("ppe_cross_sd", &Metrics::ppe_cross_sd, "its standard deviation", "%");
  s.metric("under30_cross", &Metrics::under30_cross, "target predictions under 30 % error", "%");
  s.metric("target_trained", &Metrics::target_trained,
           "target runs predicted by the list refitted on the target rather than the ported head", "%");
  s.metric("r_cpu", &Metrics::r_cpu, "R_cpu: dedicated one-processor time, target over reference (Eq. 3.9)");
  s.metric("r_bw", &Metrics::r_bw,
           "R_bw: the communication factor that fits the target's dedicated two-processor runs best (Eq. 3.9)");
  s.metric("predicted_runs", &Metrics::predicted_runs, "runs predicted");
  s.metric("mean_time", &Metrics::mean_time, "mean time of the predicted runs", "s");
  s.metric("min_time", &Metrics::min_time, "shortest predicted run", "s");
  s.metric("max_time", &Metrics::max_time, "longest predicted run", "s");
  s.metric("mean_cpu", &Metrics::mean_cpu, "mean over all runs of the sensed minAvgAvailCPU");
  s.metric("mean_bandwidth", &Metrics::mean_bandwidth,
           "mean over the runs on several processors of the sensed minAvgAvailBW", "Mbit/s");
  s.metric("campaign_hours", &Metrics::campaign_hours, "simulated length of the whole campaign", "h");
  s.primary(&Metrics::ppe_adaptive);
}

}  // namespace

const ModelSchema<Params, Metrics>& performance_modelling_schema() { return schema_of(declare); }

namespace {

struct RunChoice {
  double problem_size = 0;
  std::vector<std::size_t> hosts;  // indices into the cluster's hosts
};

struct Campaign {
  GridSpec spec;  // the platform, with the loads this point chose (and the target's cluster, when it is elsewhere)
  std::size_t cluster = 0;
  CampaignApplication application;  // on that cluster's speed
  std::vector<RunChoice> runs;
  std::size_t training = 0;
  std::optional<std::size_t> target;   // the target cluster of a cross-platform campaign
  std::vector<RunChoice> target_runs;  // the same application's runs there
  std::uint64_t seed = 0;              // the point's: the loads SimGrid replays and the sensors read are drawn from it
};

std::size_t cluster_index(const GridSpec& spec, const std::string& name, const char* key = "cluster")
{
  if (name.empty())
    return 0;
  for (std::size_t c = 0; c < spec.clusters.size(); ++c)
    if (spec.clusters[c].name == name)
      return c;
  std::vector<std::string> known;
  for (const ClusterSpec& c : spec.clusters)
    known.push_back(c.name);
  throw ParamError(key, unknown_name_message("cluster", name, known));
}

const GridSpec& grid_of(const std::string& file, const char* key)
{
  if (!is_grid_spec_file(file))
    throw ParamError(key, "expected a YAML grid spec (.yaml): the campaign reads its clusters' declared loads");
  const GridSpec& spec = cached_grid_spec(file);
  if (spec.star)
    throw ParamError(key, "expected clusters, not a star");
  return spec;
}

const GridSpec& grid_of(const Params& p) { return grid_of(p.platform, "platform"); }

DedicatedCluster dedicated_cluster(const ClusterSpec& c) { return {c.speed, c.link.bandwidth, c.link.latency}; }

// The target cluster of a cross-platform campaign within `spec` (the reference platform): a cluster of the same
// platform, or one of another platform's, appended (its clusters stay apart: no inter-cluster link is needed, the
// campaigns never talk). Throws ParamError for an unknown cluster, the reference itself, or a clashing name.
std::size_t add_target(const Params& p, GridSpec& spec, std::size_t reference)
{
  const GridSpec& target = grid_of(p.target_platform, "target_platform");
  std::size_t index      = cluster_index(target, p.target_cluster, "target_cluster");
  if (target.file == spec.file) {
    if (index == reference)
      throw ParamError(
          p.target_cluster.empty() ? "target_platform" : "target_cluster",
          fmt::format("the target must be another cluster than the reference ({})", spec.clusters[reference].name));
    return index;
  }
  const ClusterSpec& c = target.clusters[index];
  for (const ClusterSpec& known : spec.clusters)
    if (known.name == c.name)
      throw ParamError("target_cluster",
                       fmt::format("cluster {} is also a cluster of the reference platform: rename one", c.name));
  spec.clusters.push_back(c);
  return spec.clusters.size() - 1;
}

// A cluster's loads as the point chose them: "platform" keeps the declaration, "dedicated" clears it, a generator
// replaces it.
void choose_loads(ClusterSpec& cluster, const std::string& cpu, const std::string& bandwidth)
{
  if (cpu == "platform" && bandwidth == "platform")
    return;
  if (!cluster.load)
    cluster.load = LoadSpec{};
  auto choose = [](LoadSource& source, const std::string& name) {
    if (name == "platform")
      return;
    source = LoadSource{};
    if (name != "dedicated")  // dedicated: nothing declared, the resource stays free
      source.generator = name;
  };
  choose(cluster.load->cpu, cpu);
  choose(cluster.load->bandwidth, bandwidth);
}

// The load must outlast the campaign: the generators draw for the declared horizon, at least 10 days, and at least
// 4 times the campaign's dedicated length (the lightest random loading leaves 6.5 % only for minutes, and about 70 %
// on average), up to a year.
void stretch_horizon(ClusterSpec& cluster, const CampaignApplication& application, const std::vector<RunChoice>& runs)
{
  if (!cluster.load)
    return;
  const DedicatedCluster dedicated = dedicated_cluster(cluster);
  double length                    = 0;
  for (const RunChoice& r : runs)
    length += dedicated_total(application.shapes(r.problem_size, r.hosts.size()), r.hosts.size(), dedicated);
  cluster.load->horizon = std::min(std::max({cluster.load->horizon, 10 * 24 * 3600.0, 4 * length}), 366 * 24 * 3600.0);
}

std::size_t max_processors(const Params& p, const ClusterSpec& c)
{
  return p.max_processors > 0 ? static_cast<std::size_t>(p.max_processors) : static_cast<std::size_t>(c.hosts);
}

// The sizes a kernel's runs draw from: its training grid, and for predictions 20 sizes evenly over the whole range
// (so that a size comes back with several processor counts, as the scheduling-usefulness groups need).
std::vector<double> training_sizes(const CampaignApplication& k)
{
  std::vector<double> sizes;
  for (double n = k.train_min; n <= k.train_max + k.step / 2; n += k.step)
    sizes.push_back(n);
  return sizes;
}

std::vector<double> prediction_sizes(const CampaignApplication& k)
{
  std::vector<double> sizes;
  const int count = 20;
  for (int i = 0; i < count; ++i) {
    double n = k.train_min + (k.predict_max - k.train_min) * i / (count - 1);
    sizes.push_back(k.train_min + std::round((n - k.train_min) / k.step) * k.step);
  }
  return sizes;
}

std::vector<std::size_t> draw_hosts(std::size_t p, std::size_t hosts, SeededRandom& random)
{
  std::vector<std::size_t> all(hosts);
  std::iota(all.begin(), all.end(), 0);
  for (std::size_t i = 0; i < p; ++i)  // a partial Fisher-Yates shuffle: the first p are a uniform subset
    std::swap(all[i], all[i + random.below(hosts - i)]);
  all.resize(p);
  return all;
}

Campaign plan_campaign(const Params& p, std::uint64_t seed)
{
  Campaign campaign;
  campaign.seed    = seed;
  campaign.spec    = grid_of(p);
  campaign.cluster = cluster_index(campaign.spec, p.cluster);
  if (!p.target_platform.empty())
    campaign.target = add_target(p, campaign.spec, campaign.cluster);  // may grow the clusters: take `cluster` after
  ClusterSpec& cluster = campaign.spec.clusters[campaign.cluster];
  choose_loads(cluster, p.cpu_load, p.bandwidth_load);
  campaign.application              = campaign_application(p.application, cluster.speed);
  const CampaignApplication& kernel = campaign.application;
  SeededRandom random               = SeedStream(seed).child(StreamSalt{"campaign runs", 0xca3b}).random();
  const auto hosts                  = static_cast<std::size_t>(cluster.hosts);
  std::vector<double> train         = training_sizes(kernel);
  for (std::size_t k = 0; k < p.training_processors.size(); ++k)
    for (int r = 0; r < static_cast<int>(p.training_runs[k]); ++r) {
      auto processors = static_cast<std::size_t>(p.training_processors[k]);
      campaign.runs.push_back({train[random.below(train.size())], draw_hosts(processors, hosts, random)});
    }
  // The training runs in a random order, so that every processor count meets every kind of load.
  for (std::size_t i = campaign.runs.size(); i > 1; --i)
    std::swap(campaign.runs[i - 1], campaign.runs[random.below(i)]);
  campaign.training             = campaign.runs.size();
  std::vector<double> predicted = prediction_sizes(kernel);
  std::size_t most              = max_processors(p, cluster);
  for (long long r = 0; r < p.predictions; ++r) {
    double n = predicted[random.below(predicted.size())];
    std::size_t processors =
        p.predicted_processors.empty()
            ? 1 + random.below(most)
            : static_cast<std::size_t>(p.predicted_processors[random.below(p.predicted_processors.size())]);
    campaign.runs.push_back({n, draw_hosts(processors, hosts, random)});
  }
  stretch_horizon(cluster, kernel, campaign.runs);
  if (campaign.target) {
    // The target runs the same program (the reference's sizes, flops and bytes), sized and spread as the
    // reference's predicted runs are, over all of the target's hosts.
    ClusterSpec& target = campaign.spec.clusters[*campaign.target];
    choose_loads(target, p.target_cpu_load, p.target_bandwidth_load);
    const auto target_hosts = static_cast<std::size_t>(target.hosts);
    for (long long r = 0; r < p.target_runs; ++r) {
      double n               = predicted[random.below(predicted.size())];
      std::size_t processors = 1 + random.below(target_hosts);
      campaign.target_runs.push_back({n, draw_hosts(processors, target_hosts, random)});
    }
    stretch_horizon(target, kernel, campaign.target_runs);
  }
  return campaign;
}

// What NWS-style sensors make of a cluster's traces for one run.
class Sensing {
public:
  Sensing(const loads::ClusterTraces& traces, const Params& p, double link_mbps)
      : traces_(traces), period_(p.sample_period), link_mbps_(link_mbps),
        minima_(p.load_measure == "average-of-minima"),
        per_window_(
            std::max<std::size_t>(1, static_cast<std::size_t>(std::llround(p.history_window / p.sample_period)))),
        make_(sensing::forecasters().get(p.forecaster)),
        how_(p.subset_forecast == "forecast-of-min" ? sensing::SubsetForecast::ForecastOfMin
                                                    : sensing::SubsetForecast::MinOfForecasts)
  {
  }

  // A run (or a phase of it) as the sensors saw it: its time and its loads over [start, end).
  Observation observe(const RunChoice& run, double start, double end) const
  {
    Observation o;
    o.problem_size    = run.problem_size;
    o.processors      = run.hosts.size();
    o.time            = end - start;
    auto [cpu, links] = resources(run);
    o.cpu             = measure(cpu, start, end);
    o.bandwidth       = link_mbps_ * measure(links, start, end);
    return o;
  }

  // The same, and what was forecast and measured as it started.
  CampaignRun sense(const RunChoice& run, double start, double end) const
  {
    CampaignRun out;
    out.observed           = observe(run, start, end);
    auto [cpu, links]      = resources(run);
    out.forecast_cpu       = forecast(cpu, start);
    out.forecast_bandwidth = link_mbps_ * forecast(links, start);
    out.start_cpu          = lowest_at(cpu, start);
    out.start_bandwidth    = link_mbps_ * lowest_at(links, start);
    return out;
  }

  // Schopf's stochastic values of a run's CPU and bandwidth shares as it starts: each resource's history (the window
  // averages the forecasters read), the resource with the lowest mean standing for the run as the lowest forecast
  // does; with average-of-minima, the history of the lowest samples.
  std::pair<StochasticValue, StochasticValue> stochastic(const RunChoice& run, double now) const
  {
    auto [cpu, links] = resources(run);
    return {lowest_value(cpu, now), lowest_value(links, now)};
  }

private:
  using Traces = std::vector<const loads::AvailabilityTrace*>;

  StochasticValue lowest_value(const Traces& used, double now) const
  {
    if (minima_)
      return stochastic_value(minima_history(used, now));
    StochasticValue low{2, 0};
    for (const loads::AvailabilityTrace* t : used) {
      StochasticValue v = stochastic_value(history(*t, now));
      if (v.mean < low.mean)
        low = v;
    }
    return low;
  }

  // The series of the lowest sample at each sampling time, by windows (the current lowest before the first sample).
  std::vector<double> minima_history(const Traces& used, double now) const
  {
    return now > 0 ? windows_of(sensing::sampled_minima(used, 0, now, period_))
                   : std::vector<double>{lowest_at(used, now)};
  }
  std::pair<Traces, Traces> resources(const RunChoice& run) const  // its hosts' CPU and its host links
  {
    Traces cpu, links;
    for (std::size_t h : run.hosts) {
      cpu.push_back(&traces_.cpu[h]);
      links.push_back(&traces_.bandwidth[h]);
    }
    return {cpu, links};
  }

  double measure(const std::vector<const loads::AvailabilityTrace*>& used, double start, double end) const
  {
    return minima_ ? sensing::mean_sampled_minimum(used, start, end, period_)
                   : sensing::min_sampled_mean(used, start, end, period_);
  }

  // Window averages of `samples` (the samples themselves before the first window closes).
  std::vector<double> windows_of(std::vector<double> samples) const
  {
    std::vector<double> windows = sensing::window_averages(samples, per_window_);
    return windows.empty() ? samples : windows;
  }

  // The history a sensor has gathered by `now`: window averages of its samples (the samples themselves before the
  // first window closes, the current value before the first sample).
  std::vector<double> history(const loads::AvailabilityTrace& trace, double now) const
  {
    std::vector<double> samples = sensing::sample(trace, 0, now, period_);
    return samples.empty() ? std::vector<double>{trace.at(now)} : windows_of(std::move(samples));
  }

  double forecast(const std::vector<const loads::AvailabilityTrace*>& used, double now) const
  {
    if (minima_)  // one series: its forecaster's forecast
      return sensing::forecast_lowest({minima_history(used, now)}, make_, how_);
    std::vector<std::vector<double>> histories;
    for (const loads::AvailabilityTrace* t : used)
      histories.push_back(history(*t, now));
    return sensing::forecast_lowest(histories, make_, how_);
  }

  static double lowest_at(const std::vector<const loads::AvailabilityTrace*>& used, double now)
  {
    double low = 1;
    for (const loads::AvailabilityTrace* t : used)
      low = std::min(low, t->at(now));
    return low;
  }

  const loads::ClusterTraces& traces_;
  double period_, link_mbps_;
  bool minima_;
  std::size_t per_window_;
  const sensing::MakeForecaster& make_;
  sensing::SubsetForecast how_;
};

double mbit_per_s(const ClusterSpec& c) { return c.link.bandwidth * 8 / 1e6; }

double mean_of(const std::vector<double>& v, std::size_t from, std::size_t to)
{
  double sum = 0;
  for (std::size_t i = from; i < to; ++i)
    sum += v[i];
  return to > from ? sum / static_cast<double>(to - from) : 0;
}

class PerformanceModellingModel : public TypedModel<Params, Metrics, Campaign> {
public:
  PerformanceModellingModel() : TypedModel(performance_modelling_schema()) {}

protected:
  void check(const Params& p) const override
  {
    if (p.training_processors.size() != p.training_runs.size())
      throw ParamError("training_runs", fmt::format("gives {} counts for {} processor counts", p.training_runs.size(),
                                                    p.training_processors.size()));
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
    if (p.history_window < p.sample_period)
      throw ParamError("history_window", "must hold at least one sample period");
    if (p.platform.empty())
      return;
    const GridSpec& spec = grid_of(p);
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
    const ClusterSpec& cluster        = campaign.spec.clusters[campaign.cluster];
    const CampaignApplication& kernel = campaign.application;
    const bool phased                 = kernel.phases > 1;
    std::vector<TimedRun> timed, target_timed;
    {
      sg::Session session(context.simgrid_config, context.simgrid_logs);
      sg::build_grid(campaign.spec, loads::point_loads(campaign.seed));
      // Each cluster's runs one after the other, from its first host; a target's campaign runs alongside. The
      // drivers read their runs while the session runs.
      auto planned_on = [&](const ClusterSpec& on, const std::vector<RunChoice>& choices) {
        std::vector<sg::Host*> hosts;
        for (long long i = 0; i < on.hosts; ++i)
          hosts.push_back(sg::host_by_name(on.host_name(i)));
        std::vector<SpmdRun> runs;
        for (const RunChoice& r : choices) {
          SpmdRun planned{r.problem_size, {}, kernel.shapes(r.problem_size, r.hosts.size())};
          for (std::size_t h : r.hosts)
            planned.hosts.push_back(hosts[h]);
          runs.push_back(std::move(planned));
        }
        return runs;
      };
      const std::vector<SpmdRun> runs = planned_on(cluster, campaign.runs);
      spawn_campaign(sg::host_by_name(cluster.host_name(0)), runs, timed);
      std::vector<SpmdRun> target_runs;
      if (campaign.target) {
        target_runs = planned_on(campaign.spec.clusters[*campaign.target], campaign.target_runs);
        spawn_campaign(sg::host_by_name(campaign.spec.clusters[*campaign.target].host_name(0)), target_runs,
                       target_timed);
      }
      session.run();
    }
    // The sensors read the same traces SimGrid replayed.
    std::vector<loads::ClusterTraces> traces = loads::platform_traces(campaign.spec, campaign.seed);
    Sensing sensing(traces[campaign.cluster], p, mbit_per_s(cluster));
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
    fill(p, campaign, sensed, predictions, timed.back().end, out);
    out.note = fmt::format("adaptive head: {}", predictions.adaptive_list.front().name());
    if (phased) {
      out.ppe_whole      = summarize_ppe(predictions.actual, predictions.frozen).mean;
      out.ppe_cumulative = summarize_ppe(predictions.actual, predict_cumulative(phases, campaign.training)).mean;
    }
    if (campaign.target)
      predict_target(p, campaign, traces, target_timed, predictions.adaptive_list, out);
    predict_structurally(campaign, sensing, timed, out);
  }

private:
  // Schopf's stochastic structural model of each predicted run (Sec. 3.9.1): the skeleton's exact dedicated
  // computation and communication times over the loads' stochastic values as the run starts.
  static void predict_structurally(const Campaign& campaign, const Sensing& sensing, const std::vector<TimedRun>& timed,
                                   Metrics& out)
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
  static void predict_target(const Params& p, const Campaign& campaign, const std::vector<loads::ClusterTraces>& traces,
                             const std::vector<TimedRun>& timed, const std::vector<FittedModel>& reference_list,
                             Metrics& out)
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

    Sensing sensing(traces[*campaign.target], p, mbit_per_s(target));
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

  static void fill(const Params& p, const Campaign& campaign, const std::vector<CampaignRun>& sensed,
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
};

}  // namespace

std::unique_ptr<Model> make_performance_modelling_model() { return std::make_unique<PerformanceModellingModel>(); }

ISOGRID_MODEL("performance-modelling", make_performance_modelling_model);

}  // namespace isogrid::modelling
