// lbm-estimation: the chapter's way of measuring its infrastructure (Sec. 4.4.2), run on the simulated platform:
//   Delta    = N_x N_y^2 / T_1^1                                            (eq. 4.27)
//   tau_comm = (T_1^p - N_x N_y^2/(p Delta)) / (2 N_y^2)                   (eq. 4.28, with E1's 2 N_y^2)
//   tau_grid = T_C^p / N_y^2 - N_x/(p C Delta) - tau_comm                   (eq. 4.29)
//   tau_grid = tau_comm + (T_C^p - T_1^{pC}) / N_y^2                        (eq. 4.30)
// The predicted face holds the constants the platform was calibrated with, so a run shows how well the procedure
// recovers them.
#include "policies/stencil/decomposition.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/stencil/lbm_models.hpp"
#include "workloads/stencil/lbm_platform.hpp"
#include "workloads/stencil/lbm_skeleton.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace isogrid::stencil {

namespace {

enum Metric { kDelta, kTauComm, kTauGrid, kTauGridDifference, kAlpha };

ModelInfo make_info()
{
  ModelInfo info;
  info.name    = "lbm-estimation";
  info.summary = "Korkhov's measurement campaign (eqs. 4.27-4.30) on the simulated platform: recovers Delta, tau_comm "
                 "and tau_grid from run times";
  info.source = "V. Korkhov, PhD thesis (UvA 2009), Sec. 4.4.2";
  info.params.push_back(positive_real("N_x", "tube length of the measurement runs"));
  info.params.push_back(whole_number("N_y", "tube width of the measurement runs"));
  info.params.push_back(whole_number("p",
                                     "processors per cluster in the single- and multi-cluster runs (>= 3: with two "
                                     "ranks a chain has a single exchange per step)",
                                     8.0, 3));
  info.params.push_back(whole_number("C", "clusters in the multi-cluster run", 2.0, 2));
  add_lbm_platform_params(info.params);
  info.metrics = {
      {"delta", "Delta, lattice updates per second (eq. 4.27)", "LUP/s"},
      {"tau_comm", "seconds per boundary point inside a cluster (eq. 4.28)", "s"},
      {"tau_grid", "seconds per boundary point between clusters (eq. 4.29)", "s"},
      {"tau_grid_difference", "tau_grid from a C-cluster run against one cluster of pC processors (eq. 4.30)", "s"},
      {"alpha", "tau_grid / tau_comm", ""},
  };
  info.primary_metric = "tau_grid";
  info.simgrid_config = sg::exact_network_config();
  return info;
}

// The request behind a measurement run: p ranks in each of C clusters, and one cluster large enough for pC ranks.
LbmRequest request_of(const Point& point)
{
  auto clusters = static_cast<size_t>(point.integer("C"));
  auto p        = static_cast<size_t>(point.integer("p"));
  std::vector<size_t> ranks(clusters, p);
  ranks[0] = p * clusters;  // the single-cluster run of eq. 4.30 uses pC ranks of cluster 0
  return LbmRequest::from_point(point, ranks);
}

// `clusters` clusters of `ranks` processors each, the tube split equally.
StencilRun chain(const std::string& tag, const LbmPlatform& platform, size_t clusters, size_t ranks, double nx,
                 double ny, const LbmRequest& r)
{
  std::vector<std::vector<sg::Host*>> hosts(platform.clusters.begin(), platform.clusters.begin() + static_cast<long>(clusters));
  std::vector<double> shares(clusters * ranks, nx / static_cast<double>(clusters * ranks));
  return stencil_run(tag, hosts, std::vector<size_t>(clusters, ranks), shares, ny, r, 1);
}

class LbmEstimationModel : public Model {
public:
  const ModelInfo& info() const override { return info_; }

  bool predict_needs_simulator(const Point& p) const override { return !p.text("platform").empty(); }

  void predict(const Point& p, Outcome& out) const override
  {
    LbmRequest r = request_of(p);
    fill_truth(r.delta[0], r.tau_comm, r.tau_grid, out);
  }

  void simulate(const Point& p, const SimulationContext& context, Outcome& out) const override
  {
    sg::Session session(context.simgrid_config, context.simgrid_logs);
    LbmRequest r         = request_of(p);
    LbmPlatform platform = set_up_lbm_platform(r);
    if (!r.platform.empty())
      fill_truth(platform.delta[0], platform.tau_comm[0], platform.tau_grid[0], out);

    double nx = p.number("N_x"), ny = static_cast<double>(p.integer("N_y"));
    auto ranks = static_cast<size_t>(p.integer("p"));
    size_t C   = r.clusters;
    double t11 = 0, t1p = 0, tcp = 0, t1pc = 0;
    sg::spawn("driver", platform.clusters[0][0], [&] {
      t11  = run_stencil(chain("one", platform, 1, 1, nx, ny, r));
      t1p  = run_stencil(chain("single", platform, 1, ranks, nx, ny, r));
      tcp  = run_stencil(chain("multi", platform, C, ranks, nx, ny, r));
      t1pc = run_stencil(chain("wide", platform, 1, ranks * C, nx, ny, r));
    });
    session.run();

    double lattice = nx * ny * ny, halo = ny * ny;
    auto& f        = out.simulated;
    f[kDelta]      = lattice / t11;
    f[kTauComm]    = (t1p - lattice / (static_cast<double>(ranks) * f[kDelta])) / (2 * halo);
    f[kTauGrid]    = tcp / halo - nx / (static_cast<double>(ranks * C) * f[kDelta]) - f[kTauComm];
    f[kTauGridDifference] = f[kTauComm] + (tcp - t1pc) / halo;
    f[kAlpha]      = f[kTauGrid] / f[kTauComm];
  }

private:
  static void fill_truth(double delta, double tau_comm, double tau_grid, Outcome& out)
  {
    out.predicted[kDelta]             = delta;
    out.predicted[kTauComm]           = tau_comm;
    out.predicted[kTauGrid]           = tau_grid;
    out.predicted[kTauGridDifference] = tau_grid;
    out.predicted[kAlpha]             = tau_grid / tau_comm;
  }

  ModelInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Model> make_lbm_estimation_model() { return std::make_unique<LbmEstimationModel>(); }

}  // namespace isogrid::stencil
