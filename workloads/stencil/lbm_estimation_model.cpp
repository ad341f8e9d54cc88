// lbm-estimation: the chapter's way of measuring its infrastructure (Sec. 4.4.2), run on the simulated platform:
//   Delta    = N_x N_y^2 / T_1^1                                            (eq. 4.27)
//   tau_comm = (T_1^p - N_x N_y^2/(p Delta)) / (2 N_y^2)                   (eq. 4.28, with E1's 2 N_y^2)
//   tau_grid = T_C^p / N_y^2 - N_x/(p C Delta) - tau_comm                   (eq. 4.29)
//   tau_grid = tau_comm + (T_C^p - T_1^{pC}) / N_y^2                        (eq. 4.30)
// The predicted face holds the constants the platform was calibrated with, so a run shows how well the procedure
// recovers them.
#include "policies/stencil/decomposition.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/stencil/lbm_models.hpp"
#include "workloads/stencil/lbm_platform.hpp"
#include "workloads/stencil/lbm_skeleton.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <optional>

namespace isogrid::stencil {

using Params  = LbmEstimationParams;
using Metrics = LbmEstimationMetrics;

namespace {

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("lbm-estimation",
             "Korkhov's measurement campaign (eqs. 4.27-4.30) on the simulated platform: recovers Delta, tau_comm "
             "and tau_grid from run times",
             "V. Korkhov, PhD thesis (UvA 2009), Sec. 4.4.2");
  s.param("N_x", &Params::N_x, "tube length of the measurement runs")
      .required()
      .positive()
      .label("tube length N_x")
      .unitless();
  s.param("N_y", &Params::N_y, "tube width of the measurement runs")
      .required()
      .at_least(1)
      .label("tube width N_y")
      .unitless();
  s.param("p", &Params::p,
          "processors per cluster in the single- and multi-cluster runs (>= 3: with two ranks a chain has a single "
          "exchange per step)")
      .at_least(3)
      .label("processors per cluster p")
      .unitless();
  s.param("C", &Params::C, "clusters in the multi-cluster run").at_least(2).label("clusters C").unitless();
  declare_lbm_platform_params(s);
  s.metric("delta", &Metrics::delta, "Delta, lattice updates per second (eq. 4.27)", "LUP/s")
      .label("processor capacity Δ");
  s.metric("tau_comm", &Metrics::tau_comm, "seconds per boundary point inside a cluster (eq. 4.28)", "s")
      .label("cluster boundary time τ_comm");
  s.metric("tau_grid", &Metrics::tau_grid, "seconds per boundary point between clusters (eq. 4.29)", "s")
      .label("grid boundary time τ_grid");
  s.metric("tau_grid_difference", &Metrics::tau_grid_difference,
           "tau_grid from a C-cluster run against one cluster of pC processors (eq. 4.30)", "s")
      .label("τ_grid by difference");
  s.metric("alpha", &Metrics::alpha, "tau_grid / tau_comm").label("boundary time ratio α").unitless();
  s.primary(&Metrics::tau_grid);
  s.simgrid(sg::exact_network_config());
}

}  // namespace

const ModelSchema<Params, Metrics>& lbm_estimation_schema() { return schema_of(declare); }

