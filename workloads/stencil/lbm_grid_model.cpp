#include "base/random.hpp"
#include "policies/stencil/decomposition.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/stencil/grid_speedup_formulas.hpp"
#include "workloads/stencil/lbm_models.hpp"
#include "workloads/stencil/lbm_platform.hpp"
#include "workloads/stencil/lbm_skeleton.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <optional>

namespace isogrid::stencil {

using Params  = LbmGridParams;
using Metrics = LbmGridMetrics;

namespace {

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("lbm-grid",
             "Grid speedup of a strip-decomposed LBM stencil over C clusters of p processors: eq. 4.26/4.33 and the "
             "halo-exchange skeleton on SimGrid",
             "V. Korkhov, Hierarchical resource management in grid computing, PhD thesis (UvA 2009), Ch. 4");
  s.param("N_x", &Params::N_x, "tube length, in lattice slices along the decomposed axis")
      .required()
      .positive()
      .label("tube length N_x")
      .unitless();
  s.param("N_y", &Params::N_y, "tube width: the cross-section is N_y x N_y lattice points")
      .required()
      .at_least(1)
      .label("tube width N_y")
      .unitless();
  s.param("C", &Params::C, "number of clusters (computing elements)").at_least(1).label("clusters C").unitless();
  s.param("p", &Params::p, "processors per cluster; a number or C values (unequal clusters)")
      .required()
      .at_least(1)
      .length_of("C")
      .label("processors per cluster p")
      .unitless();
  s.param("K", &Params::K,
          "time steps simulated (the chapter's constants are per run: K = 1 is one of its runs; Gamma and gamma do "
          "not depend on K)")
      .at_least(1)
      .label("time steps K")
      .unitless();
  s.param("decomposition", &Params::decomposition, "how slices are spread over clusters and ranks")
      .policy(decomposition_policies())
      .label("decomposition");
  declare_lbm_platform_params(s);

  s.metric("time", &Metrics::time, "T_C^p: the run on C clusters of p processors (eq. 4.26)", "s")
      .label("run time T_C^p");
  s.metric("reference_time", &Metrics::reference_time,
           "T_1^p: the fastest single cluster alone (eq. 4.25 with 2 N_y^2 tau_comm)", "s")
      .label("single-cluster time T_1^p");
  s.metric("speedup", &Metrics::speedup, "T_1^1 / T_C^p, against one processor (eq. 4.12)").label("speedup").unitless();
  s.metric("grid_speedup", &Metrics::grid_speedup, "Gamma = T_1^p / T_C^p (eqs. 4.16, 4.33)")
      .label("grid speedup Γ")
      .unitless();
  s.metric("grid_efficiency", &Metrics::grid_efficiency, "gamma = Gamma / C (eq. 4.17)")
      .label("grid efficiency γ")
      .unitless();
  s.metric("grain_size", &Metrics::grain_size, "G = N_x / (p C), slices per processor (eq. 4.31)")
      .label("grain size G")
      .unitless();
  s.metric("beta", &Metrics::beta, "beta = N_x / (p Delta tau_comm) (eq. 4.33)")
      .label("compute/communication ratio β")
      .unitless();
  s.metric("alpha", &Metrics::alpha, "alpha = tau_grid / tau_comm (eq. 4.33)")
      .label("boundary time ratio α")
      .unitless();
  s.metric("one_processor_time", &Metrics::one_processor_time, "T_1^1 = N_x N_y^2 / Delta (eq. 4.23)", "s")
      .label("one-processor time T_1^1");
  s.primary(&Metrics::time);
  s.simgrid(sg::exact_network_config());
}

}  // namespace

const ModelSchema<Params, Metrics>& lbm_grid_schema() { return schema_of(declare); }

