#pragma once
// The multi-cluster an LBM point runs on: generated from the calibration constants (C clusters of p_k hosts,
// Delta_k, tau_comm, tau_grid) or loaded from a platform file (its first C clusters, e.g. platforms/das2.yaml), then
// read back through the same probe, so that the closed form always uses the constants the simulated platform has.
#include "simulator/core/model.hpp"
#include "simulator/sg/messaging.hpp"
#include "workloads/stencil/lbm_models.hpp"
#include "workloads/stencil/lbm_skeleton.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace isogrid::stencil {

// What a point asks for (parameters of the lbm-* models).
struct LbmRequest {
  size_t clusters = 1;
  std::vector<size_t> ranks;   // p_k, one per cluster
  std::vector<double> delta;   // Delta_k (generated platforms)
  double tau_comm = 5e-6;      // (generated platforms)
  double tau_grid = 3e-5;      // (generated platforms)
  std::string platform;        // a platform file, or "" to generate
  double update_flops = 7500;  // flops of one lattice update
  double point_bytes  = 1200;  // bytes of one boundary point
  std::uint64_t seed  = 0;     // the point's: what a platform file's declared background load is drawn from
};

// The request of a point whose clusters have `ranks` processors each (delta must give one value or one per cluster).
LbmRequest request_of(const LbmPlatformParams& params, std::vector<size_t> ranks);

struct LbmPlatform {
  std::vector<std::vector<sg::Host*>> clusters;  // hosts per cluster, in rank order
  std::vector<double> delta;                     // per cluster: host speed / update_flops
  std::vector<double> tau_comm;                  // per cluster: point_bytes / bandwidth between two of its hosts
  std::vector<double> tau_grid;                  // per adjacent pair (k, k+1): point_bytes / bandwidth
};

// A run of the skeleton on the first ranks[k] hosts of each cluster in `clusters`, rank i computing shares[i]
// slices of N_y^2 updates each step and exchanging N_y^2-point halos.
StencilRun stencil_run(const std::string& tag, const std::vector<std::vector<sg::Host*>>& clusters,
                       const std::vector<size_t>& ranks, const std::vector<double>& shares, double ny,
                       const LbmRequest& request, int steps);

// Throws ParamError (on C or p) when the platform's clusters, in order, cannot hold the request's ranks. The
// models call it before the first point with the platform file's facts, and set_up_lbm_platform with what it loaded.
struct ClusterSize {
  std::string name;
  size_t hosts = 0;
};
void check_request_fits(const LbmRequest& request, const std::vector<ClusterSize>& clusters);
void check_request_fits(const LbmRequest& request, const PlatformFacts& platform);

// Builds or loads the platform in the current engine (call before running) and probes it. Throws
// std::invalid_argument when a platform file has too few clusters or hosts.
LbmPlatform set_up_lbm_platform(const LbmRequest& request);

// What both LBM models plan with: the request, and the platform once it is set up in this worker process (by the
// plan when the predicted face reads a platform file, else by the simulation).
struct LbmSetting {
  LbmRequest request;
  std::optional<LbmPlatform> platform;

  // The platform, set up in this process's engine on first use.
  const LbmPlatform& set_up(const SimulationContext& context);
};

}  // namespace isogrid::stencil
