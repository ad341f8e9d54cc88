// Executed rescheduling plans (workloads/rescheduling/malleable_run.hpp) against hand-worked times: a segment takes
// Eq. 3.6's time on its ring's slowest machine and slowest link, a reschedule the checkpoint's writes, moves and
// reads plus the restart, and a segment that stays pays nothing but meets its step's loads.
#include "simulator/core/timeline.hpp"
#include "simulator/sg/session.hpp"
#include "test_support.hpp"
#include "workloads/rescheduling/malleable_run.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace isogrid::rescheduling {
namespace {

using scheduling::ClusterState;
using scheduling::Growth;
using scheduling::PerformanceModel;

// c / (cpu P) + d / (bw P): computation c reference seconds, communication d Mbit, both shared by P processes.
PerformanceModel phase(double c, double d)
{
  PerformanceModel m;
  m.application           = "test";
  m.computation           = {{c, 0, 0}};
  m.communication         = {{d, 0, 0}};
  m.bandwidth_effect      = Growth::Linear;
  m.computation_speedup   = Growth::Linear;
  m.communication_speedup = Growth::Linear;
  return m;
}

// A cluster of machines whose pair (a, b) has bandwidth bw(a, b).
template <class F>
std::shared_ptr<const ClusterState> cluster(std::vector<double> cpu, F bw)
{
  const std::size_t n = cpu.size();
  std::vector<double> links(n * n, 1);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b)
      if (a != b)
        links[a * n + b] = bw(std::min(a, b), std::max(a, b));
  return std::make_shared<const ClusterState>(std::move(cpu), std::move(links));
}

RunSegment segment(std::size_t cluster, std::size_t first, std::size_t last, std::size_t step,
                   scheduling::Schedule machines, bool reschedule)
{
  RunSegment s;
  s.cluster    = cluster;
  s.first      = first;
  s.last       = last;
  s.step       = step;
  s.machines   = std::move(machines);
  s.reschedule = reschedule;
  return s;
}

// Runs in a child process (one SimGrid engine per process) and returns each run's time and overhead.
std::vector<ExecutedRun> execute_in_child(const MalleableGrid& grid, const std::vector<MalleableRun>& runs)
{
  std::string payload = testing::run_in_children({[&] {
    SimulationContext context;
    context.simgrid_config = sg::exact_network_config();
    std::ostringstream out;
    out.precision(17);
    for (const ExecutedRun& r : execute_runs(grid, runs, context))
      out << r.time << ' ' << r.reschedule_time << ' ' << r.reschedules << '\n';
    return out.str();
  }})[0];
  std::istringstream in(payload);
  std::vector<ExecutedRun> out;
  ExecutedRun r;
  while (in >> r.time >> r.reschedule_time >> r.reschedules)
    out.push_back(r);
  return out;
}

constexpr double tolerance = 1e-6;  // relative: SimGrid's own precision on work amounts

TEST(MalleableRun, ProcessShareIsTheModelsTermsOverTheirSpeedups)
{
  PerformanceModel m      = phase(600, 80);
  m.computation_speedup   = Growth::Sqrt;
  m.communication_speedup = Growth::Log;
  m.cpu_scaling           = 1.5;
  ProcessShare four       = process_share(m, 4);
  EXPECT_DOUBLE_EQ(four.computation_s, 1.5 * 600 / 2);
  EXPECT_DOUBLE_EQ(four.communication_mbit, 80 / std::log(4.0));
  ProcessShare one = process_share(m, 1);
  EXPECT_DOUBLE_EQ(one.computation_s, 900);
  EXPECT_EQ(one.communication_mbit, 0);  // one process has no link
  // Eq. 3.6 at (P, cpu, bw) is computation / cpu + communication / bw.
  EXPECT_NEAR(m.time(4, 0.5, 20), four.computation_s / 0.5 + four.communication_mbit / 20, 1e-9);
}

