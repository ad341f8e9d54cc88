#include "workloads/stencil/lbm_platform.hpp"

#include "simulator/core/byte_count.hpp"
#include "simulator/core/platform_use.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "simulator/sg/grid_builder.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/loads/platform_loads.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

namespace isogrid::stencil {

LbmRequest request_of(const LbmPlatformParams& params, std::vector<size_t> ranks)
{
  LbmRequest r;
  r.clusters     = ranks.size();
  r.ranks        = std::move(ranks);
  r.delta        = params.delta.expanded(r.clusters);
  r.tau_comm     = params.tau_comm;
  r.tau_grid     = params.tau_grid;
  r.platform     = params.platform;
  r.update_flops = params.update_flops;
  r.point_bytes  = params.point_bytes;
  return r;
}

namespace {

// C clusters of p_k hosts behind a non-blocking switch (private full-duplex links, no backbone), joined pairwise by
// wide-area links; no latency, since the chapter's model has none: a point costs exactly tau.
GridSpec generated_spec(const LbmRequest& r)
{
  GridSpec spec;
  spec.name = "lbm-multicluster";
  for (size_t k = 0; k < r.clusters; ++k) {
    ClusterSpec c;
    c.name           = fmt::format("ce{}", k);
    c.hosts          = static_cast<long long>(std::max<size_t>(r.ranks[k], 2));  // two, so tau_comm can be probed
    c.speed          = r.delta[k] * r.update_flops;
    c.link.bandwidth = r.point_bytes / r.tau_comm;
    spec.clusters.push_back(c);
  }
  for (size_t a = 0; a < r.clusters; ++a)
    for (size_t b = a + 1; b < r.clusters; ++b)
      spec.inter_links.push_back({a, b, {r.point_bytes / r.tau_grid, 0}, std::nullopt});
  return spec;
}

double per_point(const LbmRequest& r, sg::Host* from, sg::Host* to)
{
  sg::RouteInfo route = sg::route_between(from, to);
  if (!route.routed)
    throw std::invalid_argument(fmt::format("no route from {} to {}", sg::host_name(from), sg::host_name(to)));
  return r.point_bytes / route.bandwidth;  // 0 for a route without links (latency only)
}

}  // namespace

void check_request_fits(const LbmRequest& r, const std::vector<ClusterSize>& clusters)
{
  if (clusters.size() < r.clusters)
    throw ParamError("C", fmt::format("C = {} but the platform has {} cluster(s)", r.clusters, clusters.size()));
  for (size_t k = 0; k < r.clusters; ++k)
    if (clusters[k].hosts < r.ranks[k])
      throw ParamError("p", fmt::format("{} rank(s) on cluster {} of the platform, which has {} host(s)", r.ranks[k],
                                        clusters[k].name, clusters[k].hosts));
}

void check_request_fits(const LbmRequest& r, const PlatformFacts& platform)
{
  std::vector<ClusterSize> sizes;
  for (const auto& c : platform.clusters)
    sizes.push_back({c.name, c.hosts.size()});
  check_request_fits(r, sizes);
  // The hosts the ranks run on, the halo exchanges between neighbouring ranks (both ways), and the routes the
  // calibration reads tau_comm and tau_grid off (set_up_lbm_platform).
  const PlatformNeeds needs = PlatformNeeds::any_capacity();
  std::string previous;
  for (size_t k = 0; k < r.clusters; ++k) {
    const auto& hosts = platform.clusters[k].hosts;
    const char* key   = k == 0 ? "p" : "C";
    for (size_t i = 0; i < r.ranks[k]; ++i) {
      if (std::string why = unusable_host(platform, hosts[i], needs); !why.empty())
        throw ParamError("p", why);
      if (!previous.empty())
        for (const auto& [from, to] : {std::pair{previous, hosts[i]}, {hosts[i], previous}})
          if (std::string why = unusable_route(platform, from, to, needs); !why.empty())
            throw ParamError(i == 0 ? key : "p", fmt::format("{}, between neighbouring ranks", why));
      previous = hosts[i];
    }
    if (hosts.size() > 1)
      if (std::string why = unusable_route(platform, hosts[0], hosts[1], needs); !why.empty())
        throw ParamError("p", fmt::format("{}, over which tau_comm is read", why));
    if (k > 0)
      if (std::string why = unusable_route(platform, platform.clusters[k - 1].hosts.back(), hosts[0], needs);
          !why.empty())
        throw ParamError("C", fmt::format("{}, over which tau_grid is read", why));
  }
}

LbmPlatform set_up_lbm_platform(const LbmRequest& r)
{
  if (r.platform.empty()) {
    sg::build_grid(generated_spec(r), loads::point_loads(r.seed));
  } else {
    sg::load_platform(r.platform, loads::point_loads(r.seed));
  }
  const std::vector<sg::PlatformCluster>& found = sg::platform_clusters();
  std::vector<ClusterSize> sizes;
  for (const auto& c : found)
    sizes.push_back({c.name, c.hosts.size()});
  check_request_fits(r, sizes);

  LbmPlatform p;
  for (size_t k = 0; k < r.clusters; ++k) {
    const auto& hosts = found[k].hosts;
    p.clusters.push_back(hosts);
    p.delta.push_back(sg::host_speed(hosts[0]) / r.update_flops);
    p.tau_comm.push_back(hosts.size() > 1 ? per_point(r, hosts[0], hosts[1]) : 0);
    if (k > 0)
      p.tau_grid.push_back(per_point(r, found[k - 1].hosts.back(), hosts[0]));
  }
  return p;
}

const LbmPlatform& LbmSetting::set_up(const SimulationContext& context)
{
  sg::Session session(context.simgrid_config, context.simgrid_logs);
  if (!platform)
    platform = set_up_lbm_platform(request);
  return *platform;
}

StencilRun stencil_run(const std::string& tag, const std::vector<std::vector<sg::Host*>>& clusters,
                       const std::vector<size_t>& ranks, const std::vector<double>& shares, double ny,
                       const LbmRequest& request, int steps)
{
  StencilRun run;
  run.tag        = tag;
  run.steps      = steps;
  run.halo_bytes = rounded_bytes(ny * ny * request.point_bytes);
  for (size_t k = 0; k < ranks.size(); ++k)
    for (size_t i = 0; i < ranks[k]; ++i) {
      run.hosts.push_back(clusters[k][i]);
      run.cluster_of_rank.push_back(k);
    }
  for (double s : shares)
    run.flops_per_step.push_back(s * ny * ny * request.update_flops);
  return run;
}

}  // namespace isogrid::stencil
