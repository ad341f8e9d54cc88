// One row of Argollo et al.'s Tables 1-4 per point: the `cluster` parameter names the row (a cluster, or "total"),
// so that an experiment sweeping it prints the table. Every row of a point runs the same farm.
#include "workloads/master_worker/farm_model.hpp"

#include "simulator/core/platform_use.hpp"
#include "simulator/sg/platform_check.hpp"

#include "policies/farm/prefetch.hpp"
#include "policies/farm/tuning_plan.hpp"
#include "policies/farm/worker_selection.hpp"
#include "simulator/core/platform_use.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/sg/grid_builder.hpp"
#include "simulator/sg/platform_check.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/loads/platform_loads.hpp"
#include "workloads/master_worker/farm_layout.hpp"
#include "workloads/master_worker/farm_skeleton.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace isogrid::farm {

using Params  = FarmParams;
using Metrics = FarmMetrics;

namespace {

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("hierarchical-farm",
             "Master-worker task farm over Internet-linked clusters with sub-masters that aggregate S results: Eqs. "
             "1-5 and the simulated farm, one row of the paper's tables per point",
             "A. Argollo, A. Gaudiani, D. Rexachs, E. Luque, Tuning application in a multi-cluster environment");
  s.param("platform", &Params::platform,
          "YAML grid spec or SimGrid XML platform; cluster 0 is local (its first host: the master), in the others the "
          "first host is the sub-master; the other hosts are workers (e.g. platforms/argollo-testbed.yaml)")
      .platform()
      .required()
      .label("platform");
  s.param("cluster", &Params::cluster, "the table row a point reports: a cluster's name, or total").label("cluster");
  s.param("clusters", &Params::clusters,
          "k: only the platform's first k clusters take part, the local one first (0: all); a scale parameter for "
          "how the farm grows cluster by cluster")
      .at_least(0)
      .label("clusters k")
      .unitless();
  s.param("tasks", &Params::tasks, "N: independent tasks (simulations)").at_least(1).label("tasks N").unitless();
  s.param("task_flops", &Params::task_flops, "computation of one task; worker rate = host speed / this")
      .positive()
      .label("work per task")
      .unit("flop");
  s.param("command_bytes", &Params::command_bytes, "command sent to a worker per task")
      .non_negative()
      .bytes()
      .label("command size");
  s.param("result_bytes", &Params::result_bytes, "result a worker sends back per task (601x31x31 floats)")
      .positive()
      .bytes()
      .label("result size");
  s.param("aggregate_flops", &Params::aggregate_flops, "adding one result into a sum (one flop per float)")
      .non_negative()
      .label("work to add one result")
      .unit("flop");
  s.param("plan_step", &Params::plan_step,
          "run what the three-phase planner decides at a step (local cluster only; all resources; workers selected "
          "at efficiency_threshold; all resources with Eq. 5's S), instead of selection, workers and aggregation")
      .choices({"none", "local", "all", "selected", "tuned"})
      .label("plan step");
  // What the planner decides is refused when given too: it would be silently overridden.
  const std::string planned = "the plan step decides the workers and S; set plan_step: none to choose them yourself";
  s.param("selection", &Params::selection, "which workers of each cluster take part")
      .policy(selection_policies())
      .not_with("plan_step", planned)
      .label("worker selection");
  s.param("workers", &Params::workers,
          "with selection: count, workers per cluster (a number or one per cluster; 0 leaves a remote cluster out)")
      .at_least(0)
      .not_with("plan_step", planned)
      .only_when("selection", "count", "it is how many workers selection: count takes")
      .label("workers of a cluster")
      .unitless();
  s.param("efficiency_threshold", &Params::efficiency_threshold,
          "efficiency each cluster keeps with selection: threshold (the paper: 85 %)")
      .positive()
      .at_most(1)
      .label("efficiency threshold")
      .unitless();
  s.param("aggregation", &Params::aggregation,
          "S: results a sub-master sums into one message (a number or one per cluster; the local cluster's is "
          "ignored)")
      .at_least(1)
      .not_with("plan_step", planned)
      .label("aggregation S")
      .unitless();
  s.param("inet_kib_s", &Params::inet_kib_s,
          "Internet throughput of each cluster's link to the local one, KiB/s (1 KB = 1024 B); 0 keeps the "
          "platform's")
      .non_negative()
      .label("Internet throughput")
      .unit("KiB/s");
  s.param("prefetch", &Params::prefetch, "how many tasks a sub-master keeps queued for its sub-workers")
      .policy(prefetch_policies())
      .label("sub-master prefetch");
  s.param("worker_prefetch", &Params::worker_prefetch,
          "tasks a worker holds: 1 is the paper's on-demand protocol; 2 or more overlap computing with sending the "
          "last result")
      .at_least(1)
      .label("tasks held per worker")
      .unitless();

