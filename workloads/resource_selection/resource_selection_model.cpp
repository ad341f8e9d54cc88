#include "workloads/resource_selection/resource_selection_model.hpp"

#include "policies/scheduling/application_models.hpp"
#include "policies/scheduling/exhaustive.hpp"
#include "policies/scheduling/resource_selection.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/resource_selection/selection_setup.hpp"
#include "workloads/resource_selection/systolic_ring.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace isogrid::scheduling {

using Params  = ResourceSelectionParams;
using Metrics = ResourceSelectionMetrics;

namespace {

std::vector<std::string> model_names() { return application_models().names(); }

}  // namespace

namespace {

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("resource-selection",
             "Sanjay's ch. 4: SA, GA, ACO, B&B, DP and Box Elimination choose machines for an Eq. 4.1 model on drawn "
             "single- or multi-cluster states, under one scheduling budget",
             "H. A. Sanjay, PhD thesis (IISc 2008), chapter 4");
  s.param("application", &Params::application, "the Eq. 4.1 model (policies/scheduling/application_models.cpp)")
      .choices(model_names())
      .label("application");
  s.param("problem_size", &Params::problem_size,
          "N; 0: the application's thesis size (MD 2048, Eigen 10000, SSOR 3328, IS 400000)")
      .non_negative()
      .label("problem size N")
      .unitless();
  s.param("schedulers", &Params::schedulers, "the resource-selection policies to race, e.g. [sa, dp, be]")
      .policy(resource_selection_policies())
      .label("schedulers");
  s.param("machines", &Params::machines, "machines per cluster (the lower end when machines_max is set)")
      .at_least(1)
      .at_most(static_cast<double>(scheduling::max_cluster_machines), scheduling::max_cluster_machines_reason)
      .label("machines per cluster")
      .unitless();
  s.param("machines_max", &Params::machines_max, "0, or each cluster's size is U[machines, machines_max]")
      .at_least(0)
      .at_most(static_cast<double>(scheduling::max_cluster_machines), scheduling::max_cluster_machines_reason)
      .label("max machines per cluster")
      .unitless();
  s.param("clusters", &Params::clusters, "clusters (the lower end when clusters_max is set)")
      .at_least(1)
      .label("clusters")
      .unitless();
  s.param("clusters_max", &Params::clusters_max, "0, or the cluster count is U[clusters, clusters_max]")
      .at_least(0)
      .label("max clusters")
      .unitless();
  s.param("scaling_factors", &Params::scaling_factors,
          "CPU scaling factors, one drawn per cluster; multiply the computation coefficients (thesis: [0.6, 0.8, "
          "1, 1.2, 1.4])")
      .positive()
      .label("CPU scaling factor")
      .unitless();
  s.param("max_bandwidths", &Params::max_bandwidths,
          "link capacities in Mbit/s, one drawn per cluster; []: the thesis's [100, 1000, 5000, 10000]")
      .positive()
      .allow_empty()
      .label("link capacity")
      .unit("Mbit/s");
  s.param("link_share_low", &Params::link_share_low, "a link's available bandwidth is U[low, high] of its capacity")
      .non_negative()
      .not_above("link_share_high")
      .label("link share, lower bound")
      .unitless();
  s.param("link_share_high", &Params::link_share_high, "see link_share_low")
      .non_negative()
      .label("link share, upper bound")
      .unitless();
  s.param("load_model", &Params::load_model,
          "categories: the simulations' light/medium/heavy machines and U[link_share_low, high] links (Sec. "
          "4.3.2); loaded-subset: the real-cluster experiment's loads (Sec. 4.3.1), loaded_share of the machines "
          "at U[6.5 %, 72 %] CPU, 1-8 links at U[2 %, 80 %]")
      .words({{"categories", LoadModel::Categories}, {"loaded-subset", LoadModel::LoadedSubset}})
      .label("load model");
  s.param("loaded_share", &Params::loaded_share, "loaded-subset: the fraction of machines loaded")
      .non_negative()
      .at_most(1)
      .label("loaded share of machines")
      .unitless();
  s.param("light", &Params::light,
          "% of machines lightly loaded, available CPU U[0.701, 1]; light, medium and heavy all 0: a random mix "
          "per cluster, each share in [10, 80] %")
      .non_negative()
      .label("lightly loaded machines")
      .unit("%");
  s.param("medium", &Params::medium, "% of machines medium loaded, U[0.351, 0.7]")
      .non_negative()
      .label("medium loaded machines")
      .unit("%");
  s.param("heavy", &Params::heavy, "% of machines heavily loaded, U[0.05, 0.35]")
      .non_negative()
      .label("heavily loaded machines")
      .unit("%");
  s.param("dominant", &Params::dominant,
          "a category given dominant_share % of the machines, the other two half the rest each (Figs. "
          "4.10-4.14); none: light, medium and heavy as given")
      .choices({"none", "light", "medium", "heavy"})
      .label("dominant category");
  s.param("dominant_share", &Params::dominant_share, "see dominant")
      .non_negative()
      .at_most(100)
      .label("dominant category share")
      .unit("%");
  s.param("scheduling_time", &Params::scheduling_time,
          "the budget of each scheduler on each cluster (the thesis's alarm())")
      .positive()
      .unit("s")
      .label("scheduling time");
  s.param("clock", &Params::clock,
          "work: a reproducible budget of scheduling_time x work_per_second, an evaluation of P machines costing "
          "P + P(P-1)/2 (its CPU and link reads); wall: real seconds on this machine (results then depend on the "
          "machine and its load)")
      .words({{"work", Clock::Work}, {"wall", Clock::Wall}})
      .label("scheduling clock");
  s.param("work_per_second", &Params::work_per_second,
          "CPU and link reads per second of the thesis's 2008 scheduler host, not stated: at 3e6, DP on 256 "
          "machines (30/40/30 mix) reaches its best size, about 130 machines, in 60-90 s, where the thesis says "
          "it saturates")
      .positive()
      .label("scheduler work rate")
      .unit("reads/s");
  s.param("error", &Params::error,
          "prediction error p: the schedulers see Eq. 4.1 times (1 + U[-p, p]); schedules are scored exactly")
      .non_negative()
      .label("prediction error p")
      .unitless();
  s.param("optimum_limit", &Params::optimum_limit,
          "clusters up to this size also get the exhaustive optimum (time_optimum); 0: never")
      .at_least(0)
      .label("exhaustive optimum size limit")
      .unitless();

