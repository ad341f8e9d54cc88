#pragma once
// How a strip-decomposed stencil spreads its N_x slices over the ranks of a multi-cluster (Korkhov 2009, Sec. 4.3).
// Ranks are numbered cluster by cluster: cluster 0's p_0 ranks, then cluster 1's, ... Each rank gets a contiguous
// block of (possibly fractional) slices, so the returned shares are in chain order.
#include "base/named_registry.hpp"

#include <cstddef>
#include <vector>

namespace isogrid::stencil {

struct ClusterShape {
  size_t ranks = 1;  // p_k
  double speed = 1;  // Delta_k, lattice updates per second per rank
};

// Slices per rank, in chain order; they add up to nx.
using DecompositionPolicy = std::vector<double> (*)(const std::vector<ClusterShape>& clusters, double nx);

const NamedRegistry<DecompositionPolicy>& decomposition_policies();
// The same registry, open to additions until the catalog freezes it: for what a plugin registers.
NamedRegistry<DecompositionPolicy>& decomposition_registry();

// Rank -> cluster index, in chain order.
std::vector<size_t> cluster_of_ranks(const std::vector<ClusterShape>& clusters);

}  // namespace isogrid::stencil
