// grid-speedup-general: the hierarchical decomposition model of Sec. 4.3 for a purely parallel workload W_p, with
// overheads the user gives as Q(W) = const + coef * W^exp:
//   T_{1,1} = W/Delta,  T_{1,p} = W/(p Delta) + Q_2(W, p),  T_{C,p} = W/(pC Delta) + Q_2(W/C, p) + Q_1(W, C)  (4.11)
//   S_p^C = T_{1,1}/T_{C,p} = pC / (1 + f_2(W/C, p) + f_1(W, p, C))                               (4.12-4.15)
//   Gamma = T_{1,p}/T_{C,p} = C / (1 + g_2 + g_1)                                                  (4.16, 4.18-4.20)
// Both forms of each speedup are computed, so that the identities can be checked, and g_2's sign shows whether the
// level-2 overhead grows faster (g_2 > 0), slower (< 0, super-linear Gamma) or as fast (= 0) as the workload.
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "workloads/stencil/lbm_models.hpp"

#include <cmath>

namespace isogrid::stencil {

using Params  = GridSpeedupGeneralParams;
using Metrics = GridSpeedupGeneralMetrics;

namespace {

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("grid-speedup-general",
             "Hierarchical decomposition over C computing elements of p processors with user-given overheads Q_1, "
             "Q_2 (eqs. 4.11-4.21): speedup, Grid speedup and their overhead functions",
             "V. Korkhov, PhD thesis (UvA 2009), Sec. 4.3");
  s.param("W", &Params::W, "purely parallel workload W_p (e.g. Mflop)")
      .required()
      .positive()
      .label("workload W")
      .unit("Mflop");
  s.param("delta", &Params::delta, "Delta, capacity of one processor (e.g. Mflop/s)")
      .positive()
      .label("processor capacity Δ")
      .unit("Mflop/s");
  s.param("p", &Params::p, "processors per computing element").at_least(1).label("processors per element p").unitless();
  s.param("C", &Params::C, "computing elements").at_least(1).label("computing elements C").unitless();
  s.param("q2_const", &Params::q2_const, "Q_2(W, p) = q2_const + q2_coef W^q2_exp for p > 1 (s)")
      .non_negative()
      .label("Q_2 constant")
      .unit("s");
  s.param("q2_coef", &Params::q2_coef, "see q2_const").non_negative().label("Q_2 coefficient").unit("s/Mflop^q2_exp");
  s.param("q2_exp", &Params::q2_exp, "see q2_const").non_negative().label("Q_2 exponent").unitless();
  s.param("q1_const", &Params::q1_const, "Q_1(W, C) = q1_const + q1_coef W^q1_exp for C > 1 (s)")
      .non_negative()
      .label("Q_1 constant")
      .unit("s");
  s.param("q1_coef", &Params::q1_coef, "see q1_const").non_negative().label("Q_1 coefficient").unit("s/Mflop^q1_exp");
  s.param("q1_exp", &Params::q1_exp, "see q1_const").non_negative().label("Q_1 exponent").unitless();
  s.metric("T_11", &Metrics::T_11, "W / Delta", "s").label("one-processor time T_11");
  s.metric("T_1p", &Metrics::T_1p, "one element of p processors (eq. 4.6)", "s").label("one-element time T_1p");
  s.metric("T_Cp", &Metrics::T_Cp, "C elements of p processors (eq. 4.11)", "s").label("grid time T_Cp");
  s.metric("speedup", &Metrics::speedup, "S_p^C = T_11 / T_Cp (eq. 4.12)").label("speedup S_p^C").unitless();
  s.metric("speedup_closed_form", &Metrics::speedup_closed_form, "pC / (1 + f_2 + f_1) (eq. 4.13): equals speedup")
      .label("speedup S_p^C, closed form")
      .unitless();
  s.metric("f_1", &Metrics::f_1, "pC Delta Q_1(W, C) / W (eq. 4.14)").label("overhead function f_1").unitless();
  s.metric("f_2", &Metrics::f_2, "p Delta Q_2(W/C, p) / (W/C) (eq. 4.15)").label("overhead function f_2").unitless();
  s.metric("grid_speedup", &Metrics::grid_speedup, "Gamma = T_1p / T_Cp (eq. 4.16)").label("grid speedup Γ").unitless();
  s.metric("grid_speedup_closed_form", &Metrics::grid_speedup_closed_form,
           "C / (1 + g_2 + g_1) (eq. 4.18): equals grid_speedup")
      .label("grid speedup Γ, closed form")
      .unitless();
  s.metric("g_1", &Metrics::g_1, "C Q_1(W, C) / T_1p (eq. 4.19)").label("overhead function g_1").unitless();
  s.metric("g_2", &Metrics::g_2, "(C Q_2(W/C, p) - Q_2(W, p)) / T_1p (eq. 4.20)")
      .label("overhead function g_2")
      .unitless();
  s.metric("grid_efficiency", &Metrics::grid_efficiency, "Gamma / C (eq. 4.17)").label("grid efficiency γ").unitless();
  s.primary(&Metrics::grid_speedup);
  s.faces(true, false);
}

}  // namespace

const ModelSchema<Params, Metrics>& grid_speedup_general_schema() { return schema_of(declare); }

namespace {

class GridSpeedupGeneralModel : public TypedModel<Params, Metrics> {
public:
  GridSpeedupGeneralModel() : TypedModel(grid_speedup_general_schema()) {}

protected:
  void predict(const Params& pt, const NoDecisions&, Face<Metrics>& f) const override
  {
    double W = pt.W, delta = pt.delta;
    auto p = static_cast<double>(pt.p), C = static_cast<double>(pt.C);
    auto q2   = [&](double w) { return p > 1 ? pt.q2_const + pt.q2_coef * std::pow(w, pt.q2_exp) : 0.0; };
    double q1 = C > 1 ? pt.q1_const + pt.q1_coef * std::pow(W, pt.q1_exp) : 0.0;

    f.T_11                     = W / delta;
    f.T_1p                     = W / (p * delta) + q2(W);
    f.T_Cp                     = W / (p * C * delta) + q2(W / C) + q1;
    f.speedup                  = f.T_11 / f.T_Cp;
    f.f_1                      = p * C * delta * q1 / W;
    f.f_2                      = p * delta * q2(W / C) / (W / C);
    f.speedup_closed_form      = p * C / (1 + f.f_2 + f.f_1);
    f.grid_speedup             = f.T_1p / f.T_Cp;
    f.g_1                      = C * q1 / f.T_1p;
    f.g_2                      = (C * q2(W / C) - q2(W)) / f.T_1p;
    f.grid_speedup_closed_form = C / (1 + f.g_2 + f.g_1);
    f.grid_efficiency          = f.grid_speedup / C;
  }
};

}  // namespace

std::unique_ptr<Model> make_grid_speedup_general_model() { return std::make_unique<GridSpeedupGeneralModel>(); }

ISOGRID_MODEL("grid-speedup-general", make_grid_speedup_general_model);

}  // namespace isogrid::stencil