  s.metric("workers", &Metrics::workers, "workers taking part").label("workers").unitless();
  s.metric("available_performance", &Metrics::available_performance, "AvPerf: the workers' summed task rates",
           "1e-3 tasks/s")
      .label("available performance AvPerf");
  s.metric("performance", &Metrics::performance, "predicted: EstPerf (Eq. 2); simulated: tasks completed / makespan",
           "1e-3 tasks/s")
      .label("performance");
  s.metric("speedup", &Metrics::speedup,
           "performance / the local cluster's (predicted: EstPerf_LC; simulated: its AvPerf)")
      .label("speedup")
      .unitless();
  s.metric("efficiency", &Metrics::efficiency, "performance / available performance (Eq. 3)")
      .label("efficiency")
      .unitless();
  s.metric("precision", &Metrics::precision, "simulated only: min/max of the simulated and estimated speedups")
      .label("precision")
      .unitless();
  s.metric("tasks", &Metrics::tasks,
           "predicted: N x EstPerf / total EstPerf; simulated: results that reached the master")
      .label("tasks")
      .unitless();
  s.metric("makespan", &Metrics::makespan, "predicted: N / total EstPerf; simulated: until the master has the average",
           "s")
      .label("makespan");
  s.metric("link_utilisation", &Metrics::link_utilisation,
           "remote rows: predicted EstPerf / MaxPerf_inet; simulated: the uplink's busy share")
      .label("Internet link utilisation")
      .unitless();
  s.metric("max_inet_performance", &Metrics::max_inet_performance, "MaxPerf_inet = S TPut / CV (Eq. 5)", "1e-3 tasks/s")
      .label("Internet performance bound");
  s.metric("exact_aggregation", &Metrics::exact_aggregation, "Eq. 5 solved for S: AvPerf CV / TPut (remote rows)")
      .label("exact aggregation S")
      .unitless();
  s.metric("recommended_aggregation", &Metrics::recommended_aggregation,
           "the whole S that reaches AvPerf: ceil(exact_aggregation), at least 1")
      .label("recommended aggregation S")
      .unitless();
  s.metric("messages", &Metrics::messages, "simulated: result messages that reached the master")
      .label("result messages")
      .unitless();
  s.primary(&Metrics::speedup);
  s.simgrid(sg::exact_network_config());
}

}  // namespace

const ModelSchema<Params, Metrics>& hierarchical_farm_schema() { return schema_of(declare); }

