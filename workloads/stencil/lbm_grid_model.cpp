#include "policies/stencil/decomposition.hpp"
#include "simulator/core/random.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/stencil/grid_speedup_formulas.hpp"
#include "workloads/stencil/lbm_models.hpp"
#include "workloads/stencil/lbm_platform.hpp"
#include "workloads/stencil/lbm_skeleton.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace isogrid::stencil {

namespace {

enum Metric { kTime, kReference, kSpeedup, kGridSpeedup, kGridEfficiency, kGrain, kBeta, kAlpha, kOneProcessor };

ModelInfo make_info()
{
  ModelInfo info;
  info.name    = "lbm-grid";
  info.summary = "Grid speedup of a strip-decomposed LBM stencil over C clusters of p processors: eq. 4.26/4.33 "
                 "and the halo-exchange skeleton on SimGrid";
  info.source = "V. Korkhov, Hierarchical resource management in grid computing, PhD thesis (UvA 2009), Ch. 4";
  info.params.push_back(positive_real("N_x", "tube length, in lattice slices along the decomposed axis"));
  info.params.push_back(whole_number("N_y", "tube width: the cross-section is N_y x N_y lattice points", std::nullopt));
  info.params.push_back(whole_number("C", "number of clusters (computing elements)", 1.0));
  ParamSpec p = whole_number("p", "processors per cluster; a number or C values (unequal clusters)");
  p.kind      = ParamKind::RealOrList;
  info.params.push_back(p);
  info.params.push_back(whole_number("K", "time steps simulated (the chapter's constants are per run: K = 1 is one "
                                           "of its runs; Gamma and gamma do not depend on K)",
                                      1.0));
  info.params.push_back(policy_choice("decomposition", "stencil-decomposition", "equal",
                                      "how slices are spread over clusters and ranks"));
  add_lbm_platform_params(info.params);

  info.metrics = {
      {"time", "T_C^p: the run on C clusters of p processors (eq. 4.26)", "s"},
      {"reference_time", "T_1^p: the fastest single cluster alone (eq. 4.25 with 2 N_y^2 tau_comm)", "s"},
      {"speedup", "T_1^1 / T_C^p, against one processor (eq. 4.12)", ""},
      {"grid_speedup", "Gamma = T_1^p / T_C^p (eqs. 4.16, 4.33)", ""},
      {"grid_efficiency", "gamma = Gamma / C (eq. 4.17)", ""},
      {"grain_size", "G = N_x / (p C), slices per processor (eq. 4.31)", ""},
      {"beta", "beta = N_x / (p Delta tau_comm) (eq. 4.33)", ""},
      {"alpha", "alpha = tau_grid / tau_comm (eq. 4.33)", ""},
      {"one_processor_time", "T_1^1 = N_x N_y^2 / Delta (eq. 4.23)", "s"},
  };
  info.primary_metric = "time";
  info.simgrid_config = sg::exact_network_config();
  return info;
}

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

void fill_parameters_of_the_case(const Point& point, const LbmRequest& r, const Calibration& cal,
                                 std::vector<double>& face)
{
  double nx        = point.number("N_x");
  double ranks     = 0;
  for (size_t p : r.ranks)
    ranks += static_cast<double>(p);
  face[kGrain] = nx / ranks;
  face[kBeta]  = nx / (static_cast<double>(r.ranks[0]) * cal.delta[0] * cal.tau_comm);
  face[kAlpha] = cal.tau_grid / cal.tau_comm;
}

void predict_with(const Point& point, const LbmRequest& r, const Calibration& cal, Outcome& out)
{
  double nx = point.number("N_x"), ny = static_cast<double>(point.integer("N_y"));
  double steps = static_cast<double>(point.integer("K"));
  const std::string& policy = point.text("decomposition");
  auto& f = out.predicted;
  fill_parameters_of_the_case(point, r, cal, f);

  LbmCase base{nx, ny, r.clusters, r.ranks[0], cal.delta[0], cal.tau_comm, cal.tau_grid};
  if (homogeneous(r, cal, policy)) {
    f[kTime]      = steps * multi_cluster_time(base);
    f[kReference] = steps * single_cluster_time(base);
  } else {
    // Sec. 4.3.3: the slowest rank's computation, then the same communication terms as eq. 4.26.
    std::vector<double> shares = decomposition_policies().get(policy)(shapes(r, cal.delta), nx);
    std::vector<size_t> owner  = cluster_of_ranks(shapes(r, cal.delta));
    double slowest             = 0;
    for (size_t i = 0; i < shares.size(); ++i)
      slowest = std::max(slowest, shares[i] * ny * ny / cal.delta[owner[i]]);
    f[kTime]      = steps * (slowest + (r.clusters > 1 ? ny * ny * (cal.tau_comm + cal.tau_grid) : 0));
    f[kReference] = INFINITY;  // the fastest single cluster (Sec. 4.3.3's suggestion)
    for (size_t k = 0; k < r.clusters; ++k) {
      LbmCase alone{nx, ny, 1, r.ranks[k], cal.delta[k], cal.tau_comm, cal.tau_grid};
      f[kReference] = std::min(f[kReference], steps * single_cluster_time(alone));
    }
  }
  f[kOneProcessor]   = steps * nx * ny * ny / cal.delta[0];
  f[kSpeedup]        = f[kOneProcessor] / f[kTime];
  f[kGridSpeedup]    = f[kReference] / f[kTime];
  f[kGridEfficiency] = f[kGridSpeedup] / static_cast<double>(r.clusters);
}

// Background load for one run: with probability q, one random rank's node carries another user's job of weight
// U(0, max) for the whole run (the chapter's outliers: 1-2 of 8 runs up to 30 % slower).
void draw_noise(const Point& point, SeededRandom& random, size_t ranks, StencilRun& run)
{
  double q = point.number("noise_probability"), max = point.number("noise_max");
  double u = random.uniform(), pick = random.uniform(), weight = random.uniform(0, max);  // always three draws
  if (u < q) {
    run.loaded_rank = std::min(ranks - 1, static_cast<size_t>(pick * static_cast<double>(ranks)));
    run.load_weight = weight;
  }
}

class LbmGridModel : public Model {
public:
  const ModelInfo& info() const override { return info_; }