namespace {

// The request behind a measurement run: p ranks in each of C clusters, and one cluster large enough for pC ranks.
LbmRequest request_for(const Params& params)
{
  auto clusters = static_cast<size_t>(params.C);
  auto p        = static_cast<size_t>(params.p);
  std::vector<size_t> ranks(clusters, p);
  ranks[0] = p * clusters;  // the single-cluster run of eq. 4.30 uses pC ranks of cluster 0
  return request_of(params, ranks);
}

// `clusters` clusters of `ranks` processors each, the tube split equally.
StencilRun chain(const std::string& tag, const LbmPlatform& platform, size_t clusters, size_t ranks, double nx,
                 double ny, const LbmRequest& r)
{
  std::vector<std::vector<sg::Host*>> hosts(platform.clusters.begin(),
                                            platform.clusters.begin() + static_cast<long>(clusters));
  std::vector<double> shares(clusters * ranks, nx / static_cast<double>(clusters * ranks));
  return stencil_run(tag, hosts, std::vector<size_t>(clusters, ranks), shares, ny, r, 1);
}

// The constants the platform was calibrated with: the request's, or those probed off a platform file, which is
// then loaded in this worker process.
struct Decisions : LbmSetting {
  double delta = 0, tau_comm = 0, tau_grid = 0;
};

class LbmEstimationModel : public TypedModel<Params, Metrics, Decisions> {
public:
  LbmEstimationModel() : TypedModel(lbm_estimation_schema()) {}

protected:
  void check_on_platform(const Params& p, const PlatformFacts& platform) const override
  {
    check_request_fits(request_for(p), platform);
  }

  FaceNeeds predicted_face_needs(const Params& p) const override
  {
    return FaceNeeds::platform_when(!p.platform.empty());
  }

  Decisions decide(const Params& p, const PointInfo& at, const SimulationContext& context) const override
  {
    Decisions decisions{{request_for(p), std::nullopt}, 0, 0, 0};
    decisions.request.seed = at.seed;
    const LbmRequest& r    = decisions.request;
    if (r.platform.empty()) {
      decisions.delta = r.delta[0], decisions.tau_comm = r.tau_comm, decisions.tau_grid = r.tau_grid;
      return decisions;
    }
    const LbmPlatform& platform = decisions.set_up(context);
    decisions.delta = platform.delta[0], decisions.tau_comm = platform.tau_comm[0],
    decisions.tau_grid = platform.tau_grid[0];
    return decisions;
  }

  void predict(const Params&, const Decisions& decisions, Face<Metrics>& f) const override
  {
    f.delta               = decisions.delta;
    f.tau_comm            = decisions.tau_comm;
    f.tau_grid            = decisions.tau_grid;
    f.tau_grid_difference = decisions.tau_grid;
    f.alpha               = decisions.tau_grid / decisions.tau_comm;
  }

  void simulate(const Params& params, Decisions& decisions, const SimulationContext& context,
                Face<Metrics>& f) const override
  {
    sg::Session session(context.simgrid_config, context.simgrid_logs);
    const LbmRequest& r         = decisions.request;
    const LbmPlatform& platform = decisions.set_up(context);

    double nx = params.N_x, ny = static_cast<double>(params.N_y);
    auto ranks = static_cast<size_t>(params.p);
    size_t C   = r.clusters;
    double t11 = 0, t1p = 0, tcp = 0, t1pc = 0;
    // The four measurement runs one after the other, each a group of the timeline when one is recorded.
    auto measure = [&](const char* tag, size_t clusters, size_t ranks_per_cluster) {
      StencilRun run = chain(tag, platform, clusters, ranks_per_cluster, nx, ny, r);
      run.timeline   = context.timeline;
      return run_stencil(run);
    };
    sg::spawn("driver", platform.clusters[0][0], [&] {
      t11  = measure("one", 1, 1);
      t1p  = measure("single", 1, ranks);
      tcp  = measure("multi", C, ranks);
      t1pc = measure("wide", 1, ranks * C);
    });
    session.run();

    double lattice = nx * ny * ny, halo = ny * ny;
    f.delta               = lattice / t11;
    f.tau_comm            = (t1p - lattice / (static_cast<double>(ranks) * f.delta)) / (2 * halo);
    f.tau_grid            = tcp / halo - nx / (static_cast<double>(ranks * C) * f.delta) - f.tau_comm;
    f.tau_grid_difference = f.tau_comm + (tcp - t1pc) / halo;
    f.alpha               = f.tau_grid / f.tau_comm;
  }
};

}  // namespace

std::unique_ptr<Model> make_lbm_estimation_model() { return std::make_unique<LbmEstimationModel>(); }

ISOGRID_MODEL("lbm-estimation", make_lbm_estimation_model);

}  // namespace isogrid::stencil
