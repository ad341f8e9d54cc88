#include "workloads/rescheduling/malleable_run.hpp"

#include "simulator/core/timeline.hpp"
#include "simulator/sg/checkpoint_platform.hpp"
#include "simulator/sg/messaging.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/rescheduling/executed_phases.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>

namespace isogrid::rescheduling {

using scheduling::Growth;

namespace {

// The machines and ring pairs one run uses on one cluster, numbered as the platform's hosts and links.
struct ClusterUse {
  std::map<std::size_t, std::size_t> host_of;                          // machine index -> host index
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> link_of;  // (low, high) machine pair -> pair link
  sg::CheckpointClusterSpec spec;

  std::size_t host(std::size_t machine)
  {
    auto [it, added] = host_of.emplace(machine, spec.speeds.size());
    if (added)
      spec.speeds.push_back(kReferenceFlops);
    return it->second;
  }
  void pair(std::size_t a, std::size_t b)
  {
    auto key = std::minmax(a, b);
    if (link_of.emplace(key, spec.pairs.size()).second)
      spec.pairs.push_back({host(key.first), host(key.second), 1, {}});  // its bandwidth is set per segment
  }
};

// The ring's pairs: each process and the next, the last and the first (two processes: one pair).
template <class F>
void for_each_ring_pair(const scheduling::Schedule& ring, F f)
{
  const std::size_t p = ring.size();
  if (p < 2)
    return;
  for (std::size_t i = 0; i < (p == 2 ? 1 : p); ++i)
    f(ring[i], ring[(i + 1) % p]);
}

void check_run(const MalleableGrid& grid, const MalleableRun& run)
{
  if (run.empty())
    throw std::invalid_argument("a run needs at least one segment");
  for (std::size_t s = 0; s < run.size(); ++s) {
    const RunSegment& seg = run[s];
    if (seg.cluster >= grid.apps.size())
      throw std::invalid_argument("a segment names cluster " + std::to_string(seg.cluster) + " of " +
                                  std::to_string(grid.apps.size()));
    if (seg.first >= seg.last || seg.last > grid.apps[seg.cluster].phases())
      throw std::invalid_argument("a segment's phases are outside the application");
    if (seg.machines.empty())
      throw std::invalid_argument("a segment runs on no machine");
    if (s > 0 && seg.cluster != run[s - 1].cluster && !seg.reschedule)
      throw std::invalid_argument("a run can only change cluster by rescheduling");
  }
}

void check_grid(const MalleableGrid& grid)
{
  for (const PhasedApplication& app : grid.apps)
    for (const scheduling::PerformanceModel& m : app.models())
      if (m.bandwidth_effect != Growth::Linear)
        throw std::invalid_argument(m.application + ": only a communication time of volume / bandwidth can be "
                                                    "executed (f_bw linear)");
}

// One run on its own copy of the grid: what its driver needs to find hosts, links and storage.
struct RunPlatform {
  std::vector<ClusterUse> uses;  // per cluster of the grid
  std::vector<sg::BuiltCheckpointCluster> built;

