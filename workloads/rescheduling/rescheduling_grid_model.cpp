#include "workloads/rescheduling/rescheduling_grid_model.hpp"

#include "policies/rescheduling/multi_cluster.hpp"
#include "policies/rescheduling/phased_applications.hpp"
#include "policies/scheduling/cluster_draw.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "workloads/rescheduling/execution_params.hpp"
#include "workloads/rescheduling/malleable_run.hpp"
#include "workloads/rescheduling/uniform_loads.hpp"
#include "workloads/resource_selection/selection_setup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace isogrid::rescheduling {

using Params  = ReschedulingGridParams;
using Metrics = ReschedulingGridMetrics;

namespace {

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("rescheduling-grid",
             "Sanjay's ch. 5 multi-cluster rescheduling (MCRPAlgo): each single-cluster planner's multi-cluster plan "
             "and one schedule for the whole run, on a drawn grid whose loads change after every interval",
             "H. A. Sanjay, PhD thesis (IISc 2008), chapter 5");
  s.param("application", &Params::application, "the phased application (policies/rescheduling/phased_applications.cpp)")
      .choices(phased_applications().names())
      .label("application");
  s.param("planners", &Params::planners, "the single-cluster planners MCRPAlgo builds on, e.g. [incremental, genetic]")
      .policy(planners())
      .label("planners");
  s.param("clusters", &Params::clusters, "clusters (the lower end when clusters_max is set)")
      .at_least(1)
      .label("clusters")
      .unitless();
  s.param("clusters_max", &Params::clusters_max, "0, or the cluster count is U[clusters, clusters_max]")
      .at_least(0)
      .label("max clusters")
      .unitless();
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
  s.param("scaling_factors", &Params::scaling_factors,
          "CPU scaling factors, one drawn per cluster; multiply the computation (thesis: [0.6, 0.8, 1, 1.2, 1.4])")
      .positive()
      .label("CPU scaling factor")
      .unitless();
  s.param("max_bandwidths", &Params::max_bandwidths,
          "intra-cluster link capacities in Mbit/s, one drawn per cluster; []: the thesis's [100, 1000, 5000, 10000]")
      .positive()
      .allow_empty()
      .label("intra-cluster link capacity")
      .unit("Mbit/s");
  s.param("wan_bandwidths", &Params::wan_bandwidths,
          "wide-area capacities in Mbit/s, one drawn per pair of clusters (thesis: [0.6, 0.8, 1, 5, 10]); a pair's "
          "available bandwidth is U[link_share_low, link_share_high] of it")
      .positive()
      .label("wide-area capacity")
      .unit("Mbit/s");
  declare_uniform_loads(s);
  s.param("t_thres", &Params::t_thres, "an interval must take longer than this to be valid (Eq. 5.3)")
      .non_negative()
      .unit("s")
      .label("interval threshold t_thres");
  s.param("intra_cost", &Params::intra_cost,
          "a reschedule within a cluster: stop, checkpoint, restart (the thesis: SRS's, not stated; its 5 min "
          "worst case)")
      .non_negative()
      .unit("s")
      .label("intra-cluster reschedule cost");
  declare_execution(s);

