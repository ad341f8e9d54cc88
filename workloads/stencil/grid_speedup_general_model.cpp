// grid-speedup-general: the hierarchical decomposition model of Sec. 4.3 for a purely parallel workload W_p, with
// overheads the user gives as Q(W) = const + coef * W^exp:
//   T_{1,1} = W/Delta,  T_{1,p} = W/(p Delta) + Q_2(W, p),  T_{C,p} = W/(pC Delta) + Q_2(W/C, p) + Q_1(W, C)  (4.11)
//   S_p^C = T_{1,1}/T_{C,p} = pC / (1 + f_2(W/C, p) + f_1(W, p, C))                               (4.12-4.15)
//   Gamma = T_{1,p}/T_{C,p} = C / (1 + g_2 + g_1)                                                  (4.16, 4.18-4.20)
// Both forms of each speedup are computed, so that the identities can be checked, and g_2's sign shows whether the
// level-2 overhead grows faster (g_2 > 0), slower (< 0, super-linear Gamma) or as fast (= 0) as the workload.
#include "workloads/stencil/lbm_models.hpp"

#include <cmath>

namespace isogrid::stencil {

namespace {

enum Metric {
  kT11, kT1p, kTCp, kSpeedup, kSpeedupClosed, kF1, kF2, kGridSpeedup, kGridSpeedupClosed, kG1, kG2, kGridEfficiency
};

ModelInfo make_info()
{
  ModelInfo info;
  info.name    = "grid-speedup-general";
  info.summary = "Hierarchical decomposition over C computing elements of p processors with user-given overheads "
                 "Q_1, Q_2 (eqs. 4.11-4.21): speedup, Grid speedup and their overhead functions";
  info.source = "V. Korkhov, PhD thesis (UvA 2009), Sec. 4.3";
  info.params.push_back(positive_real("W", "purely parallel workload W_p (e.g. Mflop)"));
  info.params.push_back(positive_real("delta", "Delta, capacity of one processor (e.g. Mflop/s)", 1.0));
  info.params.push_back(whole_number("p", "processors per computing element", 1.0));
  info.params.push_back(whole_number("C", "computing elements", 1.0));
  info.params.push_back(nonnegative_real("q2_const", "Q_2(W, p) = q2_const + q2_coef W^q2_exp for p > 1 (s)", 0.0));
  info.params.push_back(nonnegative_real("q2_coef", "see q2_const", 0.0));
  info.params.push_back(nonnegative_real("q2_exp", "see q2_const", 1.0));
  info.params.push_back(nonnegative_real("q1_const", "Q_1(W, C) = q1_const + q1_coef W^q1_exp for C > 1 (s)", 0.0));
  info.params.push_back(nonnegative_real("q1_coef", "see q1_const", 0.0));
  info.params.push_back(nonnegative_real("q1_exp", "see q1_const", 1.0));
  info.metrics = {
      {"T_11", "W / Delta", "s"},
      {"T_1p", "one element of p processors (eq. 4.6)", "s"},
      {"T_Cp", "C elements of p processors (eq. 4.11)", "s"},
      {"speedup", "S_p^C = T_11 / T_Cp (eq. 4.12)", ""},
      {"speedup_closed_form", "pC / (1 + f_2 + f_1) (eq. 4.13): equals speedup", ""},
      {"f_1", "pC Delta Q_1(W, C) / W (eq. 4.14)", ""},
      {"f_2", "p Delta Q_2(W/C, p) / (W/C) (eq. 4.15)", ""},
      {"grid_speedup", "Gamma = T_1p / T_Cp (eq. 4.16)", ""},
      {"grid_speedup_closed_form", "C / (1 + g_2 + g_1) (eq. 4.18): equals grid_speedup", ""},
      {"g_1", "C Q_1(W, C) / T_1p (eq. 4.19)", ""},
      {"g_2", "(C Q_2(W/C, p) - Q_2(W, p)) / T_1p (eq. 4.20)", ""},
      {"grid_efficiency", "Gamma / C (eq. 4.17)", ""},
  };
  info.primary_metric = "grid_speedup";
  info.can_simulate   = false;
  return info;
}

class GridSpeedupGeneralModel : public Model {
public:
  const ModelInfo& info() const override { return info_; }

  void predict(const Point& pt, Outcome& out) const override
  {
    double W = pt.number("W"), delta = pt.number("delta");
    auto p = static_cast<double>(pt.integer("p")), C = static_cast<double>(pt.integer("C"));
    auto q2 = [&](double w) {
      return p > 1 ? pt.number("q2_const") + pt.number("q2_coef") * std::pow(w, pt.number("q2_exp")) : 0.0;
    };
    double q1 = C > 1 ? pt.number("q1_const") + pt.number("q1_coef") * std::pow(W, pt.number("q1_exp")) : 0.0;

    auto& f         = out.predicted;
    f[kT11]         = W / delta;
    f[kT1p]         = W / (p * delta) + q2(W);
    f[kTCp]         = W / (p * C * delta) + q2(W / C) + q1;
    f[kSpeedup]     = f[kT11] / f[kTCp];
    f[kF1]          = p * C * delta * q1 / W;
    f[kF2]          = p * delta * q2(W / C) / (W / C);
    f[kSpeedupClosed] = p * C / (1 + f[kF2] + f[kF1]);
    f[kGridSpeedup] = f[kT1p] / f[kTCp];
    f[kG1]          = C * q1 / f[kT1p];
    f[kG2]          = (C * q2(W / C) - q2(W)) / f[kT1p];
    f[kGridSpeedupClosed] = C / (1 + f[kG2] + f[kG1]);
    f[kGridEfficiency]    = f[kGridSpeedup] / C;
  }

  void simulate(const Point&, const SimulationContext&, Outcome&) const override {}

private:
  ModelInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Model> make_grid_speedup_general_model() { return std::make_unique<GridSpeedupGeneralModel>(); }

}  // namespace isogrid::stencil
