#include "workloads/performance_modelling/campaign_plan.hpp"

#include "base/random.hpp"
#include "simulator/core/model_schema.hpp"
#include "simulator/core/text.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <numeric>

namespace isogrid::modelling {

namespace {

// The platform the reference cluster is on.
const GridSpec& reference_grid(const PerformanceModellingParams& p) { return grid_of(p.platform, "platform"); }

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

// The sizes the predicted runs draw from: 20 sizes evenly over the whole range (so that a size comes back with several
// processor counts, as the scheduling-usefulness groups need).
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

}  // namespace

DedicatedCluster dedicated_cluster(const ClusterSpec& c) { return {c.speed, c.link.bandwidth, c.link.latency}; }

std::size_t add_target(const PerformanceModellingParams& p, GridSpec& spec, std::size_t reference)
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

std::size_t cluster_index(const GridSpec& spec, const std::string& name, const char* key)
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

std::size_t max_processors(const PerformanceModellingParams& p, const ClusterSpec& c)
{
  return p.max_processors > 0 ? static_cast<std::size_t>(p.max_processors) : static_cast<std::size_t>(c.hosts);
}

std::vector<double> training_sizes(const CampaignApplication& k)
{
  std::vector<double> sizes;
  for (double n = k.train_min; n <= k.train_max + k.step / 2; n += k.step)
    sizes.push_back(n);
  return sizes;
}

Campaign plan_campaign(const PerformanceModellingParams& p, std::uint64_t seed)
{
  Campaign campaign;
  campaign.seed    = seed;
  campaign.spec    = reference_grid(p);
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

}  // namespace isogrid::modelling