namespace {

// The calibration a prediction uses: the request's own constants, or those probed from a platform file.
struct Calibration {
  std::vector<double> delta;
  double tau_comm = 0;
  double tau_grid = 0;
};

Calibration calibration_of(const LbmPlatform& platform)
{
  Calibration c;
  c.delta    = platform.delta;
  c.tau_comm = *std::max_element(platform.tau_comm.begin(), platform.tau_comm.end());
  c.tau_grid = platform.tau_grid.empty() ? 0 : *std::max_element(platform.tau_grid.begin(), platform.tau_grid.end());
  return c;
}

std::vector<ClusterShape> shapes(const LbmRequest& r, const std::vector<double>& delta)
{
  std::vector<ClusterShape> out;
  for (size_t k = 0; k < r.clusters; ++k)
    out.push_back({r.ranks[k], delta[k]});
  return out;
}

bool homogeneous(const LbmRequest& r, const Calibration& cal, const std::string& policy)
{
  for (size_t k = 1; k < r.clusters; ++k)
    if (r.ranks[k] != r.ranks[0] || cal.delta[k] != cal.delta[0])
      return false;
  return policy == "equal" || r.clusters == 1;
}

// The processors of each cluster, from `p` (one number for all, or one per cluster).
std::vector<size_t> ranks_of(const Params& params)
{
  std::vector<size_t> ranks;
  for (double p : params.p.expanded(static_cast<size_t>(params.C)))
    ranks.push_back(static_cast<size_t>(std::llround(p)));
  return ranks;
}

void fill_parameters_of_the_case(const Params& params, const LbmRequest& r, const Calibration& cal, Metrics& face)
{
  double ranks = 0;
  for (size_t p : r.ranks)
    ranks += static_cast<double>(p);
  face.grain_size = params.N_x / ranks;
  face.beta       = params.N_x / (static_cast<double>(r.ranks[0]) * cal.delta[0] * cal.tau_comm);
  face.alpha      = cal.tau_grid / cal.tau_comm;
}

void fill_speedups(const LbmRequest& r, Metrics& f)
{
  f.speedup         = f.one_processor_time / f.time;
  f.grid_speedup    = f.reference_time / f.time;
  f.grid_efficiency = f.grid_speedup / static_cast<double>(r.clusters);
}

// Background load for one run: with probability q, one random rank's node carries another user's job of weight
// U(0, max) for the whole run (the chapter's outliers: 1-2 of 8 runs up to 30 % slower).
void draw_noise(const Params& params, SeededRandom& random, size_t ranks, StencilRun& run)
{
  double u = random.uniform(), pick = random.uniform(), weight = random.uniform(0, params.noise_max);  // three draws
  if (u < params.noise_probability) {
    run.loaded_rank = std::min(ranks - 1, static_cast<size_t>(pick * static_cast<double>(ranks)));
    run.load_weight = weight;
  }
}

// A point's request and calibration; with a platform file, the calibration read off it.
struct Decisions : LbmSetting {
  Calibration calibration;
  uint64_t seed = 0;
};

class LbmGridModel : public TypedModel<Params, Metrics, Decisions> {
public:
  LbmGridModel() : TypedModel(lbm_grid_schema()) {}

protected:
  void check(const Params& p) const override
  {
    for (double x : p.p.expanded(static_cast<size_t>(p.C)))  // the lengths are declared rules
      if (x < 1 || x != std::floor(x))
        throw ParamError("p", fmt::format("p must be whole numbers >= 1, got {}", x));
  }

  void check_on_platform(const Params& p, const PlatformFacts& platform) const override
  {
    check_request_fits(request_of(p, ranks_of(p)), platform);
  }

  FaceNeeds predicted_face_needs(const Params& p) const override
  {
    return FaceNeeds::platform_when(!p.platform.empty());
  }

  // C clusters of p_k hosts, at least two each (see lbm_platform.cpp).
  size_t simulated_hosts(const Params& p) const override
  {
    if (!p.platform.empty())
      return 0;
    double hosts = 0;
    for (double ranks : p.p.expanded(static_cast<size_t>(p.C)))
      hosts += std::max(ranks, 2.0);
    return static_cast<size_t>(hosts);
  }

  Decisions decide(const Params& p, const PointInfo& at, const SimulationContext& context) const override
  {
    Decisions decisions{{request_of(p, ranks_of(p)), std::nullopt}, {}, at.seed};
    decisions.request.seed = at.seed;
    const LbmRequest& r    = decisions.request;
    decisions.calibration =
        r.platform.empty() ? Calibration{r.delta, r.tau_comm, r.tau_grid} : calibration_of(decisions.set_up(context));
    return decisions;
  }

