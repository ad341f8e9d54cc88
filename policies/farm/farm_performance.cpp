#include "policies/farm/farm_performance.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace isogrid::farm {

double max_performance(double throughput, double bytes_per_task, double aggregation)
{
  return aggregation * throughput / bytes_per_task;
}

ClusterEstimate estimate_cluster(const ClusterResources& cluster, const std::vector<size_t>& workers,
                                 double bytes_per_task, double aggregation, bool is_local)
{
  ClusterEstimate e;
  e.workers = workers.size();
  for (size_t w : workers)
    e.available += cluster.worker_rates.at(w);
  e.max_lan    = max_performance(cluster.lan_throughput, bytes_per_task);
  e.max_inet   = is_local ? kUnbounded : max_performance(cluster.inet_throughput, bytes_per_task, aggregation);
  e.estimated  = std::min({e.available, e.max_lan, e.max_inet});
  e.efficiency = e.available > 0 ? e.estimated / e.available : 0;
  return e;
}

FarmEstimate estimate_farm(const std::vector<ClusterResources>& clusters,
                           const std::vector<std::vector<size_t>>& workers, double bytes_per_task,
                           const std::vector<double>& aggregation)
{
  if (clusters.empty() || workers.size() != clusters.size() || aggregation.size() != clusters.size())
    throw std::invalid_argument("estimate_farm: one worker set and one aggregation factor per cluster");
  if (workers[0].empty())
    throw std::invalid_argument("the local cluster (" + clusters[0].name + ") needs at least one worker");
  FarmEstimate farm;
  for (size_t c = 0; c < clusters.size(); ++c)
    farm.clusters.push_back(estimate_cluster(clusters[c], workers[c], bytes_per_task, aggregation[c], c == 0));
  double local       = farm.clusters[0].estimated;
  ClusterEstimate& t = farm.total;
  for (auto& e : farm.clusters) {
    e.speedup = e.estimated / local;
    t.workers += e.workers;
    t.available += e.available;
    t.estimated += e.estimated;
  }
  t.efficiency = t.estimated / t.available;
  t.speedup    = t.estimated / local;
  return farm;
}

std::vector<std::vector<size_t>> all_workers(const std::vector<ClusterResources>& clusters)
{
  std::vector<std::vector<size_t>> out;
  for (const auto& c : clusters) {
    out.emplace_back(c.worker_rates.size());
    std::iota(out.back().begin(), out.back().end(), 0);
  }
  return out;
}

std::vector<size_t> fastest_first(const std::vector<double>& rates)
{
  std::vector<size_t> order(rates.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return rates[a] > rates[b]; });
  return order;
}

}  // namespace isogrid::farm
