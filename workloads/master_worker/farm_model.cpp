// One row of Argollo et al.'s Tables 1-4 per point: the `cluster` parameter names the row (a cluster, or "total"),
// so that an experiment sweeping it prints the table. Every row of a point runs the same farm.
#include "workloads/master_worker/farm_model.hpp"

#include "policies/farm/prefetch.hpp"
#include "policies/farm/tuning_plan.hpp"
#include "simulator/core/text.hpp"
#include "simulator/core/value.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/grid_builder.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/master_worker/farm_layout.hpp"
#include "workloads/master_worker/farm_skeleton.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace isogrid::farm {

namespace {

enum Metric {
  kWorkers, kAvailable, kPerformance, kSpeedup, kEfficiency, kPrecision, kTasks, kMakespan, kLinkUse, kMaxInet,
  kExactS, kRecommendedS, kMessages
};

// The paper prints performance in 1e-3 tasks/s; so do these metrics, to be read against its tables.
constexpr double kPerfUnit = 1e-3;

ModelInfo make_info()
{
  ModelInfo info;
  info.name    = "hierarchical-farm";
  info.summary = "Master-worker task farm over Internet-linked clusters with sub-masters that aggregate S results: "
                 "Eqs. 1-5 and the simulated farm, one row of the paper's tables per point";
  info.source  = "A. Argollo, A. Gaudiani, D. Rexachs, E. Luque, Tuning application in a multi-cluster environment";

  info.params.push_back(platform_file("YAML grid spec; cluster 0 is local (host 0: the master), in the others "
                                      "host 0 is the sub-master; the other hosts are workers (e.g. "
                                      "platforms/argollo-testbed.yaml)",
                                      false));
  info.params.push_back(free_text("cluster", "total", "the table row a point reports: a cluster's name, or total"));
  info.params.push_back(whole_number("tasks", "N: independent tasks (simulations)", 500.0));
  info.params.push_back(positive_real("task_flops", "computation of one task; worker rate = host speed / this", 1e12));
  info.params.push_back(nonnegative_real("command_bytes", "command sent to a worker per task", 4.0));
  info.params.push_back(positive_real("result_bytes", "result a worker sends back per task (601x31x31 floats)",
                                      2310244.0));
  info.params.push_back(nonnegative_real("aggregate_flops", "adding one result into a sum (one flop per float)",
                                         577561.0));
  info.params.push_back(word_choice("plan_step", {"none", "local", "all", "selected", "tuned"}, "none",
                                    "run what the three-phase planner decides at a step (local cluster only; all "
                                    "resources; workers selected at efficiency_threshold; all resources with Eq. 5's "
                                    "S), instead of selection, workers and aggregation"));
  info.params.push_back(policy_choice("selection", "farm-selection", "all", "which workers of each cluster take part"));
  ParamSpec workers = whole_number("workers", "with selection: count, workers per cluster (a number or one per "
                                              "cluster; 0 leaves a remote cluster out)",
                                   0.0, 0);
  workers.kind = ParamKind::RealOrList;
  info.params.push_back(workers);
  ParamSpec threshold = positive_real("efficiency_threshold", "efficiency each cluster keeps with selection: "
                                                              "threshold (the paper: 85 %)",
                                      0.85);
  threshold.max = 1;
  info.params.push_back(threshold);
  ParamSpec s = whole_number("aggregation", "S: results a sub-master sums into one message (a number or one per "
                                            "cluster; the local cluster's is ignored)",
                             1.0);
  s.kind = ParamKind::RealOrList;
  info.params.push_back(s);
  ParamSpec inet = nonnegative_real("inet_kib_s", "Internet throughput of each cluster's link to the local one, "
                                                  "KiB/s (1 KB = 1024 B); 0 keeps the platform's",
                                    0.0);
  inet.kind = ParamKind::RealOrList;
  info.params.push_back(inet);
  info.params.push_back(policy_choice("prefetch", "farm-prefetch", "round-trip",
                                      "how many tasks a sub-master keeps queued for its sub-workers"));
  info.params.push_back(whole_number("worker_prefetch", "tasks a worker holds: 1 is the paper's on-demand protocol; "
                                                        "2 or more overlap computing with sending the last result",
                                     1.0));

  info.metrics = {
      {"workers", "workers taking part", ""},
      {"available_performance", "AvPerf: the workers' summed task rates", "1e-3 tasks/s"},
      {"performance", "predicted: EstPerf (Eq. 2); simulated: tasks completed / makespan", "1e-3 tasks/s"},
      {"speedup", "performance / the local cluster's (predicted: EstPerf_LC; simulated: its AvPerf)", ""},
      {"efficiency", "performance / available performance (Eq. 3)", ""},
      {"precision", "simulated only: min/max of the simulated and estimated speedups", ""},
      {"tasks", "predicted: N x EstPerf / total EstPerf; simulated: results that reached the master", ""},
      {"makespan", "predicted: N / total EstPerf; simulated: until the master has the average", "s"},
      {"link_utilisation", "remote rows: predicted EstPerf / MaxPerf_inet; simulated: the uplink's busy share", ""},
      {"max_inet_performance", "MaxPerf_inet = S TPut / CV (Eq. 5)", "1e-3 tasks/s"},
      {"exact_aggregation", "Eq. 5 solved for S: AvPerf CV / TPut (remote rows)", ""},
      {"recommended_aggregation", "the whole S that reaches AvPerf: ceil(exact_aggregation), at least 1", ""},
      {"messages", "simulated: result messages that reached the master", ""},
  };
  info.primary_metric = "speedup";
  info.simgrid_config = sg::exact_network_config();
  return info;
}

// Fills the predicted face and returns the estimate it came from (the simulated face's efficiency and precision
// are taken against it).
FarmEstimate fill_predicted(const FarmLayout& f, size_t row, long long tasks, Outcome& out)
{
  FarmEstimate e = f.estimate();
  auto& p        = out.predicted;
  bool total     = row == f.clusters.size();
  const ClusterEstimate& r = total ? e.total : e.clusters[row];
  p[kWorkers]     = static_cast<double>(r.workers);
  p[kAvailable]   = r.available / kPerfUnit;
  p[kPerformance] = r.estimated / kPerfUnit;
  p[kSpeedup]     = r.speedup;
  p[kEfficiency]  = r.efficiency;
  p[kTasks]       = static_cast<double>(tasks) * r.estimated / e.total.estimated;
  p[kMakespan]    = static_cast<double>(tasks) / e.total.estimated;
  if (!total && row > 0) {
    p[kLinkUse]      = r.estimated / r.max_inet;
    p[kMaxInet]      = r.max_inet / kPerfUnit;
    p[kExactS]       = exact_aggregation(r.available, f.task.bytes_per_task(), f.clusters[row].inet_throughput);
    p[kRecommendedS] = recommended_aggregation(r.available, f.task.bytes_per_task(), f.clusters[row].inet_throughput);
  }
  return e;
}

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

size_t row_of(const FarmLayout& f, const Point& p) { return f.row_of(p.text("cluster")); }

class HierarchicalFarmModel : public Model {
public:
  const ModelInfo& info() const override { return info_; }

