#include "policies/stencil/decomposition.hpp"

namespace isogrid::stencil {

namespace {

// The paper's two-level split: W/C per cluster, then equally over the cluster's ranks (Sec. 4.3.1).
std::vector<double> equal_split(const std::vector<ClusterShape>& clusters, double nx)
{
  std::vector<double> shares;
  double per_cluster = nx / static_cast<double>(clusters.size());
  for (const auto& c : clusters)
    for (size_t r = 0; r < c.ranks; ++r)
      shares.push_back(per_cluster / static_cast<double>(c.ranks));
  return shares;
}

// Shares in proportion to capacity, w_k = p_k Delta_k / sum_j p_j Delta_j, so that every rank computes for the same
// time (Sec. 4.3.3, the equal-finish condition). With unequal p_k this is also the "fractional C" case the chapter
// names but does not build.
std::vector<double> capacity_weighted(const std::vector<ClusterShape>& clusters, double nx)
{
  double capacity = 0;
  for (const auto& c : clusters)
    capacity += static_cast<double>(c.ranks) * c.speed;
  std::vector<double> shares;
  for (const auto& c : clusters)
    for (size_t r = 0; r < c.ranks; ++r)
      shares.push_back(nx * c.speed / capacity);
  return shares;
}

}  // namespace

NamedRegistry<DecompositionPolicy>& decomposition_registry()
{
  static NamedRegistry<DecompositionPolicy> registry = [] {
    NamedRegistry<DecompositionPolicy> r("stencil-decomposition");
    r.add("equal", "W/C per cluster, then equal per rank (the paper, homogeneous grids)", equal_split);
    r.add("capacity-weighted",
          "slices in proportion to p_k * Delta_k: every rank computes equally long "
          "(heterogeneous clusters, unequal p_k)",
          capacity_weighted);
    return r;
  }();
  return registry;
}

const NamedRegistry<DecompositionPolicy>& decomposition_policies() { return decomposition_registry(); }

ISOGRID_POLICY_FAMILY(decomposition_registry);

std::vector<size_t> cluster_of_ranks(const std::vector<ClusterShape>& clusters)
{
  std::vector<size_t> out;
  for (size_t k = 0; k < clusters.size(); ++k)
    out.insert(out.end(), clusters[k].ranks, k);
  return out;
}

}  // namespace isogrid::stencil
