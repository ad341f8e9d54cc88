#include "policies/scheduling/cluster_draw.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace isogrid::scheduling {

namespace {

struct Category {
  double low, high;
};
constexpr std::array<Category, 3> categories = {{{0.701, 1.0}, {0.351, 0.7}, {0.05, 0.35}}};

// Largest-remainder rounding of the three shares of n.
std::array<std::size_t, 3> category_counts(const LoadMix& mix, std::size_t n)
{
  std::array<double, 3> share = {mix.light, mix.medium, mix.heavy};
  std::array<std::size_t, 3> count{};
  std::array<double, 3> remainder{};
  std::size_t given = 0;
  for (std::size_t c = 0; c < 3; ++c) {
    double exact = share[c] / 100 * static_cast<double>(n);
    count[c]     = static_cast<std::size_t>(std::floor(exact));
    remainder[c] = exact - std::floor(exact);
    given += count[c];
  }
  while (given < n) {
    std::size_t c = static_cast<std::size_t>(std::max_element(remainder.begin(), remainder.end()) - remainder.begin());
    count[c] += 1, remainder[c] = -1, given += 1;
  }
  return count;
}

void check_links(double max_bandwidth, double low, double high)
{
  if (!(max_bandwidth > 0) || !(low > 0) || high < low || high > 1)
    throw std::invalid_argument("link bandwidths need a positive maximum and 0 < low share <= high share <= 1");
}

// Each link's available bandwidth U[low, high] of the capacity, drawn pair by pair in index order.
std::vector<double> draw_links(std::size_t n, double max_bandwidth, double low, double high, SeededRandom& random)
{
  std::vector<double> bandwidth(n * n, 0);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      bandwidth[a * n + b] = bandwidth[b * n + a] = max_bandwidth * random.uniform(low, high);
  return bandwidth;
}

}  // namespace

const std::vector<double>& thesis_max_bandwidths()
{
  static const std::vector<double> values = {100, 1000, 5000, 10000};
  return values;
}

LoadMix draw_load_mix(SeededRandom& random)
{
  for (;;) {
    double light  = 10 + static_cast<double>(random.below(71));
    double medium = 10 + static_cast<double>(random.below(71));
    double heavy  = 100 - light - medium;
    if (heavy >= 10 && heavy <= 80)
      return {light, medium, heavy};
  }
}

ClusterState draw_cluster_state(const ClusterDraw& draw, SeededRandom& random)
{
  const LoadMix& mix = draw.mix;
  if (draw.machines == 0)
    throw std::invalid_argument("a cluster needs at least one machine");
  if (mix.light < 0 || mix.medium < 0 || mix.heavy < 0 || std::abs(mix.light + mix.medium + mix.heavy - 100) > 1e-9)
    throw std::invalid_argument("the light, medium and heavy shares must be >= 0 and sum to 100, got " +
                                std::to_string(mix.light) + " + " + std::to_string(mix.medium) + " + " +
                                std::to_string(mix.heavy));
  check_links(draw.max_bandwidth, draw.link_share_low, draw.link_share_high);
  const std::size_t n              = draw.machines;
  std::array<std::size_t, 3> count = category_counts(mix, n);
  std::vector<std::size_t> category;
  for (std::size_t c = 0; c < 3; ++c)
    category.insert(category.end(), count[c], c);
  for (std::size_t i = n; i > 1; --i)  // Fisher-Yates with our own draws: the same order on every platform
    std::swap(category[i - 1], category[random.below(i)]);
  std::vector<double> cpu(n);
  for (std::size_t m = 0; m < n; ++m)
    cpu[m] = random.uniform(categories[category[m]].low, categories[category[m]].high);
  return ClusterState(std::move(cpu),
                      draw_links(n, draw.max_bandwidth, draw.link_share_low, draw.link_share_high, random));
}

ClusterState draw_uniform_load_state(const UniformLoadDraw& draw, SeededRandom& random)
{
  if (draw.machines == 0)
    throw std::invalid_argument("a cluster needs at least one machine");
  if (!(draw.cpu_low > 0) || draw.cpu_high < draw.cpu_low || draw.cpu_high > 1)
    throw std::invalid_argument("available CPU is drawn from 0 < low <= high <= 1");
  check_links(draw.max_bandwidth, draw.link_share_low, draw.link_share_high);
  std::vector<double> cpu(draw.machines);
  for (double& c : cpu)
    c = random.uniform(draw.cpu_low, draw.cpu_high);
  return ClusterState(std::move(cpu),
                      draw_links(draw.machines, draw.max_bandwidth, draw.link_share_low, draw.link_share_high, random));
}

ClusterState draw_loaded_subset_state(const LoadedSubsetDraw& draw, SeededRandom& random)
{
  if (draw.machines == 0 || !(draw.max_bandwidth > 0) || !(draw.loaded_share >= 0 && draw.loaded_share <= 1))
    throw std::invalid_argument("a loaded-subset cluster needs machines, a positive link capacity and a loaded "
                                "share in [0, 1]");
  const std::size_t n = draw.machines;
  const auto loaded   = static_cast<std::size_t>(std::llround(draw.loaded_share * static_cast<double>(n)));
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  for (std::size_t i = n; i > 1; --i)
    std::swap(order[i - 1], order[random.below(i)]);
  std::vector<double> cpu(n, 1.0);
  for (std::size_t k = 0; k < loaded; ++k)
    cpu[order[k]] = random.uniform(0.065, 0.72);
  std::vector<double> bandwidth(n * n, draw.max_bandwidth);
  if (n > 1) {
    std::size_t pairs = 1 + random.below(8);
    for (std::size_t k = 0; k < pairs; ++k) {
      std::size_t a = random.below(n), b = random.below(n - 1);
      b += b >= a ? 1 : 0;  // a different machine
      bandwidth[a * n + b] = bandwidth[b * n + a] = draw.max_bandwidth * random.uniform(0.02, 0.8);
    }
  }
  return ClusterState(std::move(cpu), std::move(bandwidth));
}

}  // namespace isogrid::scheduling