  void check(const Point& p) const override
  {
    if (!is_grid_spec_file(p.text("platform")))
      throw ParamError("platform", "hierarchical-farm reads its clusters from a YAML grid spec (.yaml)");
    const GridSpec& spec = cached_grid_spec(p.text("platform"));
    if (spec.clusters.empty())
      throw ParamError("platform", spec.file + " is a star; hierarchical-farm needs clusters");
    size_t n = spec.clusters.size();
    for (const char* name : {"workers", "aggregation", "inet_kib_s"})
      if (auto* list = std::get_if<std::vector<double>>(&p.get(name)); list && list->size() != n)
        throw ParamError(name, fmt::format("{} lists {} values but {} has {} clusters", name, list->size(),
                                           spec.file, n));
    if (p.text("plan_step") != "none") {
      auto is_default = [&](const char* name) {
        const auto& spec = info_.params[*info_.param_index(name)];
        return values_match(p.get(name), *spec.default_value);
      };
      for (const char* name : {"selection", "workers", "aggregation"})
        if (!is_default(name))
          throw ParamError(name, fmt::format("plan_step: {} decides the workers and S, so {} has no effect; set "
                                             "plan_step: none to choose them yourself",
                                             p.text("plan_step"), name));
    }
    try {
      FarmLayout f = FarmLayout::from_point(p);
      f.row_of(p.text("cluster"));
      if (f.workers[0].empty())
        throw ParamError("workers", fmt::format("the local cluster {} has no worker", f.clusters[0].name));
    } catch (const std::invalid_argument& e) {
      if (dynamic_cast<const ParamError*>(&e))
        throw;
      throw ParamError("cluster", e.what());
    }
  }