  void predict(const Params& params, const Decisions& decisions, Face<Metrics>& f) const override
  {
    const LbmRequest& r    = decisions.request;
    const Calibration& cal = decisions.calibration;
    double nx = params.N_x, ny = static_cast<double>(params.N_y);
    auto steps = static_cast<double>(params.K);
    fill_parameters_of_the_case(params, r, cal, f);

    LbmCase base{nx, ny, r.clusters, r.ranks[0], cal.delta[0], cal.tau_comm, cal.tau_grid};
    if (homogeneous(r, cal, params.decomposition)) {
      f.time           = steps * multi_cluster_time(base);
      f.reference_time = steps * single_cluster_time(base);
    } else {
      // Sec. 4.3.3: the slowest rank's computation, then the same communication terms as eq. 4.26.
      std::vector<double> shares = decomposition_policies().get(params.decomposition)(shapes(r, cal.delta), nx);
      std::vector<size_t> owner  = cluster_of_ranks(shapes(r, cal.delta));
      double slowest             = 0;
      for (size_t i = 0; i < shares.size(); ++i)
        slowest = std::max(slowest, shares[i] * ny * ny / cal.delta[owner[i]]);
      f.time           = steps * (slowest + (r.clusters > 1 ? ny * ny * (cal.tau_comm + cal.tau_grid) : 0));
      f.reference_time = INFINITY;  // the fastest single cluster (Sec. 4.3.3's suggestion)
      for (size_t k = 0; k < r.clusters; ++k) {
        LbmCase alone{nx, ny, 1, r.ranks[k], cal.delta[k], cal.tau_comm, cal.tau_grid};
        f.reference_time = std::min(f.reference_time, steps * single_cluster_time(alone));
      }
    }
    f.one_processor_time = steps * nx * ny * ny / cal.delta[0];
    fill_speedups(r, f);
  }

  void simulate(const Params& params, Decisions& decisions, const SimulationContext& context,
                Face<Metrics>& f) const override
  {
    sg::Session session(context.simgrid_config, context.simgrid_logs);
    const LbmRequest& r         = decisions.request;
    const LbmPlatform& platform = decisions.set_up(context);
    Calibration cal             = calibration_of(platform);

    double nx = params.N_x, ny = static_cast<double>(params.N_y);
    auto steps                 = static_cast<int>(params.K);
    std::vector<double> shares = decomposition_policies().get(params.decomposition)(shapes(r, cal.delta), nx);
    SeededRandom random(decisions.seed);

    sg::spawn("driver", platform.clusters[0][0], [&] {
      // The multi-cluster run.
      StencilRun grid = stencil_run("grid", platform.clusters, r.ranks, shares, ny, r, steps);
      draw_noise(params, random, grid.hosts.size(), grid);
      grid.timeline = context.timeline;  // the multi-cluster run only: the references run after it
      f.time        = run_stencil(grid);
      // The fastest single cluster, each alone with the whole tube (the run itself when C = 1).
      f.reference_time = r.clusters == 1 ? f.time : INFINITY;
      for (size_t k = 0; r.clusters > 1 && k < r.clusters; ++k) {
        std::vector<ClusterShape> alone = {{r.ranks[k], cal.delta[k]}};
        StencilRun ref                  = stencil_run(fmt::format("ref{}", k), {platform.clusters[k]}, {r.ranks[k]},
                                                      decomposition_policies().get("equal")(alone, nx), ny, r, steps);
        draw_noise(params, random, ref.hosts.size(), ref);
        f.reference_time = std::min(f.reference_time, run_stencil(ref));
      }
      // One processor of the first cluster, for the classical speedup.
      StencilRun one       = stencil_run("one", {platform.clusters[0]}, {1}, {nx}, ny, r, steps);
      f.one_processor_time = run_stencil(one);
    });
    session.run();

    fill_parameters_of_the_case(params, r, cal, f);
    fill_speedups(r, f);
  }
};

}  // namespace

std::unique_ptr<Model> make_lbm_grid_model() { return std::make_unique<LbmGridModel>(); }

ISOGRID_MODEL("lbm-grid", make_lbm_grid_model);

}  // namespace isogrid::stencil