  s.metric_rows(
      &Metrics::schedulers, resource_selection_policies().names(),
      std::vector<RowMetric<SchedulerMetrics>>{
          {"time_{}", &SchedulerMetrics::time, "predicted time of {}'s schedule (exact Eq. 4.1)", "s", "time of {}"},
          {"processors_{}", &SchedulerMetrics::processors, "{}: machines in the schedule", "unitless",
           "machines of {}"},
          {"cpu_{}", &SchedulerMetrics::cpu, "{}: lowest available CPU in the schedule", "unitless",
           "lowest available CPU of {}"},
          {"bandwidth_{}", &SchedulerMetrics::bandwidth, "{}: lowest available bandwidth in the schedule", "Mbit/s",
           "lowest bandwidth of {}"},
          {"evaluations_{}", &SchedulerMetrics::evaluations, "{}: Eq. 4.1 evaluations made (all clusters)", "unitless",
           "evaluations of {}"},
          {"work_{}", &SchedulerMetrics::work, "{}: work spent, in CPU and link reads (all clusters)", "reads",
           "scheduling work of {}"},
          {"cluster_{}", &SchedulerMetrics::cluster, "{}: index of the chosen cluster", "unitless",
           "cluster chosen by {}"},
      });
  s.metric("time_optimum", &Metrics::time_optimum, "the exhaustive optimum over every cluster (optimum_limit)", "s")
      .label("optimum time");
  s.metric("best_other", &Metrics::best_other, "the lowest time of the schedulers other than be", "s")
      .label("best other scheduler's time");
  s.metric("be_gain", &Metrics::be_gain,
           "100 (best_other - time_be) / best_other: how much faster Box Elimination's schedule is than the best "
           "other's",
           "%")
      .label("Box Elimination gain");
  s.metric("be_not_best", &Metrics::be_not_best, "1 when another scheduler's schedule is strictly faster than be's")
      .label("Box Elimination not best")
      .unitless();
  s.metric("cluster_count", &Metrics::cluster_count, "clusters drawn").label("clusters").unitless();
  s.metric("machines_total", &Metrics::machines_total, "machines over all clusters").label("total machines").unitless();
  s.metric("weight_ratio", &Metrics::weight_ratio, "max / min cluster weight (machines x scaling x light+medium share)")
      .label("cluster weight ratio")
      .unitless();
  s.metric("max_weight", &Metrics::max_weight, "the largest cluster weight").label("largest cluster weight").unitless();
  s.primary("time_be");
  // The simulated face runs each MD schedule as a systolic ring under exact network settings, so that it can be
  // held against Eq. 4.1; predict-only studies never start SimGrid.
  s.simgrid(sg::exact_network_config());
}

}  // namespace