  s.metric_rows(&Metrics::planners, planners().names(),
                std::vector<RowMetric<GridPlanMetrics>>{
                    {"hours_{}", &GridPlanMetrics::hours, "the multi-cluster plan built on {}: its time with costs",
                     "h", "plan time, {}"},
                    {"intervals_{}", &GridPlanMetrics::intervals, "{}: intervals of the multi-cluster plan", "unitless",
                     "intervals, {}"},
                    {"intra_moves_{}", &GridPlanMetrics::intra_moves, "{}: reschedules within a cluster", "unitless",
                     "intra-cluster moves, {}"},
                    {"inter_moves_{}", &GridPlanMetrics::inter_moves, "{}: moves to another cluster", "unitless",
                     "inter-cluster moves, {}"},
                    {"overhead_{}", &GridPlanMetrics::overhead,
                     "{}: time spent rescheduling and moving (predicted: the costs; simulated: checkpoints, moves and "
                     "restarts)",
                     "h", "overhead, {}"},
                    {"cpu_{}", &GridPlanMetrics::cpu,
                     "{}: the lowest available CPU of each interval's machines under its step's loads, averaged over "
                     "the intervals",
                     "unitless", "available CPU, {}"},
                });
  s.metric("hours_single", &Metrics::hours_single,
           "one schedule (the best under the first loads) kept for the whole run as the loads change", "h")
      .label("plan time, single schedule");
  s.metric("processors_single", &Metrics::processors_single, "machines of the single schedule")
      .label("machines, single schedule")
      .unitless();
  s.metric("cpu_single", &Metrics::cpu_single,
           "the lowest available CPU of the single schedule's machines under the "
           "first loads (what it was chosen for)")
      .label("available CPU, single schedule")
      .unitless();
  s.metric("cpu_single_later", &Metrics::cpu_single_later,
           "the same under the re-drawn loads of the later phases, averaged: what the single schedule meets")
      .label("available CPU later, single")
      .unitless();
  s.metric("cluster_count", &Metrics::cluster_count, "clusters drawn").label("clusters").unitless();
  s.metric("machines_mean", &Metrics::machines_mean, "machines per cluster, on average (Fig. 5.10's x)")
      .label("mean machines per cluster")
      .unitless();
  s.metric("weight_ratio", &Metrics::weight_ratio,
           "max / min cluster weight, machines x scaling factor (Fig. 5.9's x; the thesis treats a larger factor as "
           "a faster cluster, though the factor multiplies computation time)")
      .label("cluster weight ratio")
      .unitless();
  s.metric("max_weight", &Metrics::max_weight, "the largest cluster weight").label("largest cluster weight").unitless();
  s.primary("hours_genetic");
}

}  // namespace

const ModelSchema<Params, Metrics>& rescheduling_grid_schema() { return schema_of(declare); }

namespace {

using scheduling::draw_between;

// A point's grid: what stays for the whole run (sizes, factors, capacities, the wide-area links), and the loads of
// every step, drawn from the point's seed and the step alone.
struct Grid {
  std::vector<scheduling::UniformLoadDraw> draws;  // per cluster: its size, link capacity and load ranges
  std::vector<double> scaling;
  std::vector<PhasedApplication> apps;
  std::vector<std::vector<double>> wan;  // [a][b]: the pair's available wide-area bandwidth, Mbit/s
  MultiClusterSettings settings;
  std::uint64_t seed = 0;

