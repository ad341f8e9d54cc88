#include "workloads/resource_selection/selection_setup.hpp"

#include "policies/scheduling/application_models.hpp"
#include "policies/scheduling/resource_selection.hpp"
#include "simulator/core/model.hpp"
#include "simulator/core/text.hpp"

#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <sstream>

namespace isogrid::scheduling {

namespace {

std::vector<std::string> split_list(const std::string& text)
{
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ','))
    if (!trim(item).empty())
      out.push_back(trim(item));
  return out;
}

// U[low, high] over whole numbers, `high` 0 meaning exactly `low`.
std::size_t draw_between(SeededRandom& random, long long low, long long high)
{
  if (high <= low)
    return static_cast<std::size_t>(low);
  return static_cast<std::size_t>(low) + random.below(static_cast<std::uint64_t>(high - low + 1));
}

LoadMix mix_of(const Point& p, SeededRandom& random)
{
  const std::string& dominant = p.text("dominant");
  if (dominant != "none") {  // Figs. 4.10-4.14: one category's share, the other two splitting the rest
    double share = p.number("dominant_share"), rest = (100 - share) / 2;
    return {dominant == "light" ? share : rest, dominant == "medium" ? share : rest, dominant == "heavy" ? share : rest};
  }
  LoadMix mix{p.number("light"), p.number("medium"), p.number("heavy")};
  if (mix.light == 0 && mix.medium == 0 && mix.heavy == 0)
    return draw_load_mix(random);
  return mix;
}

}  // namespace

std::vector<std::string> parse_schedulers(const std::string& text)
{
  std::vector<std::string> names = split_list(text);
  if (names.empty())
    throw ParamError("schedulers", "schedulers: name at least one of " +
                                       join(resource_selection_policies().names(), ", "));
  for (const std::string& name : names)
    if (!resource_selection_policies().contains(name))
      throw ParamError("schedulers", unknown_name_message("resource-selection policy", name,
                                                          resource_selection_policies().names()));
  return names;
}

std::vector<double> parse_positive_list(const std::string& key, const std::string& text)
{
  std::vector<double> out;
  for (const std::string& item : split_list(text)) {
    std::size_t used = number_length(item);
    if (used == 0 || used != item.size() || !(std::stod(item) > 0))
      throw ParamError(key, fmt::format("{}: '{}' is not a positive number (expected a list like \"0.6, 1, 1.4\")",
                                        key, item));
    out.push_back(std::stod(item));
  }
  if (out.empty())
    throw ParamError(key, key + ": give at least one value");
  return out;
}

void check_selection_point(const Point& p)
{
  parse_schedulers(p.text("schedulers"));
  parse_positive_list("scaling_factors", p.text("scaling_factors"));
  if (!p.text("max_bandwidths").empty())
    parse_positive_list("max_bandwidths", p.text("max_bandwidths"));
  for (const char* range : {"machines", "clusters"}) {
    std::string high = std::string(range) + "_max";
    if (p.integer(high) != 0 && p.integer(high) < p.integer(range))
      throw ParamError(high, fmt::format("{} = {} is below {} = {} (0 means exactly {})", high, p.integer(high),
                                         range, p.integer(range), range));
  }
  double sum = p.number("light") + p.number("medium") + p.number("heavy");
  if (sum != 0 && std::abs(sum - 100) > 1e-9)
    throw ParamError("light", fmt::format("light + medium + heavy must be 100 % (or all 0 for a random mix per "
                                          "cluster), got {}", sum));
  if (p.number("loaded_share") > 1)
    throw ParamError("loaded_share", "loaded_share is a fraction of the machines: at most 1");
  if (p.number("dominant_share") > 100)
    throw ParamError("dominant_share", "dominant_share is a percentage of the machines: at most 100");
  if (p.number("link_share_low") > p.number("link_share_high"))
    throw ParamError("link_share_low", "link_share_low must not exceed link_share_high");
  if (p.number("error") >= 1)
    throw ParamError("error", "error is a fraction: the prediction is multiplied by 1 + U[-error, error]; < 1");
}

EvaluatorOptions SelectionSetup::evaluator_options(std::uint64_t seed) const
{
  EvaluatorOptions o;
  o.error = error;
  o.seed = seed;
  if (wall_clock) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(scheduling_time);
    o.out_of_time = [deadline] { return std::chrono::steady_clock::now() >= deadline; };
  } else {
    o.max_work = scheduling_time * work_per_second;
  }
  return o;
}

SelectionSetup draw_selection_setup(const Point& p)
{
  check_selection_point(p);
  SelectionSetup s;
  s.schedulers = parse_schedulers(p.text("schedulers"));
  s.scheduling_time = p.number("scheduling_time");
  s.wall_clock = p.text("clock") == "wall";
  s.work_per_second = p.number("work_per_second");
  s.error = p.number("error");

  PerformanceModel base = application_models().get(p.text("application"));
  if (p.number("problem_size") > 0)
    base.problem_size = p.number("problem_size");
  std::vector<double> factors = parse_positive_list("scaling_factors", p.text("scaling_factors"));
  std::vector<double> bandwidths = p.text("max_bandwidths").empty()
                                       ? thesis_max_bandwidths()
                                       : parse_positive_list("max_bandwidths", p.text("max_bandwidths"));

  SeededRandom random(mix64(p.seed ^ 0x5e1ec7));
  std::size_t count = draw_between(random, p.integer("clusters"), p.integer("clusters_max"));
  for (std::size_t c = 0; c < count; ++c) {
    ClusterDraw draw;
    draw.machines = draw_between(random, p.integer("machines"), p.integer("machines_max"));
    draw.max_bandwidth = bandwidths[random.below(bandwidths.size())];
    draw.link_share_low = p.number("link_share_low");
    draw.link_share_high = p.number("link_share_high");
    draw.mix = mix_of(p, random);
    DrawnCluster cluster;
    cluster.scaling = factors[random.below(factors.size())];
    if (p.text("load_model") == "loaded-subset") {  // Fig. 4.9's real-cluster loads
      LoadedSubsetDraw subset{draw.machines, draw.max_bandwidth, p.number("loaded_share")};
      cluster.state = draw_loaded_subset_state(subset, random);
      draw.mix = {100 * (1 - subset.loaded_share), 0, 100 * subset.loaded_share};  // free machines count as light
    } else {
      cluster.state = draw_cluster_state(draw, random);
    }
    cluster.model = base.scaled(cluster.scaling);
    cluster.mix = draw.mix;
    cluster.weight = static_cast<double>(draw.machines) * cluster.scaling * (draw.mix.light + draw.mix.medium) / 100;
    s.clusters.push_back(std::move(cluster));
  }
  return s;
}

}  // namespace isogrid::scheduling
