#include "workloads/stencil/grid_speedup_formulas.hpp"

namespace isogrid::stencil {

namespace {
double lattice(const LbmCase& c) { return c.nx * c.ny * c.ny; }
double halo(const LbmCase& c) { return c.ny * c.ny; }
}  // namespace

double single_cluster_time(const LbmCase& c)
{
  double compute = lattice(c) / (static_cast<double>(c.ranks) * c.delta);
  return c.ranks == 1 ? compute : compute + 2 * halo(c) * c.tau_comm;
}

double multi_cluster_time(const LbmCase& c)
{
  if (c.clusters == 1)
    return single_cluster_time(c);
  return lattice(c) / (static_cast<double>(c.ranks * c.clusters) * c.delta) + halo(c) * (c.tau_comm + c.tau_grid);
}

double grain_size(const LbmCase& c) { return c.nx / static_cast<double>(c.ranks * c.clusters); }

double alpha(const LbmCase& c) { return c.tau_grid / c.tau_comm; }

double beta(const LbmCase& c) { return c.nx / (static_cast<double>(c.ranks) * c.delta * c.tau_comm); }

double grid_speedup(const LbmCase& c)
{
  if (c.clusters == 1)  // the closed form describes C >= 2; one cluster is its own reference
    return 1;
  auto C = static_cast<double>(c.clusters);
  return C / (1 + (C * (alpha(c) + 1) - 2) / (beta(c) + 2));
}

double grid_efficiency(const LbmCase& c) { return grid_speedup(c) / static_cast<double>(c.clusters); }

double beta_min(double gamma0, size_t clusters, double a)
{
  return gamma0 * (static_cast<double>(clusters) * (a + 1) - 2) / (1 - gamma0) - 2;
}

}  // namespace isogrid::stencil
