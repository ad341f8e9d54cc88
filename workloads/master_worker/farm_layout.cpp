#include "workloads/master_worker/farm_layout.hpp"

#include "policies/farm/tuning_plan.hpp"
#include "policies/farm/worker_selection.hpp"
#include "simulator/sg/platform_check.hpp"
#include "workloads/loads/platform_loads.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <stdexcept>

namespace isogrid::farm {

namespace {

// The narrowest link a transfer between a host of `c` and the cluster's switch crosses.
double host_to_switch(const ClusterSpec& c)
{
  double bw = c.link.bandwidth;
  if (c.backbone && c.backbone->sharing == LinkSharing::Shared)
    bw = std::min(bw, c.backbone->bandwidth);
  return bw;
}

double host_to_switch_latency(const ClusterSpec& c) { return c.link.latency + (c.backbone ? c.backbone->latency : 0); }

// Index into spec.inter_links of the link between cluster c and the local cluster, or inter_links.size().
size_t link_to_local(const GridSpec& spec, size_t c)
{
  size_t i = 0;
  while (i < spec.inter_links.size() && !(spec.inter_links[i].a == 0 && spec.inter_links[i].b == c))
    ++i;
  return i;
}

}  // namespace

// Every point of a sweep reads the same platform file (often twice: check, then predict): read it once per
// process. The harness evaluates points one at a time, and a file does not change during a run.
std::vector<ClusterResources> farm_resources(const GridSpec& spec, double task_flops)
{
  if (spec.clusters.empty())
    throw std::invalid_argument(spec.file + ": a farm needs a platform with clusters, not a star");
  std::vector<ClusterResources> out;
  for (size_t c = 0; c < spec.clusters.size(); ++c) {
    const ClusterSpec& cs = spec.clusters[c];
    ClusterResources r;
    r.name = cs.name;
    for (long long h = 1; h < cs.hosts; ++h)
      r.worker_rates.push_back(cs.speed_of(h) / task_flops);
    r.lan_throughput = host_to_switch(cs);
    if (c > 0) {
      size_t l          = link_to_local(spec, c);
      bool linked       = l < spec.inter_links.size();
      double inet       = linked ? spec.inter_links[l].link.bandwidth : kUnbounded;
      r.inet_throughput = std::min({inet, host_to_switch(cs), host_to_switch(spec.clusters[0])});
      r.inet_latency    = (linked ? spec.inter_links[l].link.latency : 0) + host_to_switch_latency(cs) +
                       host_to_switch_latency(spec.clusters[0]);
    }
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<ClusterResources> farm_resources(const PlatformFacts& platform, double task_flops)
{
  auto route = [&](size_t from, size_t to) -> const PlatformFacts::GroupRoute* {
    for (const auto& r : platform.cluster_routes)
      if (r.from == from && r.to == to && r.kind != std::string(1, PlatformFacts::kNoRoute))
        return &r;
    return nullptr;
  };
  // A route without links (a Vivaldi zone's) has latency only: unbounded throughput.
  auto throughput = [](const PlatformFacts::GroupRoute* r) { return r && r->links > 0 ? r->bandwidth : kUnbounded; };
  std::vector<ClusterResources> out;
  for (size_t c = 0; c < platform.clusters.size(); ++c) {
    const auto& hosts = platform.clusters[c].hosts;
    ClusterResources r;
    r.name = platform.clusters[c].name;
    for (size_t h = 1; h < hosts.size(); ++h)
      r.worker_rates.push_back(platform.host(hosts[h])->speed / task_flops);
    r.lan_throughput = throughput(route(c, c));
    if (c > 0) {
      const PlatformFacts::GroupRoute* inet = route(c, 0);
      r.inet_throughput                     = throughput(inet);
      r.inet_latency                        = inet ? inet->latency : 0;
    }
    out.push_back(std::move(r));
  }
  return out;
}

void override_internet_throughput(GridSpec& spec, const std::vector<double>& kib_per_s)
{
  for (size_t c = 1; c < kib_per_s.size() && c < spec.clusters.size(); ++c)
    if (size_t l = link_to_local(spec, c); kib_per_s[c] > 0 && l < spec.inter_links.size())
      spec.inter_links[l].link.bandwidth = kib_per_s[c] * 1024;
}

FarmLayout FarmLayout::of(const FarmParams& p)
{
  FarmLayout f;
  f.task.flops         = p.task_flops;
  f.task.command_bytes = p.command_bytes;
  f.task.result_bytes  = p.result_bytes;
  f.threshold          = p.efficiency_threshold;
  if (is_grid_spec_file(p.platform)) {
    f.spec = cached_grid_spec(p.platform);
    override_internet_throughput(f.spec, p.inet_kib_s.expanded(f.spec.clusters.size()));
    f.clusters = farm_resources(f.spec, f.task.flops);
    for (const ClusterSpec& c : f.spec.clusters) {
      f.hosts.emplace_back();
      for (long long h = 0; h < c.hosts; ++h)
        f.hosts.back().push_back(c.host_name(h));
    }
  } else {
    // Probed when the experiment was loaded; a worker process inherits the parent's copy.
    const PlatformFacts& platform = sg::probe_platform(p.platform, loads::resolver());
    f.clusters                    = farm_resources(platform, f.task.flops);
    for (const auto& c : platform.clusters)
      f.hosts.push_back(c.hosts);
  }
  // Per-cluster lists are the platform's, one value per cluster; only the first k clusters take part. The clusters
  // left out keep their hosts in the simulated platform, where nothing runs.
  std::vector<double> aggregation = p.aggregation.expanded(f.clusters.size());
  std::vector<double> wanted      = p.workers.expanded(f.clusters.size());
  if (p.clusters > 0 && static_cast<size_t>(p.clusters) < f.clusters.size()) {
    f.clusters.resize(static_cast<size_t>(p.clusters));
    f.hosts.resize(static_cast<size_t>(p.clusters));
  }
  size_t n = f.clusters.size();
  if (const std::string& step = p.plan_step; step != "none") {
    PlanStep planned = plan_tuning(f.clusters, f.task.bytes_per_task(), f.threshold).step(step);
    f.workers        = std::move(planned.workers);
    f.aggregation    = std::move(planned.aggregation);
    return f;
  }
  f.aggregation.assign(aggregation.begin(), aggregation.begin() + static_cast<std::ptrdiff_t>(n));
  f.aggregation[0]              = 1;
  const SelectionPolicy& select = selection_policies().get(p.selection);
  for (size_t c = 0; c < n; ++c) {
    SelectionRequest r;
    r.cluster        = &f.clusters[c];
    r.bytes_per_task = f.task.bytes_per_task();
    r.aggregation    = f.aggregation[c];
    r.is_local       = c == 0;
    r.threshold      = f.threshold;
    r.count          = static_cast<size_t>(wanted[c]);
    f.workers.push_back(select(r));
  }
  return f;
}

FarmEstimate FarmLayout::estimate() const
{
  return estimate_farm(clusters, workers, task.bytes_per_task(), aggregation);
}

size_t FarmLayout::row_of(const std::string& name) const
{
  for (size_t c = 0; c < clusters.size(); ++c)
    if (clusters[c].name == name)
      return c;
  if (name == "total")
    return clusters.size();
  std::vector<std::string> names;
  for (const auto& c : clusters)
    names.push_back(c.name);
  names.push_back("total");
  throw std::invalid_argument(unknown_name_message("cluster", name, names));
}

}  // namespace isogrid::farm
