#pragma once
// Synthetic cluster states as Sanjay's chapter 4 simulations draw them (§4.3.2): each machine's available CPU
// from its load category (light U[0.701, 1], medium U[0.351, 0.7], heavy U[0.05, 0.35]) and each link's
// available bandwidth U(20 %, 80 %) of the cluster's maximum, drawn from {100 Mbit/s, 1, 5, 10 Gbit/s}.
#include "base/random.hpp"
#include "policies/scheduling/cluster_state.hpp"

#include <array>
#include <vector>

namespace isogrid::scheduling {

// Percentages of light, medium and heavy machines; they sum to 100.
struct LoadMix {
  double light = 30, medium = 40, heavy = 30;
};

// A mix whose three shares are each in [10, 80] % and sum to 100 (erratum 15: rejection sampling of whole
// percentages).
LoadMix draw_load_mix(SeededRandom& random);

struct ClusterDraw {
  std::size_t machines  = 256;
  double max_bandwidth  = 1000;  // Mbit/s: the links' capacity
  double link_share_low = 0.2, link_share_high = 0.8;
  LoadMix mix;
};

// The thesis's maximum link bandwidths (Mbit/s).
const std::vector<double>& thesis_max_bandwidths();

// Category counts are the mix's shares of `machines`, rounded by largest remainder, assigned to machines in a
// random order. Throws std::invalid_argument on an impossible draw (no machine, shares not summing to 100, ...).
ClusterState draw_cluster_state(const ClusterDraw& draw, SeededRandom& random);

// Chapter 5's states (§5.5.2): every machine's available CPU U(cpu_low, cpu_high), no load categories, links as in
// chapter 4.
struct UniformLoadDraw {
  std::size_t machines = 512;
  double max_bandwidth = 1000;  // Mbit/s
  double cpu_low = 0.1, cpu_high = 1.0;
  double link_share_low = 0.2, link_share_high = 0.8;
};

ClusterState draw_uniform_load_state(const UniformLoadDraw& draw, SeededRandom& random);

// The loads of the thesis's real-cluster experiment (§4.3.1, Fig. 4.9): synthetic loaders on a random subset of
// the machines leave them U[6.5 %, 72 %] of their CPU, the others are free; 1 to 8 random pairs of machines have
// their link loaded down to U[2 %, 80 %] of its capacity, every other link is free.
struct LoadedSubsetDraw {
  std::size_t machines = 104;
  double max_bandwidth = 1000;  // Mbit/s
  double loaded_share  = 0.5;   // of the machines (the thesis does not say how many it loaded)
};

ClusterState draw_loaded_subset_state(const LoadedSubsetDraw& draw, SeededRandom& random);

}  // namespace isogrid::scheduling