const ModelSchema<Params, Metrics>& resource_selection_schema() { return schema_of(declare); }

namespace {

// One point's race: the drawn grid and each scheduler's choice on it.
struct Race {
  SelectionSetup setup;  // its clusters' states and models are moved into the two vectors below
  std::vector<ClusterState> states;
  std::vector<PerformanceModel> models;
  std::vector<std::pair<std::string, ClusterChoice>> choices;  // in the order the schedulers were named
};

Race run_race(const Params& p, std::uint64_t seed)
{
  Race race{draw_selection_setup(p, seed), {}, {}, {}};
  for (DrawnCluster& c : race.setup.clusters) {  // moved, not copied: a 1024-machine state holds 8 MiB of links
    race.states.push_back(std::move(c.state));
    race.models.push_back(std::move(c.model));
  }
  for (const std::string& name : race.setup.schedulers) {
    // Each scheduler's own random stream and error draws, from its name: the same whatever else runs.
    std::uint64_t salt = SeedStream(seed).child(name).seed();
    SeededRandom random(salt);
    race.choices.emplace_back(name, select_over_clusters(
                                        race.states, race.models, resource_selection_policies().get(name),
                                        [&](std::size_t c) { return race.setup.evaluator_options(mix64(salt + c)); },
                                        random));
  }
  return race;
}

// Box Elimination against the best of the others, from each scheduler's time on one face.
void compare_with_be(const std::vector<std::pair<std::string, double>>& times, Metrics& out)
{
  double be = std::numeric_limits<double>::quiet_NaN(), best_other = std::numeric_limits<double>::infinity();
  for (const auto& [name, t] : times)
    if (name == "be")
      be = t;
    else
      best_other = std::min(best_other, t);
  if (!std::isfinite(best_other))
    return;
  out.best_other  = best_other;
  out.be_gain     = 100 * (best_other - be) / best_other;
  out.be_not_best = std::isnan(be) ? be : (best_other < be ? 1.0 : 0.0);
}

// The systolic ring of each scheduler's MD schedule: its machines in index order, each linked to the next.
SystolicRing ring_of(const Race& race, const ClusterChoice& choice)
{
  const ClusterState& state     = race.states[choice.cluster];
  const PerformanceModel& model = race.models[choice.cluster];
  const Schedule& s             = choice.result.schedule;
  SystolicRing ring;
  for (std::size_t i = 0; i < s.size(); ++i) {
    ring.cpu.push_back(state.cpu(s[i]));
    if (s.size() > 1)
      ring.bandwidth.push_back(state.bandwidth(s[i], s[(i + 1) % s.size()]));
  }
  const double p           = static_cast<double>(s.size());
  ring.computation_seconds = model.cpu_scaling * complexity(model.computation, model.problem_size) / p;
  ring.communication_mbit  = complexity(model.communication, model.problem_size);
  return ring;
}

void fill_optimum(const Params& p, const Race& race, Metrics& out)
{
  auto limit  = static_cast<std::size_t>(p.optimum_limit);
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t c = 0; c < race.states.size(); ++c) {
    if (race.states[c].machines() > std::min(limit, exhaustive_machine_limit))
      return;  // one cluster too large: no optimum for the set-up
    Evaluator evaluate(race.states[c], race.models[c]);
    best = std::min(best, exhaustive_optimum(evaluate).time);
  }
  out.time_optimum = best;
}