  // Cluster c's loads at a step: drawn from the point's seed, the step and the cluster alone.
  ClusterState state(std::size_t step, std::size_t c) const
  {
    SeededRandom random = SeedStream(seed).nth((static_cast<std::uint64_t>(step) << 16) | c).random();
    return scheduling::draw_uniform_load_state(draws[c], random);
  }
  GridLoads loads(std::size_t step) const
  {
    GridLoads g;
    for (std::size_t c = 0; c < draws.size(); ++c)
      g.clusters.push_back(state(step, c));
    return g;
  }
};

Grid draw_grid(const Params& p, std::uint64_t seed)
{
  Grid grid;
  grid.seed           = SeedStream(seed).child(StreamSalt{"grid loads", 0x6e1d}).seed();
  SeededRandom random = SeedStream(seed).child(StreamSalt{"grid clusters", 0x9c1d}).random();
  const std::vector<double>& capacities =
      p.max_bandwidths.empty() ? scheduling::thesis_max_bandwidths() : p.max_bandwidths;
  const PhasedApplication& app = phased_applications().get(p.application);
  std::size_t count            = draw_between(random, p.clusters, p.clusters_max);
  for (std::size_t c = 0; c < count; ++c) {
    std::size_t machines = draw_between(random, p.machines, p.machines_max);  // these three in this order
    grid.scaling.push_back(p.scaling_factors[random.below(p.scaling_factors.size())]);
    grid.draws.push_back(uniform_load_draw(p, machines, capacities[random.below(capacities.size())]));
    grid.apps.push_back(app.scaled(grid.scaling.back()));
  }
  grid.settings.t_thres    = p.t_thres;
  grid.settings.intra_cost = p.intra_cost;
  grid.settings.inter_cost.assign(count, std::vector<double>(count, 0));
  grid.wan.assign(count, std::vector<double>(count, 0));
  for (std::size_t a = 0; a < count; ++a)
    for (std::size_t b = a + 1; b < count; ++b) {
      double wan =
          p.wan_bandwidths[random.below(p.wan_bandwidths.size())] * random.uniform(p.link_share_low, p.link_share_high);
      grid.wan[a][b] = grid.wan[b][a] = wan;
      grid.settings.inter_cost[a][b] = grid.settings.inter_cost[b][a] = p.intra_cost + p.checkpoint_mb * 8 / wan;
    }
  return grid;
}

struct Decisions {
  Grid grid;
  std::vector<std::pair<std::string, MultiClusterPlan>> plans;
  SingleSchedule single;
};

// A multi-cluster plan as the segments an executed run goes through: interval k meets step k's loads; staying on
// the previous machines is no reschedule.
MalleableRun run_of(const MultiClusterPlan& plan)
{
  MalleableRun run;
  for (std::size_t k = 0; k < plan.intervals.size(); ++k) {
    const MultiClusterInterval& i = plan.intervals[k];
    RunSegment seg;
    seg.cluster    = i.cluster;
    seg.first      = i.first;
    seg.last       = i.last;
    seg.step       = k;
    seg.machines   = i.schedule;
    seg.reschedule = i.move == Move::WithinCluster || i.move == Move::ToCluster;
    run.push_back(std::move(seg));
  }
  return run;
}

// The single schedule meets the loads of step k in phase k, and never reschedules.
MalleableRun run_of(const SingleSchedule& single, std::size_t phases)
{
  MalleableRun run;
  for (std::size_t k = 0; k < phases; ++k) {
    RunSegment seg;
    seg.cluster  = single.cluster;
    seg.first    = k;
    seg.last     = k + 1;
    seg.step     = k;
    seg.machines = single.schedule;
    run.push_back(std::move(seg));
  }
  return run;
}

class ReschedulingGridModel : public TypedModel<Params, Metrics, Decisions> {
public:
  ReschedulingGridModel() : TypedModel(rescheduling_grid_schema()) {}

protected:
  void check(const Params& p) const override
  {
    scheduling::check_size_ranges(p.machines, p.machines_max, p.clusters, p.clusters_max);
    check_execution(p);
    std::size_t phases = phased_applications().get(p.application).phases();
    for (const std::string& name : p.planners)
      if (name == "brute-force" && phases > brute_force_phase_limit)
        throw ParamError("planners", fmt::format("brute-force takes at most {} phases, {} has {}",
                                                 brute_force_phase_limit, p.application, phases));
  }

  // Box Elimination on every cluster after every interval, for each planner: seconds a point, in workers.
  FaceNeeds predicted_face_needs(const Params&) const override { return FaceNeeds::heavy(); }

  Decisions decide(const Params& p, const PointInfo& at, const SimulationContext&) const override
  {
    Decisions out;
    out.grid         = draw_grid(p, at.seed);
    const Grid& grid = out.grid;
    // One walk of the steps' loads for every planner and the single schedule: each step's states and mappings
    // are made once.
    SharedLoads loads([&grid](std::size_t step) { return grid.loads(step); });
    for (const std::string& name : p.planners)
      out.plans.emplace_back(name, multi_cluster_plan(grid.apps, loads, planners().get(name), grid.settings,
                                                      SeedStream(at.seed).child(name).seed()));
    out.single =
        single_schedule(grid.apps, loads, SeedStream(at.seed).child(StreamSalt{"single schedule", 0x5171e}).seed());
    return out;
  }