  void predict(const Point& p, Outcome& out) const override
  {
    FarmLayout f = FarmLayout::from_point(p);
    fill_predicted(f, row_of(f, p), p.integer("tasks"), out);
  }

  void simulate(const Point& p, const SimulationContext& context, Outcome& out) const override
  {
    FarmLayout f = FarmLayout::from_point(p);
    size_t row   = row_of(f, p);
    FarmEstimate e = fill_predicted(f, row, p.integer("tasks"), out);

    sg::Session session(context.simgrid_config, context.simgrid_logs);
    sg::build_grid(f.spec);
    FarmRun run;
    run.tasks           = p.integer("tasks");
    run.task_flops      = f.task.flops;
    run.command_bytes   = f.task.command_bytes;
    run.result_bytes    = f.task.result_bytes;
    run.aggregate_flops = p.number("aggregate_flops");
    run.worker_prefetch = p.integer("worker_prefetch");
    for (size_t c = 0; c < f.clusters.size(); ++c) {
      const ClusterSpec& cs = f.spec.clusters[c];
      run.heads.push_back(sg::host_by_name(cs.host_name(0)));
      run.workers.emplace_back();
      for (size_t w : f.workers[c])
        run.workers.back().push_back(sg::host_by_name(cs.host_name(static_cast<long long>(w) + 1)));
      run.aggregation.push_back(static_cast<long long>(f.aggregation[c]));
      run.queue.push_back(sub_master_queue(f, c, p.text("prefetch")));
    }
    launch_farm(run);
    session.run();

    bool total     = row == f.clusters.size();
    const ClusterEstimate& est = total ? e.total : e.clusters[row];
    double local_available     = e.clusters[0].available;
    long long done = 0, messages = 0;
    for (size_t c = 0; c < f.clusters.size(); ++c)
      if (total || c == row)
        done += run.tasks_done[c], messages += run.messages[c];
    auto& s         = out.simulated;
    double rate     = static_cast<double>(done) / run.makespan;
    s[kWorkers]     = static_cast<double>(est.workers);
    s[kAvailable]   = est.available / kPerfUnit;
    s[kPerformance] = rate / kPerfUnit;
    s[kSpeedup]     = rate / local_available;
    s[kEfficiency]  = est.available > 0 ? rate / est.available : 0;
    s[kPrecision]   = std::min(s[kSpeedup], est.speedup) / std::max(s[kSpeedup], est.speedup);
    s[kTasks]       = static_cast<double>(done);
    s[kMakespan]    = run.makespan;
    s[kMessages]    = static_cast<double>(messages);
    if (!total && row > 0)
      s[kLinkUse] = run.uplink_busy[row] / run.makespan;
  }

private:
  ModelInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Model> make_hierarchical_farm_model() { return std::make_unique<HierarchicalFarmModel>(); }

}  // namespace isogrid::farm