class ResourceSelectionModel : public TypedModel<Params, Metrics, Race> {
public:
  ResourceSelectionModel() : TypedModel(resource_selection_schema()) {}

protected:
  void check(const Params& p) const override { check_selection_params(p); }

  // A race on 1024 machines takes seconds: in worker processes, points run in parallel under --jobs.
  FaceNeeds predicted_face_needs(const Params&) const override { return FaceNeeds::heavy(); }

  Race decide(const Params& p, const PointInfo& at, const SimulationContext&) const override
  {
    return run_race(p, at.seed);
  }

  void predict(const Params& p, const Race& race, Face<Metrics>& out) const override
  {
    fill_race(race, out);
    fill_optimum(p, race, out);
  }

  // Each scheduler's MD schedule run as a systolic ring on SimGrid (Fig. 4.9's check of predicted against actual
  // times); the other metrics are the race's, which the ring does not change. The optimum is not simulated.
  void simulate(const Params& p, Race& race, const SimulationContext& context, Face<Metrics>& out) const override
  {
    if (p.application != "MD")
      throw ParamError("application", "the simulated check runs MD's systolic ring only; application is " +
                                          p.application + " (use mode: predict)");
    fill_race(race, out);
    std::vector<SystolicRing> rings;
    std::vector<std::string> names;
    for (const auto& [name, choice] : race.choices) {
      rings.push_back(ring_of(race, choice));
      names.push_back(name);
    }
    std::vector<double> makespans = run_systolic_rings(rings, context, names);
    std::vector<std::pair<std::string, double>> times;
    for (std::size_t k = 0; k < race.choices.size(); ++k) {
      out.schedulers[race.choices[k].first].time = makespans[k];
      times.emplace_back(race.choices[k].first, makespans[k]);
    }
    compare_with_be(times, out);
  }

private:
  // Each scheduler's schedule, Box Elimination against the others, and the drawn grid.
  static void fill_race(const Race& race, Metrics& out)
  {
    std::vector<std::pair<std::string, double>> times;
    for (const auto& [name, choice] : race.choices) {
      const ScheduleResult& r = choice.result;
      SchedulerMetrics& row   = out.schedulers[name];
      row.time                = r.time;
      row.processors          = static_cast<double>(r.traits.processors);
      row.cpu                 = r.traits.cpu;
      row.bandwidth           = r.traits.bandwidth;
      row.evaluations         = static_cast<double>(choice.evaluations);
      row.work                = choice.work;
      row.cluster             = static_cast<double>(choice.cluster);
      times.emplace_back(name, r.time);
    }
    compare_with_be(times, out);
    fill_grid(race, out);
  }

  static void fill_grid(const Race& race, Metrics& out)
  {
    double total = 0, low = std::numeric_limits<double>::infinity(), high = 0;
    for (std::size_t c = 0; c < race.states.size(); ++c) {
      total += static_cast<double>(race.states[c].machines());
      low  = std::min(low, race.setup.clusters[c].weight);
      high = std::max(high, race.setup.clusters[c].weight);
    }
    out.cluster_count  = static_cast<double>(race.setup.clusters.size());
    out.machines_total = total;
    out.weight_ratio   = low > 0 ? high / low : std::numeric_limits<double>::quiet_NaN();
    out.max_weight     = high;
  }
};

}  // namespace

std::unique_ptr<Model> make_resource_selection_model() { return std::make_unique<ResourceSelectionModel>(); }

ISOGRID_MODEL("resource-selection", make_resource_selection_model);

}  // namespace isogrid::scheduling