namespace {

// The paper prints performance in 1e-3 tasks/s; so do these metrics, to be read against its tables.
constexpr double kPerfUnit = 1e-3;

long long sub_master_queue(const FarmLayout& f, size_t c, const std::string& policy)
{
  PrefetchRequest r;
  r.workers     = f.workers[c].size();
  r.aggregation = f.aggregation[c];
  for (size_t w : f.workers[c])
    r.rate += f.clusters[c].worker_rates[w];
  r.round_trip = f.task.result_bytes / f.clusters[c].inet_throughput + 2 * f.clusters[c].inet_latency;
  return prefetch_policies().get(policy)(r);
}

// The farm laid out, the row the point reports, and Eqs. 1-5's estimate, which the simulated face's efficiency and
// precision are also taken against.
struct Decisions {
  FarmLayout layout;
  size_t row = 0;
  FarmEstimate estimate;
  std::uint64_t seed = 0;  // the point's: what a grid spec's declared background load is drawn from
  bool total() const { return row == layout.clusters.size(); }
  const ClusterEstimate& estimated_row() const { return total() ? estimate.total : estimate.clusters[row]; }
};

class HierarchicalFarmModel : public TypedModel<Params, Metrics, Decisions> {
public:
  HierarchicalFarmModel() : TypedModel(hierarchical_farm_schema()) {}

protected:
  void check(const Params& p) const override
  {
    size_t n         = 0;
    std::string file = p.platform;
    if (is_grid_spec_file(p.platform)) {
      const GridSpec& spec = cached_grid_spec(p.platform);
      if (spec.clusters.empty())
        throw ParamError("platform", spec.file + " is a star; hierarchical-farm needs clusters");
      n = spec.clusters.size();
    } else {
      n = sg::probe_platform(p.platform, loads::resolver()).clusters.size();
      if (!values_match(p.inet_kib_s.value(), Params{}.inet_kib_s.value()))
        throw ParamError("inet_kib_s", "inet_kib_s overrides a grid spec's inter-cluster links; a SimGrid platform's "
                                       "routes are as its file declares them");
    }
    if (p.clusters > static_cast<long long>(n))
      throw ParamError("clusters", fmt::format("{} clusters wanted of {}, which has {}", p.clusters, file, n));
    for (auto [name, values] :
         {std::pair{"workers", &p.workers}, {"aggregation", &p.aggregation}, {"inet_kib_s", &p.inet_kib_s}})
      if (values->is_list() && values->size() != n)
        throw ParamError(name, fmt::format("{} lists {} values but {} has {} clusters", name, values->size(), file, n));
    try {
      FarmLayout f = FarmLayout::of(p);
      f.row_of(p.cluster);
      if (p.plan_step == "none" && p.selection == "count") {
        std::vector<double> wanted = p.workers.expanded(n);
        for (size_t c = 0; c < f.clusters.size(); ++c)
          if (size_t has = f.clusters[c].worker_rates.size(); wanted[c] > static_cast<double>(has))
            throw ParamError(
                "workers",
                fmt::format("{} workers wanted of cluster {}, which has {}", wanted[c], f.clusters[c].name, has),
                p.workers.is_list() ? std::vector<std::string>{std::to_string(c)} : std::vector<std::string>{});
      }
      if (f.workers[0].empty())
        throw ParamError("workers", fmt::format("the local cluster {} has no worker", f.clusters[0].name));
    } catch (const std::invalid_argument& e) {
      if (dynamic_cast<const ParamError*>(&e))
        throw;
      throw ParamError("cluster", e.what());
    }
  }

  // The hosts the point's farm uses and the routes it sends over: master and local workers, master and each
  // sub-master, each sub-master and its workers, both ways.
  void check_on_platform(const Params& p, const PlatformFacts& platform) const override
  {
    FarmLayout f              = FarmLayout::of(p);
    const PlatformNeeds needs = PlatformNeeds::any_capacity();
    const std::string& master = f.hosts[0][0];
    for (size_t c = 0; c < f.clusters.size(); ++c) {
      const std::string& head = f.hosts[c][0];
      std::vector<std::pair<std::string, std::string>> pairs;
      if (c > 0 && !f.workers[c].empty())
        pairs.emplace_back(master, head);
      for (size_t w : f.workers[c])
        pairs.emplace_back(head, f.hosts[c][w + 1]);
      for (const auto& [a, b] : pairs)
        for (const std::string& why : {unusable_host(platform, b, needs), unusable_route(platform, a, b, needs),
                                       unusable_route(platform, b, a, needs)})
          if (!why.empty())
            throw ParamError("platform", fmt::format("{}, which the farm uses", why));
    }
    if (std::string why = unusable_host(platform, master, needs); !why.empty())
      throw ParamError("platform", fmt::format("{}: it runs the master", why));
  }

