#include "workloads/performance_modelling/campaign_simulation.hpp"

#include "simulator/core/timeline.hpp"
#include "simulator/sg/grid_builder.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/loads/platform_loads.hpp"
#include "workloads/performance_modelling/spmd_skeleton.hpp"

#include <fmt/format.h>

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

// A campaign on a timeline (when one is recorded): a row per processor count on the cluster, each run's phases as
// intervals labelled by the run's problem size. The runs follow one another; what a phase takes is the loads it met.
void record(Timeline* timeline, const std::string& cluster, const std::vector<SpmdRun>& runs,
            const std::vector<TimedRun>& times)
{
  if (!timeline)
    return;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    std::string row = fmt::format("P = {}", runs[r].hosts.size());
    double start    = times[r].start;
    for (std::size_t k = 0; k < times[r].phase_ends.size(); ++k) {
      timeline->interval(cluster, row, times[r].phase_ends.size() > 1 ? fmt::format("phase {}", k + 1) : "execution",
                         fmt::format("run {}, N = {}", r + 1, runs[r].problem_size), start, times[r].phase_ends[k]);
      start = times[r].phase_ends[k];
    }
  }
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
  record(context.timeline, cluster.name, runs, times.reference);
  if (campaign.target)
    record(context.timeline, campaign.spec.clusters[*campaign.target].name, target_runs, times.target);
  return times;
}

}  // namespace isogrid::modelling
