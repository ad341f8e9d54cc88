#pragma once
// Korkhov (2009), Ch. 4: the LBM execution-time model and Grid speedup, with the chapter's errata applied
// (shared notes A.1.9): the single-cluster communication term is 2 N_y^2 tau_comm (E1, E2), and a single processor
// communicates with nobody (E6).
#include <cstddef>

namespace isogrid::stencil {

struct LbmCase {
  double nx       = 0;      // N_x, slices along the tube
  double ny       = 0;      // N_y = N_z, the square cross-section's side
  size_t clusters = 1;      // C
  size_t ranks    = 1;      // p, per cluster
  double delta    = 1.3e5;  // Delta, lattice updates per second per processor
  double tau_comm = 5e-6;   // s per boundary point inside a cluster
  double tau_grid = 3e-5;   // s per boundary point between clusters
};

// T_{C=1}^p = N_x N_y^2/(p Delta) + 2 N_y^2 tau_comm (eq. 4.25 with E1); N_x N_y^2/Delta when p = 1 (eq. 4.23).
double single_cluster_time(const LbmCase& c);
// T_C^p = N_x N_y^2/(p C Delta) + N_y^2 (tau_comm + tau_grid) (eq. 4.26); single_cluster_time when C = 1.
double multi_cluster_time(const LbmCase& c);
// G = N_x/(pC) (eq. 4.31); alpha = tau_grid/tau_comm; beta = N_x/(p Delta tau_comm) (eq. 4.33).
double grain_size(const LbmCase& c);
double alpha(const LbmCase& c);
double beta(const LbmCase& c);
// Gamma = C/(1 + (C(alpha+1) - 2)/(beta + 2)) (eq. 4.33) for C >= 2, 1 for C = 1; gamma = Gamma/C.
double grid_speedup(const LbmCase& c);
double grid_efficiency(const LbmCase& c);
// The design rule (eq. 4.35): gamma >= gamma0 needs beta > gamma0 (C(alpha+1) - 2)/(1 - gamma0) - 2,
// i.e. N_x >= beta_min Delta tau_comm p (eqs. 4.37-4.39).
double beta_min(double gamma0, size_t clusters, double alpha);

}  // namespace isogrid::stencil