  Decisions decide(const Params& p, const PointInfo& at, const SimulationContext&) const override
  {
    Decisions decisions{FarmLayout::of(p), 0, {}, at.seed};
    decisions.row      = decisions.layout.row_of(p.cluster);
    decisions.estimate = decisions.layout.estimate();
    return decisions;
  }

  void predict(const Params& p, const Decisions& decisions, Face<Metrics>& out) const override
  {
    const FarmLayout& f       = decisions.layout;
    const FarmEstimate& e     = decisions.estimate;
    const ClusterEstimate& r  = decisions.estimated_row();
    auto tasks                = static_cast<double>(p.tasks);
    out.workers               = static_cast<double>(r.workers);
    out.available_performance = r.available / kPerfUnit;
    out.performance           = r.estimated / kPerfUnit;
    out.speedup               = r.speedup;
    out.efficiency            = r.efficiency;
    out.tasks                 = tasks * r.estimated / e.total.estimated;
    out.makespan              = tasks / e.total.estimated;
    if (!decisions.total() && decisions.row > 0) {
      double inet                 = f.clusters[decisions.row].inet_throughput;
      out.link_utilisation        = r.estimated / r.max_inet;
      out.max_inet_performance    = r.max_inet / kPerfUnit;
      out.exact_aggregation       = exact_aggregation(r.available, f.task.bytes_per_task(), inet);
      out.recommended_aggregation = recommended_aggregation(r.available, f.task.bytes_per_task(), inet);
    }
  }

  void simulate(const Params& p, Decisions& decisions, const SimulationContext& context,
                Face<Metrics>& out) const override
  {
    const FarmLayout& f = decisions.layout;
    sg::Session session(context.simgrid_config, context.simgrid_logs);
    if (f.spec.clusters.empty())
      sg::load_platform(p.platform, loads::point_loads(decisions.seed));
    else
      sg::build_grid(f.spec, loads::point_loads(decisions.seed));
    FarmRun run;
    run.tasks           = p.tasks;
    run.task_flops      = f.task.flops;
    run.command_bytes   = f.task.command_bytes;
    run.result_bytes    = f.task.result_bytes;
    run.aggregate_flops = p.aggregate_flops;
    run.worker_prefetch = p.worker_prefetch;
    run.timeline        = context.timeline;
    for (size_t c = 0; c < f.clusters.size(); ++c) {
      run.cluster_names.push_back(f.clusters[c].name);
      run.heads.push_back(sg::host_by_name(f.hosts[c][0]));
      run.workers.emplace_back();
      for (size_t w : f.workers[c])
        run.workers.back().push_back(sg::host_by_name(f.hosts[c][w + 1]));
      run.aggregation.push_back(static_cast<long long>(f.aggregation[c]));
      run.queue.push_back(sub_master_queue(f, c, p.prefetch));
    }
    launch_farm(run);
    session.run();

    const ClusterEstimate& est = decisions.estimated_row();
    double local_available     = decisions.estimate.clusters[0].available;
    long long done = 0, messages = 0;
    for (size_t c = 0; c < f.clusters.size(); ++c)
      if (decisions.total() || c == decisions.row)
        done += run.tasks_done[c], messages += run.messages[c];
    double rate               = static_cast<double>(done) / run.makespan;
    out.workers               = static_cast<double>(est.workers);
    out.available_performance = est.available / kPerfUnit;
    out.performance           = rate / kPerfUnit;
    out.speedup               = rate / local_available;
    out.efficiency            = est.available > 0 ? rate / est.available : 0;
    out.precision             = std::min(out.speedup, est.speedup) / std::max(out.speedup, est.speedup);
    out.tasks                 = static_cast<double>(done);
    out.makespan              = run.makespan;
    out.messages              = static_cast<double>(messages);
    if (!decisions.total() && decisions.row > 0)
      out.link_utilisation = run.uplink_busy[decisions.row] / run.makespan;
  }
};

}  // namespace

std::unique_ptr<Model> make_hierarchical_farm_model() { return std::make_unique<HierarchicalFarmModel>(); }

ISOGRID_MODEL("hierarchical-farm", make_hierarchical_farm_model);

}  // namespace isogrid::farm
