#include "policies/farm/tuning_plan.hpp"

#include "policies/farm/worker_selection.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace isogrid::farm {

double exact_aggregation(double available, double bytes_per_task, double inet_throughput)
{
  return available * bytes_per_task / inet_throughput;
}

double recommended_aggregation(double available, double bytes_per_task, double inet_throughput,
                               double target_efficiency)
{
  // A hair below the next integer counts as reaching it: 3.0000000001 from rounding must not become 4.
  double s = target_efficiency * exact_aggregation(available, bytes_per_task, inet_throughput);
  return std::max(1.0, std::ceil(s - 1e-9));
}

const PlanStep& TuningPlan::step(const std::string& name) const
{
  for (const auto& s : steps)
    if (s.name == name)
      return s;
  throw std::invalid_argument("no plan step named " + name);
}

namespace {

PlanStep make_step(const std::vector<ClusterResources>& clusters, double cv, std::string name, std::string description,
                   std::vector<std::vector<size_t>> workers, std::vector<double> aggregation)
{
  PlanStep s{std::move(name), std::move(description), std::move(workers), std::move(aggregation), {}};
  s.estimate = estimate_farm(clusters, s.workers, cv, s.aggregation);
  return s;
}

}  // namespace

TuningPlan plan_tuning(const std::vector<ClusterResources>& clusters, double bytes_per_task, double threshold)
{
  if (clusters.empty())
    throw std::invalid_argument("plan_tuning: no cluster");
  TuningPlan plan;
  plan.threshold = threshold;
  size_t n       = clusters.size();
  std::vector<double> ones(n, 1.0);
  std::vector<std::vector<size_t>> every;
  for (const auto& c : clusters)
    every.push_back(fastest_first(c.worker_rates));

  // Phase 1: the local cluster alone.
  std::vector<std::vector<size_t>> local_only(n);
  local_only[0] = every[0];
  plan.steps.push_back(
      make_step(clusters, bytes_per_task, "local", "Original application, single-cluster execution", local_only, ones));
  plan.local_reaches_available = !plan.steps.back().estimate.clusters[0].communication_bound();

  // Phase 2: every resource, then the ones that keep each cluster at the threshold.
  plan.steps.push_back(make_step(clusters, bytes_per_task, "all",
                                 "Intermediate evaluation in the MCA phase: all clusters, all resources", every, ones));
  std::vector<std::vector<size_t>> selected;
  for (size_t c = 0; c < n; ++c) {
    SelectionRequest r;
    r.cluster        = &clusters[c];
    r.bytes_per_task = bytes_per_task;
    r.is_local       = c == 0;
    r.threshold      = threshold;
    selected.push_back(selection_policies().get("threshold")(r));
  }
  plan.steps.push_back(make_step(clusters, bytes_per_task, "selected",
                                 "After the MCA phase: all clusters, selected resources", selected, ones));

  // Phase 3: aggregation S on every remote cluster whose Internet link holds it back.
  std::vector<double> tuned(n, 1.0);
  plan.exact_aggregation.assign(n, std::nan(""));
  const FarmEstimate& all = plan.steps[1].estimate;
  for (size_t c = 1; c < n; ++c) {
    double av                 = all.clusters[c].available;
    plan.exact_aggregation[c] = exact_aggregation(av, bytes_per_task, clusters[c].inet_throughput);
    if (all.clusters[c].max_inet < av)
      tuned[c] = recommended_aggregation(av, bytes_per_task, clusters[c].inet_throughput);
  }
  plan.steps.push_back(make_step(clusters, bytes_per_task, "tuned",
                                 "After the AT phase: all clusters, all resources, tuned application", every, tuned));
  return plan;
}

}  // namespace isogrid::farm