TEST(MalleableRun, OneSegmentTakesEq36OnItsSlowestMachineAndLink)
{
  // Three machines: the ring is every pair. Slowest CPU 0.25 (machine 2), slowest link 10 Mbit/s (0-2).
  MalleableGrid grid;
  grid.apps         = {PhasedApplication("test", {phase(300, 120), phase(60, 600)})};
  grid.storage_mbps = {1000};
  auto state = cluster({1.0, 0.5, 0.25}, [](std::size_t a, std::size_t b) { return a == 0 && b == 2 ? 10.0 : 100.0; });
  grid.state = [state](std::size_t, std::size_t) { return state; };
  std::vector<ExecutedRun> out = execute_in_child(grid, {{segment(0, 0, 2, 0, {0, 1, 2}, false)}});
  ASSERT_EQ(out.size(), 1u);
  // Phase 1: 300 / 3 / 0.25 + 120 / 3 / 10 = 404; phase 2: 60 / 3 / 0.25 + 600 / 3 / 10 = 100.
  EXPECT_NEAR(out[0].time, 504, 504 * tolerance);
  EXPECT_NEAR(out[0].time, grid.apps[0].whole().time(3, 0.25, 10), 504 * tolerance);
  EXPECT_EQ(out[0].reschedules, 0u);
  EXPECT_EQ(out[0].reschedule_time, 0);
}

TEST(MalleableRun, ARingMeetsOnlyItsOwnLinks)
{
  // Four machines in ring order 0-1-2-3-0: the 1 Mbit/s link 0-2 is not on the ring, so the run does not meet it
  // (Eq. 3.6 over the schedule's pairs would); the ring's slowest link is 3-0 at 20 Mbit/s.
  MalleableGrid grid;
  grid.apps                    = {PhasedApplication("test", {phase(0, 400)})};
  grid.storage_mbps            = {1000};
  auto state                   = cluster({1, 1, 1, 1}, [](std::size_t a, std::size_t b) {
    return a == 0 && b == 2 ? 1.0 : (a == 0 && b == 3 ? 20.0 : 100.0);
  });
  grid.state                   = [state](std::size_t, std::size_t) { return state; };
  std::vector<ExecutedRun> out = execute_in_child(grid, {{segment(0, 0, 1, 0, {0, 1, 2, 3}, false)}});
  EXPECT_NEAR(out[0].time, 400.0 / 4 / 20, 5 * tolerance);
}

TEST(MalleableRun, ARescheduleWritesRestartsAndReads)
{
  // Phase 1 on machines {0, 1}, then a reschedule to {2}: four processes' worth of checkpoint through a 100 Mbit/s
  // storage link each way (250 MB: 20 s out, 20 s in) and a 7 s restart.
  MalleableGrid grid;
  grid.apps                    = {PhasedApplication("test", {phase(200, 40), phase(90, 0)})};
  grid.storage_mbps            = {100};
  grid.checkpoint_mb           = 250;
  grid.restart_s               = 7;
  auto state                   = cluster({0.5, 1, 0.9}, [](std::size_t, std::size_t) { return 8.0; });
  grid.state                   = [state](std::size_t, std::size_t) { return state; };
  MalleableRun run             = {segment(0, 0, 1, 0, {0, 1}, false), segment(0, 1, 2, 0, {2}, true)};
  std::vector<ExecutedRun> out = execute_in_child(grid, {run});
  double first = 200.0 / 2 / 0.5 + 40.0 / 2 / 8, second = 90 / 0.9, cost = 20 + 7 + 20;
  EXPECT_NEAR(out[0].time, first + cost + second, (first + cost + second) * tolerance);
  EXPECT_NEAR(out[0].reschedule_time, cost, cost * tolerance);
  EXPECT_EQ(out[0].reschedules, 1u);
}

TEST(MalleableRun, AMoveCarriesTheCheckpointOverTheWideArea)
{
  // Cluster 0 (storage 800 Mbit/s) to cluster 1 (storage 400 Mbit/s) over a 2 Mbit/s wide-area link: a 100 MB
  // checkpoint takes 1 s out, 400 s across, 2 s in, plus a 5 s restart. Cluster 1's machines are twice as slow.
  MalleableGrid grid;
  PhasedApplication app("test", {phase(100, 0), phase(100, 0)});
  grid.apps                    = {app, app.scaled(2)};
  grid.storage_mbps            = {800, 400};
  grid.wan_mbps                = {{0, 2}, {2, 0}};
  grid.checkpoint_mb           = 100;
  grid.restart_s               = 5;
  auto state                   = cluster({1, 1}, [](std::size_t, std::size_t) { return 50.0; });
  grid.state                   = [state](std::size_t, std::size_t) { return state; };
  MalleableRun run             = {segment(0, 0, 1, 0, {0}, false), segment(1, 1, 2, 1, {0, 1}, true)};
  std::vector<ExecutedRun> out = execute_in_child(grid, {run});
  double cost = 1 + 400 + 2 + 5, time = 100 + cost + 200.0 / 2;
  EXPECT_NEAR(out[0].time, time, time * tolerance);
  EXPECT_NEAR(out[0].reschedule_time, cost, cost * tolerance);
}