  sg::Host* host(std::size_t cluster, std::size_t machine) const
  {
    return built[cluster].hosts[uses[cluster].host_of.at(machine)];
  }
  sg::Link* link(std::size_t cluster, std::size_t a, std::size_t b) const
  {
    return built[cluster].pair_links[uses[cluster].link_of.at(std::minmax(a, b))];
  }
};

sg::CheckpointGridSpec platform_of(const MalleableGrid& grid, const MalleableRun& run, RunPlatform& platform)
{
  platform.uses.resize(grid.apps.size());
  sg::CheckpointGridSpec spec;
  for (std::size_t s = 0; s < run.size(); ++s) {
    const RunSegment& seg = run[s];
    ClusterUse& use       = platform.uses[seg.cluster];
    for (std::size_t m : seg.machines)
      use.host(m);
    for_each_ring_pair(seg.machines, [&use](std::size_t a, std::size_t b) { use.pair(a, b); });
    if (s > 0 && run[s - 1].cluster != seg.cluster) {
      std::size_t a = run[s - 1].cluster, b = seg.cluster;
      spec.wide_area.push_back({std::min(a, b), std::max(a, b), bytes_of_mbit(grid.wan_mbps[a][b])});
    }
  }
  // A pair of clusters crossed twice keeps one link.
  std::sort(spec.wide_area.begin(), spec.wide_area.end(),
            [](const auto& x, const auto& y) { return std::tie(x.a, x.b) < std::tie(y.a, y.b); });
  spec.wide_area.erase(std::unique(spec.wide_area.begin(), spec.wide_area.end(),
                                   [](const auto& x, const auto& y) { return x.a == y.a && x.b == y.b; }),
                       spec.wide_area.end());
  for (std::size_t c = 0; c < grid.apps.size(); ++c) {
    platform.uses[c].spec.storage_bandwidth = bytes_of_mbit(grid.storage_mbps[c]);
    spec.clusters.push_back(platform.uses[c].spec);
  }
  return spec;
}

// The application's processes on a segment's machines, as the segment's step loads them.
class SegmentLoads {
public:
  SegmentLoads(const MalleableGrid& grid, const RunPlatform& platform, const RunSegment& seg)
  {
    std::shared_ptr<const scheduling::ClusterState> state = grid.state(seg.step, seg.cluster);
    for_each_ring_pair(seg.machines, [&](std::size_t a, std::size_t b) {
      sg::set_link_bandwidth(platform.link(seg.cluster, a, b), bytes_of_mbit(state->bandwidth(a, b)));
    });
    // Another user's job of weight 1/cpu - 1 leaves our process the share cpu of its machine.
    for (std::size_t m : seg.machines)
      if (state->cpu(m) < 1)
        jobs_.push_back(std::make_unique<sg::BackgroundLoad>(platform.host(seg.cluster, m), 1 / state->cpu(m) - 1));
  }

private:
  std::vector<std::unique_ptr<sg::BackgroundLoad>> jobs_;
};

void run_phases(const MalleableGrid& grid, const RunPlatform& platform, const RunSegment& seg)
{
  SegmentLoads loads(grid, platform, seg);
  std::vector<sg::Host*> hosts;  // in ring order, looked up once per segment rather than per phase
  for (std::size_t m : seg.machines)
    hosts.push_back(platform.host(seg.cluster, m));
  execute_phases(grid.apps[seg.cluster].interval(seg.first, seg.last), hosts);
}

// Stop at the marker, checkpoint to the storage host, carry the checkpoint to the next cluster if it changes,
// launch the new processes and let them read it.
void reschedule(const MalleableGrid& grid, const RunPlatform& platform, const RunSegment& from, const RunSegment& to)
{
  std::vector<sg::Host*> from_hosts, to_hosts;
  for (std::size_t m : from.machines)
    from_hosts.push_back(platform.host(from.cluster, m));
  for (std::size_t m : to.machines)
    to_hosts.push_back(platform.host(to.cluster, m));
  execute_move({grid.checkpoint_mb, grid.restart_s}, from_hosts, platform.built[from.cluster].storage,
               platform.built[to.cluster].storage, to_hosts);
}

}  // namespace

std::vector<ExecutedRun> execute_runs(const MalleableGrid& grid, const std::vector<MalleableRun>& runs,
                                      const SimulationContext& context, const std::vector<std::string>& names)
{
  check_grid(grid);
  for (const MalleableRun& run : runs)
    check_run(grid, run);
  sg::Session session(context.simgrid_config, context.simgrid_logs);
  std::vector<RunPlatform> platforms(runs.size());
  std::vector<sg::CheckpointGridSpec> specs;
  for (std::size_t r = 0; r < runs.size(); ++r)
    specs.push_back(platform_of(grid, runs[r], platforms[r]));
  std::vector<std::vector<sg::BuiltCheckpointCluster>> built = sg::build_checkpoint_grids(specs);
  std::vector<ExecutedRun> out(runs.size());
  for (std::size_t r = 0; r < runs.size(); ++r) {
    platforms[r].built      = std::move(built[r]);
    const MalleableRun& run = runs[r];
    sg::Host* home          = platforms[r].built[run.front().cluster].storage;
    std::string row         = r < names.size() ? names[r] : "run " + std::to_string(r + 1);
    sg::spawn("driver-" + std::to_string(r), home,
              [&grid, &run, &platform = platforms[r], &result = out[r], timeline = context.timeline, row] {
                auto cluster = [](std::size_t c) { return "cluster " + std::to_string(c); };
                for (std::size_t s = 0; s < run.size(); ++s) {
                  if (s > 0 && run[s].reschedule) {
                    double start = sg::now();
                    reschedule(grid, platform, run[s - 1], run[s]);
                    result.reschedule_time += sg::now() - start;
                    ++result.reschedules;
                    if (timeline)
                      timeline->interval("plans", row, "move",
                                         run[s - 1].cluster == run[s].cluster
                                             ? "within " + cluster(run[s].cluster)
                                             : cluster(run[s - 1].cluster) + " > " + cluster(run[s].cluster),
                                         start, sg::now());
                  }
                  double start = sg::now();
                  run_phases(grid, platform, run[s]);
                  if (timeline)
                    timeline->interval("plans", row, "run", cluster(run[s].cluster), start, sg::now());
                }
                result.time = sg::now();
              });
  }
  session.run();
  return out;
}

}  // namespace isogrid::rescheduling
