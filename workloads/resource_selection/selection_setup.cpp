#include "workloads/resource_selection/selection_setup.hpp"

#include "policies/scheduling/application_models.hpp"
#include "policies/scheduling/resource_selection.hpp"
#include "simulator/core/model.hpp"

#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <tuple>

namespace isogrid::scheduling {

std::size_t draw_between(SeededRandom& random, long long low, long long high)
{
  if (high <= low)
    return static_cast<std::size_t>(low);
  return static_cast<std::size_t>(low) + random.below(static_cast<std::uint64_t>(high - low + 1));
}

void check_size_ranges(long long machines, long long machines_max, long long clusters, long long clusters_max)
{
  for (auto [range, low, high] :
       {std::tuple{"machines", machines, machines_max}, {"clusters", clusters, clusters_max}}) {
    std::string high_name = std::string(range) + "_max";
    if (high != 0 && high < low)
      throw ParamError(
          high_name, fmt::format("{} = {} is below {} = {} (0 means exactly {})", high_name, high, range, low, range));
  }
}

namespace {

LoadMix mix_of(const ResourceSelectionParams& p, SeededRandom& random)
{
  const std::string& dominant = p.dominant;
  if (dominant != "none") {  // Figs. 4.10-4.14: one category's share, the other two splitting the rest
    double share = p.dominant_share, rest = (100 - share) / 2;
    return {dominant == "light" ? share : rest, dominant == "medium" ? share : rest,
            dominant == "heavy" ? share : rest};
  }
  LoadMix mix{p.light, p.medium, p.heavy};
  if (mix.light == 0 && mix.medium == 0 && mix.heavy == 0)
    return draw_load_mix(random);
  return mix;
}

}  // namespace

void check_selection_params(const ResourceSelectionParams& p)
{
  check_size_ranges(p.machines, p.machines_max, p.clusters, p.clusters_max);
  double sum = p.light + p.medium + p.heavy;
  if (sum != 0 && std::abs(sum - 100) > 1e-9)
    throw ParamError("light", fmt::format("light + medium + heavy must be 100 % (or all 0 for a random mix per "
                                          "cluster), got {}",
                                          sum));
  if (p.error >= 1)
    throw ParamError("error", "error is a fraction: the prediction is multiplied by 1 + U[-error, error]; < 1");
}

EvaluatorOptions SelectionSetup::evaluator_options(std::uint64_t seed) const
{
  EvaluatorOptions o;
  o.error = error;
  o.seed  = seed;
  if (wall_clock) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(scheduling_time);
    o.out_of_time = [deadline] { return std::chrono::steady_clock::now() >= deadline; };
  } else {
    o.max_work = scheduling_time * work_per_second;
  }
  return o;
}

SelectionSetup draw_selection_setup(const ResourceSelectionParams& p, std::uint64_t seed)
{
  check_selection_params(p);
  SelectionSetup s;
  s.schedulers      = p.schedulers;
  s.scheduling_time = p.scheduling_time;
  s.wall_clock      = p.clock == Clock::Wall;
  s.work_per_second = p.work_per_second;
  s.error           = p.error;

  PerformanceModel base = application_models().get(p.application);
  if (p.problem_size > 0)
    base.problem_size = p.problem_size;
  const std::vector<double>& factors    = p.scaling_factors;
  const std::vector<double>& bandwidths = p.max_bandwidths.empty() ? thesis_max_bandwidths() : p.max_bandwidths;

  SeededRandom random = SeedStream(seed).child(StreamSalt{"drawn grid", 0x5e1ec7}).random();
  std::size_t count   = draw_between(random, p.clusters, p.clusters_max);
  for (std::size_t c = 0; c < count; ++c) {
    ClusterDraw draw;
    draw.machines        = draw_between(random, p.machines, p.machines_max);
    draw.max_bandwidth   = bandwidths[random.below(bandwidths.size())];
    draw.link_share_low  = p.link_share_low;
    draw.link_share_high = p.link_share_high;
    draw.mix             = mix_of(p, random);
    DrawnCluster cluster;
    cluster.scaling = factors[random.below(factors.size())];
    if (p.load_model == LoadModel::LoadedSubset) {  // Fig. 4.9's real-cluster loads
      LoadedSubsetDraw subset{draw.machines, draw.max_bandwidth, p.loaded_share};
      cluster.state = draw_loaded_subset_state(subset, random);
      draw.mix      = {100 * (1 - subset.loaded_share), 0, 100 * subset.loaded_share};  // free machines count as light
    } else {
      cluster.state = draw_cluster_state(draw, random);
    }
    cluster.model  = base.scaled(cluster.scaling);
    cluster.mix    = draw.mix;
    cluster.weight = static_cast<double>(draw.machines) * cluster.scaling * (draw.mix.light + draw.mix.medium) / 100;
    s.clusters.push_back(std::move(cluster));
  }
  return s;
}

}  // namespace isogrid::scheduling