  void check(const Point& p) const override
  {
    auto C = static_cast<size_t>(p.integer("C"));
    for (const char* name : {"p", "delta"})
      if (auto* list = std::get_if<std::vector<double>>(&p.get(name)); list && list->size() != C)
        throw ParamError(name, fmt::format("{} lists {} values but C = {}", name, list->size(), C));
    for (double x : p.per_worker("p", C))
      if (x < 1 || x != std::floor(x))
        throw ParamError("p", fmt::format("p must be whole numbers >= 1, got {}", x));
  }

  bool predict_needs_simulator(const Point& p) const override { return !p.text("platform").empty(); }

  void predict(const Point& p, Outcome& out) const override
  {
    LbmRequest r = LbmRequest::from_point(p);
    predict_with(p, r, Calibration{r.delta, r.tau_comm, r.tau_grid}, out);
  }

  void simulate(const Point& p, const SimulationContext& context, Outcome& out) const override
  {
    sg::Session session(context.simgrid_config, context.simgrid_logs);
    LbmRequest r          = LbmRequest::from_point(p);
    LbmPlatform platform  = set_up_lbm_platform(r);
    Calibration cal       = calibration_of(platform);
    if (!r.platform.empty())
      predict_with(p, r, cal, out);

    double nx = p.number("N_x"), ny = static_cast<double>(p.integer("N_y"));
    int steps = static_cast<int>(p.integer("K"));
    std::vector<double> shares = decomposition_policies().get(p.text("decomposition"))(shapes(r, cal.delta), nx);
    SeededRandom random(p.seed);
    auto& f = out.simulated;

    sg::spawn("driver", platform.clusters[0][0], [&] {
      // The multi-cluster run.
      StencilRun grid = stencil_run("grid", platform.clusters, r.ranks, shares, ny, r, steps);
      draw_noise(p, random, grid.hosts.size(), grid);
      f[kTime] = run_stencil(grid);
      // The fastest single cluster, each alone with the whole tube (the run itself when C = 1).
      f[kReference] = r.clusters == 1 ? f[kTime] : INFINITY;
      for (size_t k = 0; r.clusters > 1 && k < r.clusters; ++k) {
        std::vector<ClusterShape> alone = {{r.ranks[k], cal.delta[k]}};
        StencilRun ref = stencil_run(fmt::format("ref{}", k), {platform.clusters[k]}, {r.ranks[k]},
                                     decomposition_policies().get("equal")(alone, nx), ny, r, steps);
        draw_noise(p, random, ref.hosts.size(), ref);
        f[kReference] = std::min(f[kReference], run_stencil(ref));
      }
      // One processor of the first cluster, for the classical speedup.
      StencilRun one = stencil_run("one", {platform.clusters[0]}, {1}, {nx}, ny, r, steps);
      f[kOneProcessor] = run_stencil(one);
    });
    session.run();

    fill_parameters_of_the_case(p, r, cal, f);
    f[kSpeedup]        = f[kOneProcessor] / f[kTime];
    f[kGridSpeedup]    = f[kReference] / f[kTime];
    f[kGridEfficiency] = f[kGridSpeedup] / static_cast<double>(r.clusters);
  }

private:
  ModelInfo info_ = make_info();
};

}  // namespace

void add_lbm_platform_params(std::vector<ParamSpec>& params)
{
  ParamSpec delta = positive_real("delta", "Delta: lattice updates per second per processor; a number or C values "
                                           "(generated platforms)",
                                  1.3e5);
  delta.kind = ParamKind::RealOrList;
  params.push_back(delta);
  params.push_back(positive_real("tau_comm", "seconds per boundary point inside a cluster (generated platforms)", 5e-6));
  params.push_back(positive_real("tau_grid", "seconds per boundary point between clusters (generated platforms)", 3e-5));
  params.push_back(platform_file("platform file (e.g. platforms/das2.yaml): its first C clusters are used and Delta, "
                                 "tau_comm, tau_grid are read off it; without one, a multi-cluster is generated from "
                                 "delta, tau_comm, tau_grid",
                                 true));
  params.push_back(positive_real("update_flops", "flops of one lattice update (host speed = Delta x this)", 7500.0));
  params.push_back(positive_real("point_bytes", "bytes of one boundary point (bandwidth = this / tau)", 1200.0));
  ParamSpec q = nonnegative_real("noise_probability", "probability that a run has another user's job on one of "
                                                      "its nodes (0: no noise)",
                                 0.0);
  q.max = 1;
  params.push_back(q);
  params.push_back(nonnegative_real("noise_max", "that job's CPU share weight, drawn uniformly in [0, noise_max]: "
                                                 "the node runs up to 1 + noise_max times slower",
                                    0.3));
}

std::unique_ptr<Model> make_lbm_grid_model() { return std::make_unique<LbmGridModel>(); }

}  // namespace isogrid::stencil