  void predict(const Params&, const Decisions& o, Face<Metrics>& out) const override
  {
    std::vector<double> hours, overhead;
    for (const auto& [name, plan] : o.plans) {
      hours.push_back(plan.time / 3600);
      double costs = 0;
      for (const MultiClusterInterval& i : plan.intervals)
        costs += i.cost;
      overhead.push_back(costs / 3600);
    }
    fill(o, hours, overhead, o.single.time / 3600, out);
  }

  // Every plan and the single schedule executed side by side, each on its own copy of the grid.
  void simulate(const Params& p, Decisions& o, const SimulationContext& context, Face<Metrics>& out) const override
  {
    const Grid& g = o.grid;
    MalleableGrid grid;
    grid.apps     = g.apps;
    grid.wan_mbps = g.wan;
    for (const scheduling::UniformLoadDraw& draw : g.draws)
      grid.storage_mbps.push_back(draw.max_bandwidth);
    grid.state = [&g](std::size_t step, std::size_t c) {
      return std::make_shared<const ClusterState>(g.state(step, c));
    };
    grid.checkpoint_mb = p.checkpoint_mb;
    grid.restart_s     = p.restart;
    std::vector<MalleableRun> runs;
    for (const auto& [name, plan] : o.plans)
      runs.push_back(run_of(plan));
    runs.push_back(run_of(o.single, g.apps[0].phases()));
    std::vector<std::string> names;
    for (const auto& [name, plan] : o.plans)
      names.push_back(name);
    names.emplace_back("single schedule");
    std::vector<ExecutedRun> executed = execute_runs(grid, runs, context, names);
    std::vector<double> hours, overhead;
    for (std::size_t k = 0; k < o.plans.size(); ++k) {
      hours.push_back(executed[k].time / 3600);
      overhead.push_back(executed[k].reschedule_time / 3600);
    }
    fill(o, hours, overhead, executed.back().time / 3600, out);
  }

private:
  static void fill(const Decisions& o, const std::vector<double>& hours, const std::vector<double>& overhead,
                   double hours_single, Metrics& out)
  {
    for (std::size_t k = 0; k < o.plans.size(); ++k) {
      const MultiClusterPlan& plan = o.plans[k].second;
      GridPlanMetrics& row         = out.planners[o.plans[k].first];
      row.hours                    = hours[k];
      row.intervals                = static_cast<double>(plan.intervals.size());
      row.intra_moves              = static_cast<double>(plan.intra_moves);
      row.inter_moves              = static_cast<double>(plan.inter_moves);
      row.overhead                 = overhead[k];
      double cpu                   = 0;
      for (const MultiClusterInterval& i : plan.intervals)
        cpu += i.cpu;
      row.cpu = cpu / static_cast<double>(plan.intervals.size());
    }
    // What the single schedule's machines meet: under the first loads (what it was chosen for), then the later
    // phases' re-drawn ones.
    const std::vector<double>& phase_cpu = o.single.phase_cpu;
    double later                         = 0;
    for (std::size_t k = 1; k < phase_cpu.size(); ++k)
      later += phase_cpu[k];
    out.hours_single      = hours_single;
    out.processors_single = static_cast<double>(o.single.schedule.size());
    out.cpu_single        = phase_cpu.front();
    out.cpu_single_later = phase_cpu.size() > 1 ? later / static_cast<double>(phase_cpu.size() - 1) : phase_cpu.front();
    const Grid& grid     = o.grid;
    out.cluster_count    = static_cast<double>(grid.draws.size());
    double total = 0, low = std::numeric_limits<double>::infinity(), high = 0;
    for (std::size_t c = 0; c < grid.draws.size(); ++c) {
      double m      = static_cast<double>(grid.draws[c].machines);
      double weight = m * grid.scaling[c];
      total += m;
      low  = std::min(low, weight);
      high = std::max(high, weight);
    }
    out.machines_mean = total / out.cluster_count;
    out.weight_ratio  = high / low;
    out.max_weight    = high;
  }
};

}  // namespace

std::unique_ptr<Model> make_rescheduling_grid_model() { return std::make_unique<ReschedulingGridModel>(); }

ISOGRID_MODEL("rescheduling-grid", make_rescheduling_grid_model);

}  // namespace isogrid::rescheduling
