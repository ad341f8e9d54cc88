#include "workloads/performance_modelling/campaign_simulation.hpp"

#include "simulator/sg/grid_builder.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/loads/platform_loads.hpp"
#include "workloads/performance_modelling/spmd_skeleton.hpp"

namespace isogrid::modelling {

namespace {

// A cluster's chosen runs on its SimGrid hosts, each with its phases' shapes.
std::vector<SpmdRun> runs_on(const ClusterSpec& on, const CampaignApplication& application,
                             const std::vector<RunChoice>& choices)
{
  std::vector<sg::Host*> hosts;
  for (long long i = 0; i < on.hosts; ++i)
    hosts.push_back(sg::host_by_name(on.host_name(i)));
  std::vector<SpmdRun> runs;
  for (const RunChoice& r : choices) {
    SpmdRun planned{r.problem_size, {}, application.shapes(r.problem_size, r.hosts.size())};
    for (std::size_t h : r.hosts)
      planned.hosts.push_back(hosts[h]);
    runs.push_back(std::move(planned));
  }
  return runs;
}

}  // namespace

CampaignTimes simulate_campaign(const Campaign& campaign, const SimulationContext& context)
{
  CampaignTimes times;
  sg::Session session(context.simgrid_config, context.simgrid_logs);
  sg::build_grid(campaign.spec, loads::point_loads(campaign.seed));
  // The drivers read their runs while the session runs.
  const ClusterSpec& cluster      = campaign.spec.clusters[campaign.cluster];
  const std::vector<SpmdRun> runs = runs_on(cluster, campaign.application, campaign.runs);
  spawn_campaign(sg::host_by_name(cluster.host_name(0)), runs, times.reference);
  std::vector<SpmdRun> target_runs;
  if (campaign.target) {
    const ClusterSpec& target = campaign.spec.clusters[*campaign.target];
    target_runs               = runs_on(target, campaign.application, campaign.target_runs);
    spawn_campaign(sg::host_by_name(target.host_name(0)), target_runs, times.target);
  }
  session.run();
  return times;
}

}  // namespace isogrid::modelling
