#include "policies/merita/metascheduler.hpp"

#include "policies/rescheduling/interval_scheduler.hpp"
#include "policies/rescheduling/planners.hpp"

#include <stdexcept>

namespace isogrid::merita {

namespace {

using rescheduling::GridLoads;
using rescheduling::PhasedApplication;
using rescheduling::SharedLoads;

std::vector<PhasedApplication> apps_of(const SubmissionView& v)
{
  std::vector<PhasedApplication> apps;
  for (const ClusterView& c : v.clusters)
    apps.push_back(c.app);
  return apps;
}

// The predicted loads hold for every step of the plan: the sensors forecast no further than now.
SharedLoads steady_loads(const SubmissionView& v)
{
  GridLoads grid;
  for (const ClusterView& c : v.clusters)
    grid.clusters.push_back(c.state);
  return SharedLoads([grid](std::size_t) { return grid; });
}

RunPlan mcrp(const SubmissionView& v, std::vector<double> entry)
{
  rescheduling::MultiClusterSettings settings;
  settings.t_thres    = v.t_thres;
  settings.intra_cost = v.intra_cost;
  settings.inter_cost = v.inter_cost;
  settings.entry_cost = entry;
  settings.running    = v.running;
  SharedLoads loads   = steady_loads(v);
  RunPlan out;
  out.plan = rescheduling::multi_cluster_plan(apps_of(v), loads, rescheduling::planners().get("incremental"), settings,
                                              v.seed);
  out.entry_cost = std::move(entry);
  return out;
}

// One interval over the whole run, on `cluster` and `machines`.
RunPlan single(const SubmissionView& v, std::size_t cluster, scheduling::Schedule machines, std::vector<double> entry)
{
  const ClusterView& c = v.clusters.at(cluster);
  rescheduling::MultiClusterInterval whole;
  whole.first    = 0;
  whole.last     = c.app.phases();
  whole.cluster  = cluster;
  whole.schedule = std::move(machines);
  auto traits    = scheduling::traits_of(c.state, whole.schedule);
  whole.time     = c.app.whole().time(traits);
  whole.cpu      = traits.cpu;
  whole.cost     = entry.empty() ? 0 : entry[cluster];
  whole.move     = rescheduling::Move::First;
  RunPlan out;
  out.plan.time = whole.time + whole.cost;
  out.plan.intervals.push_back(std::move(whole));
  out.entry_cost = std::move(entry);
  out.rebuilt    = false;
  return out;
}

RunPlan merita(const SubmissionView& v) { return mcrp(v, entry_waits(v, &ClusterView::predicted_wait)); }
// The oracle plans with every cluster's phases as they will run, its present loads, and the waits that will happen.
RunPlan oracle(const SubmissionView& given)
{
  SubmissionView v = given;
  for (ClusterView& c : v.clusters) {
    if (c.actual_app)
      c.app = *c.actual_app;
    if (c.actual_state)
      c.state = *c.actual_state;
  }
  return mcrp(v, entry_waits(v, &ClusterView::actual_wait));
}
RunPlan no_wait_prediction(const SubmissionView& v) { return mcrp(v, std::vector<double>(v.clusters.size(), 0)); }

RunPlan no_rescheduling(const SubmissionView& v)
{
  std::vector<double> entry = entry_waits(v, &ClusterView::predicted_wait);
  SharedLoads loads         = steady_loads(v);
  auto chosen               = rescheduling::single_schedule(apps_of(v), loads, v.seed, {}, entry);
  return single(v, chosen.cluster, chosen.schedule, std::move(entry));
}

// The user's own choice before MerITA: always the same cluster, its first machines, one run.
RunPlan static_choice(const SubmissionView& v)
{
  const ClusterView& c = v.clusters.at(v.static_cluster);
  std::size_t count    = std::min(v.static_processors, c.state.machines());
  scheduling::Schedule machines(count);
  for (std::size_t m = 0; m < count; ++m)
    machines[m] = m;
  return single(v, v.static_cluster, std::move(machines), std::vector<double>(v.clusters.size(), 0));
}

}  // namespace

std::vector<double> entry_waits(const SubmissionView& v, WaitFor ClusterView::*which)
{
  std::vector<double> waits(v.clusters.size(), 0);
  for (std::size_t c = 0; c < v.clusters.size(); ++c) {
    const ClusterView& cluster = v.clusters[c];
    if (!cluster.batch)
      continue;
    if (!(cluster.*which))
      throw std::invalid_argument("a batch cluster needs its wait predictor (and, for the oracle, its queue)");
    rescheduling::IntervalScheduler whole(cluster.state, cluster.app, SeedStream(v.seed).nth(c).seed());
    const auto& best = whole.at(0, cluster.app.phases());
    waits[c] = (cluster.*which)(static_cast<unsigned>(best.schedule.size()), best.time * v.requested_over_predicted);
  }
  return waits;
}

NamedRegistry<Strategy>& strategy_registry()
{
  static NamedRegistry<Strategy> registry = [] {
    NamedRegistry<Strategy> r("metascheduler");
    r.add("merita",
          "MerITA: the MCRP of the clusters' Incremental SCRPs, a batch cluster's predicted wait paid to start or "
          "restart there",
          merita);
    r.add("no-wait-prediction", "the MCRP with no queue wait priced in (baseline b)", no_wait_prediction);
    r.add("no-rescheduling", "the best cluster and schedule on predicted time plus wait, kept for the whole run (c)",
          no_rescheduling);
    r.add("static", "one cluster, its first machines, no rescheduling (baseline a)", static_choice);
    r.add("oracle",
          "the MCRP of the phases as they will run, priced with the waits that will happen (d: an upper bound on "
          "prediction)",
          oracle);
    return r;
  }();
  return registry;
}

const NamedRegistry<Strategy>& strategies() { return strategy_registry(); }
ISOGRID_POLICY_FAMILY(strategy_registry);

}  // namespace isogrid::merita
