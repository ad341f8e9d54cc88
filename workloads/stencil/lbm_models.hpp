#pragma once
// Models of Korkhov (2009), Ch. 4: Grid speedup of a strip-decomposed LBM solver over a multi-cluster.
//  - lbm-grid: one (N_x, N_y, C, p) case, both faces: eq. 4.26/4.33 and the skeleton on SimGrid;
//  - lbm-estimation: the chapter's measurement campaign (eqs. 4.27-4.30) run on the simulated platform;
//  - grid-speedup-general: the general hierarchical model (eqs. 4.11-4.21) with user-given overheads Q_1, Q_2.
#include "simulator/core/model.hpp"

#include <memory>

namespace isogrid::stencil {

std::unique_ptr<Model> make_lbm_grid_model();
std::unique_ptr<Model> make_lbm_estimation_model();
std::unique_ptr<Model> make_grid_speedup_general_model();

// Parameters the two LBM models share (platform, calibration, noise), appended to `params`.
void add_lbm_platform_params(std::vector<ParamSpec>& params);

}  // namespace isogrid::stencil
