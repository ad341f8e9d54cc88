#pragma once
// Models of Korkhov (2009), Ch. 4: Grid speedup of a strip-decomposed LBM solver over a multi-cluster.
//  - lbm-grid: one (N_x, N_y, C, p) case, both faces: eq. 4.26/4.33 and the skeleton on SimGrid;
//  - lbm-estimation: the chapter's measurement campaign (eqs. 4.27-4.30) run on the simulated platform;
//  - grid-speedup-general: the general hierarchical model (eqs. 4.11-4.21) with user-given overheads Q_1, Q_2.
// Their parameters and metrics, each declared once in its schema.
#include "simulator/core/model_schema.hpp"

#include <memory>
#include <string>

namespace isogrid::stencil {

// What the two LBM models share: the platform (generated from the calibration constants, or a file), and noise.
struct LbmPlatformParams {
  NumberOrList delta = 1.3e5;
  double tau_comm = 5e-6, tau_grid = 3e-5;
  std::string platform;
  double update_flops = 7500, point_bytes = 1200;
  double noise_probability = 0, noise_max = 0.3;
};

struct LbmGridParams : LbmPlatformParams {
  double N_x    = 0;
  long long N_y = 0, C = 1;
  NumberOrList p;  // one for all clusters, or one per cluster
  long long K               = 1;
  std::string decomposition = "equal";
};

// The metric columns of each model, in order; each is documented in its schema.
struct LbmGridMetrics {
  double time, reference_time, speedup, grid_speedup, grid_efficiency;
  double grain_size, beta, alpha, one_processor_time;
};

struct LbmEstimationParams : LbmPlatformParams {
  double N_x    = 0;
  long long N_y = 0, p = 8, C = 2;
};

struct LbmEstimationMetrics {
  double delta, tau_comm, tau_grid, tau_grid_difference, alpha;
};

struct GridSpeedupGeneralParams {
  double W = 0, delta = 1;
  long long p = 1, C = 1;
  double q2_const = 0, q2_coef = 0, q2_exp = 1;  // Q_2(W, p) = q2_const + q2_coef W^q2_exp
  double q1_const = 0, q1_coef = 0, q1_exp = 1;  // Q_1(W, C)
};

struct GridSpeedupGeneralMetrics {
  double T_11, T_1p, T_Cp;
  double speedup, speedup_closed_form, f_1, f_2;
  double grid_speedup, grid_speedup_closed_form, g_1, g_2, grid_efficiency;
};

const ModelSchema<LbmGridParams, LbmGridMetrics>& lbm_grid_schema();
const ModelSchema<LbmEstimationParams, LbmEstimationMetrics>& lbm_estimation_schema();
const ModelSchema<GridSpeedupGeneralParams, GridSpeedupGeneralMetrics>& grid_speedup_general_schema();

std::unique_ptr<Model> make_lbm_grid_model();
std::unique_ptr<Model> make_lbm_estimation_model();
std::unique_ptr<Model> make_grid_speedup_general_model();

// The shared platform parameters, declared after a model's own (P derives from LbmPlatformParams).
template <class P, class M>
void declare_lbm_platform_params(ModelSchema<P, M>& s)
{
  s.template param<NumberOrList>("delta", &P::delta,
                                 "Delta: lattice updates per second per processor; a number or C values (generated "
                                 "platforms)")
      .positive()
      .length_of("C")
      .label("processor capacity Δ")
      .unit("LUP/s");
  s.template param<double>("tau_comm", &P::tau_comm,
                           "seconds per boundary point inside a cluster (generated platforms)")
      .positive()
      .label("cluster boundary time τ_comm")
      .unit("s");
  s.template param<double>("tau_grid", &P::tau_grid,
                           "seconds per boundary point between clusters (generated platforms)")
      .positive()
      .label("grid boundary time τ_grid")
      .unit("s");
  s.template param<std::string>("platform", &P::platform,
                                "platform file (e.g. platforms/das2.yaml): its first C clusters are used and Delta, "
                                "tau_comm, tau_grid are read off it; without one, a multi-cluster is generated from "
                                "delta, tau_comm, tau_grid")
      .platform()
      .label("platform");
  s.template param<double>("update_flops", &P::update_flops, "flops of one lattice update (host speed = Delta x this)")
      .positive()
      .label("work per lattice update")
      .unit("flop");
  s.template param<double>("point_bytes", &P::point_bytes, "bytes of one boundary point (bandwidth = this / tau)")
      .positive()
      .label("boundary point size")
      .unit("B");
  s.template param<double>("noise_probability", &P::noise_probability,
                           "probability that a run has another user's job on one of its nodes (0: no noise)")
      .non_negative()
      .at_most(1)
      .label("noise probability")
      .unitless();
  s.template param<double>("noise_max", &P::noise_max,
                           "that job's CPU share weight, drawn uniformly in [0, noise_max]: the node runs up to 1 + "
                           "noise_max times slower")
      .non_negative()
      .label("max noise weight")
      .unitless();
}

}  // namespace isogrid::stencil