// The move above, recorded: the row of the run named "md" holds its first segment on cluster 0 (0-100 s), the move
// (100-508 s) and its second segment on cluster 1 (508-608 s).
TEST(MalleableRun, RecordsItsSegmentsAndMovesOnATimeline)
{
  MalleableGrid grid;
  PhasedApplication app("test", {phase(100, 0), phase(100, 0)});
  grid.apps          = {app, app.scaled(2)};
  grid.storage_mbps  = {800, 400};
  grid.wan_mbps      = {{0, 2}, {2, 0}};
  grid.checkpoint_mb = 100;
  grid.restart_s     = 5;
  auto state         = cluster({1, 1}, [](std::size_t, std::size_t) { return 50.0; });
  grid.state         = [state](std::size_t, std::size_t) { return state; };
  MalleableRun run   = {segment(0, 0, 1, 0, {0}, false), segment(1, 1, 2, 1, {0, 1}, true)};
  Timeline timeline =
      testing::timeline_in_child([&](const SimulationContext& context) { execute_runs(grid, {run}, context, {"md"}); });
  const std::vector<TimelineEvent> events = timeline.events();
  ASSERT_EQ(events.size(), 3u);
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"run", "cluster 0"}, {"move", "cluster 0 > cluster 1"}, {"run", "cluster 1"}};
  const double bounds[] = {0, 100, 508, 608};
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(events[k].group, "plans");
    EXPECT_EQ(events[k].resource, "md");
    EXPECT_EQ(events[k].state, expected[k].first);
    EXPECT_EQ(events[k].label, expected[k].second);
    EXPECT_NEAR(events[k].start, bounds[k], 608 * tolerance);
    EXPECT_NEAR(events[k].end, bounds[k + 1], 608 * tolerance);
  }
}

TEST(MalleableRun, AStayingSegmentPaysNothingButMeetsItsStepsLoads)
{
  // The same machine through two steps: full CPU in step 0, a quarter in step 1. Two runs side by side on their
  // own copies of the cluster: the second stays on step 0's loads all along.
  MalleableGrid grid;
  grid.apps         = {PhasedApplication("test", {phase(100, 0), phase(100, 0)})};
  grid.storage_mbps = {100};
  auto fast         = cluster({1.0}, [](std::size_t, std::size_t) { return 1.0; });
  auto slow         = cluster({0.25}, [](std::size_t, std::size_t) { return 1.0; });
  grid.state        = [fast, slow](std::size_t step, std::size_t) { return step == 0 ? fast : slow; };
  std::vector<ExecutedRun> out =
      execute_in_child(grid, {{segment(0, 0, 1, 0, {0}, false), segment(0, 1, 2, 1, {0}, false)},
                              {segment(0, 0, 1, 0, {0}, false), segment(0, 1, 2, 0, {0}, false)}});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_NEAR(out[0].time, 100 + 400, 500 * tolerance);
  EXPECT_NEAR(out[1].time, 200, 200 * tolerance);
  EXPECT_EQ(out[0].reschedules, 0u);
}

TEST(MalleableRun, RefusesARunItCannotExecute)
{
  MalleableGrid grid;
  grid.apps         = {PhasedApplication("test", {phase(100, 0)})};
  grid.storage_mbps = {100};
  auto state        = cluster({1.0, 1.0}, [](std::size_t, std::size_t) { return 1.0; });
  grid.state        = [state](std::size_t, std::size_t) { return state; };
  SimulationContext context;
  EXPECT_THROW(execute_runs(grid, {{segment(1, 0, 1, 0, {0}, false)}}, context), std::invalid_argument);
  EXPECT_THROW(execute_runs(grid, {{segment(0, 0, 2, 0, {0}, false)}}, context), std::invalid_argument);
  EXPECT_THROW(execute_runs(grid, {{segment(0, 0, 1, 0, {}, false)}}, context), std::invalid_argument);
  grid.apps[0] = PhasedApplication("test", {[] {
                                     PerformanceModel m = phase(1, 1);
                                     m.bandwidth_effect = Growth::Sqrt;
                                     return m;
                                   }()});
  EXPECT_THROW(execute_runs(grid, {{segment(0, 0, 1, 0, {0, 1}, false)}}, context), std::invalid_argument);
}

}  // namespace
}  // namespace isogrid::rescheduling
