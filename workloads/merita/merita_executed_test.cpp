// MerITA streams executed on SimGrid (merita_executed.hpp) against hand-worked times and against the predicted face:
// a lone application on free machines takes what the predicted face prices; applications sharing a machine share
// its CPU; a load that changes during a phase changes its pace; a batch job past its requested time is killed where
// it is and starts again; a move costs its checkpoint's trip.
#include "policies/rescheduling/phased_applications.hpp"
#include "simulator/core/timeline.hpp"
#include "simulator/sg/session.hpp"
#include "tests/test_support.hpp"
#include "workloads/merita/merita_executed.hpp"

#include <gtest/gtest.h>

#include <sstream>

using namespace isogrid;
using namespace isogrid::merita;

namespace {

// `seconds` reference seconds of perfectly parallel computation and `mbit` Mbit of communication shared by the
// processes, passed along the ring (Eq. 3.6: seconds / P + mbit / (P bw)).
rescheduling::PhasedApplication work(double seconds, double mbit = 0)
{
  scheduling::PerformanceModel m;
  m.application           = "hand";
  m.computation           = {{seconds, 0, 0}};
  m.communication         = {{mbit, 0, 0}};
  m.bandwidth_effect      = scheduling::Growth::Linear;
  m.communication_speedup = scheduling::Growth::Linear;
  return rescheduling::PhasedApplication("hand", {m});
}

// Cluster 0 interactive, cluster 1 a batch cluster twice as fast, taken whole by another user's job until 5 000 s.
Grid two_clusters(std::vector<loads::AvailabilityTrace> cpu = {})
{
  Grid g;
  g.clusters = {{"interactive", 2, 1.0, 100, false, std::move(cpu), {}},
                {"batch", 2, 0.5, 100, true, {}, {{1, 0, 2, 5000, 5000}}}};
  g.wan_mbps = {{0, 8}, {8, 0}};
  return g;
}

struct Executed {
  double end, ran, waited, overhead, moves, killed;
};

// Runs every strategy's stream in one child process (one SimGrid engine per process).
std::vector<std::vector<Executed>> execute(const Grid& grid, const std::vector<Submission>& submissions,
                                           const std::vector<StreamSettings>& settings)
{
  std::string payload = isogrid::testing::run_in_children({[&] {
    SimulationContext context;
    context.simgrid_config = sg::exact_network_config();
    std::vector<std::uint64_t> seeds(settings.size(), 1);
    std::ostringstream out;
    out.precision(17);
    for (const StreamOutcome& o : execute_streams(grid, submissions, settings, seeds, context)) {
      for (const ApplicationOutcome& a : o.applications)
        out << a.end << ' ' << a.ran << ' ' << a.waited << ' ' << a.overhead << ' ' << a.moves << ' ' << a.killed
            << ' ';
      out << '\n';
    }
    return out.str();
  }})[0];
  std::istringstream lines(payload);
  std::vector<std::vector<Executed>> streams;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream in(line);
    streams.emplace_back();
    Executed e{};
    while (in >> e.end >> e.ran >> e.waited >> e.overhead >> e.moves >> e.killed)
      streams.back().push_back(e);
  }
  return streams;
}

StreamSettings strategy(const std::string& name, std::size_t static_processors = 1)
{
  StreamSettings s;
  s.strategy          = name;
  s.static_processors = static_processors;
  return s;
}

}  // namespace

// The oracle runs on cluster 0's two free processors: 1 000 s of work and 80 Mbit passed around a ring of two over
// 100 Mbit/s links: 500 + 0.4 = 500.4 s from 100. no-wait-prediction waits for the batch cluster until 5 000 and
// runs 250.4 s there (its computation at twice the speed). static runs on one processor: 1 000 s, no communication.
TEST(MeritaExecuted, ALoneApplicationTakesWhatThePredictedFacePrices)
{
  const std::vector<Submission> one    = {{100, work(1000, 80), {}}};
  std::vector<StreamSettings> settings = {strategy("oracle"), strategy("no-wait-prediction"), strategy("static")};
  std::vector<std::vector<Executed>> executed = execute(two_clusters(), one, settings);
  ASSERT_EQ(executed.size(), 3u);
  const double hand[] = {600.4, 5250.4, 1100};
  for (std::size_t k = 0; k < settings.size(); ++k) {
    ASSERT_EQ(executed[k].size(), 1u);
    ApplicationOutcome priced = run_stream(two_clusters(), one, settings[k], 1).applications.front();
    EXPECT_NEAR(executed[k][0].end, hand[k], 1e-6) << settings[k].strategy;
    EXPECT_NEAR(priced.end, hand[k], 1e-6) << settings[k].strategy;
    EXPECT_NEAR(executed[k][0].ran, priced.ran, 1e-6) << settings[k].strategy;
    EXPECT_NEAR(executed[k][0].waited, priced.waited, 1e-6) << settings[k].strategy;
  }
}

// Two runs submitted together on the same processor: the predicted face prices each alone (1 000 s); executed,
// they share the processor and both end at 2 000 s.
TEST(MeritaExecuted, ApplicationsOnTheSameMachineShareIt)
{
  const std::vector<Submission> two           = {{0, work(1000), {}}, {0, work(1000), {}}};
  std::vector<std::vector<Executed>> executed = execute(two_clusters(), two, {strategy("static")});
  ASSERT_EQ(executed.at(0).size(), 2u);
  EXPECT_NEAR(executed[0][0].end, 2000, 1e-6);
  EXPECT_NEAR(executed[0][1].end, 2000, 1e-6);
  EXPECT_DOUBLE_EQ(run_stream(two_clusters(), two, strategy("static"), 1).applications[1].end, 1000);
}

// Cluster 0's first machine is free until 200 s, then half taken by another user. A run of 1 000 s from 100 on it:
// the predicted face prices the load it starts under (ends at 1 100); executed, it does 100 s of work at full speed,
// then 900 s at half: it ends at 2 000.
TEST(MeritaExecuted, ALoadChangingDuringAPhaseChangesItsPace)
{
  const loads::AvailabilityTrace halved({{0, 1}, {200, 0.5}});
  const std::vector<Submission> one           = {{100, work(1000), {}}};
  std::vector<std::vector<Executed>> executed = execute(two_clusters({halved, halved}), one, {strategy("static")});
  EXPECT_NEAR(executed.at(0).at(0).end, 2000, 1e-6);
  EXPECT_DOUBLE_EQ(run_stream(two_clusters({halved, halved}), one, strategy("static"), 1).applications[0].end, 1100);
}

// The metascheduler's models say 1 000 s of work on the batch cluster (planned phases are per cluster as given):
// 500 s on its two processors, so its job asks for twice that, 1 000 s. The run needs 10 000 s of work at twice the
// speed: 2 500 s there. It starts at 5 000 when the other user's job ends, is killed at 6 000,
// restarts (30 s) asking 2 000 s, is killed at 8 030, restarts asking 4 000 s at 8 060 and ends at 10 560.
TEST(MeritaExecuted, ABatchJobPastItsRequestedTimeIsKilledWhereItIs)
{
  const std::vector<Submission> misled        = {{100, work(10000), {work(1e6), work(1000)}}};
  StreamSettings blind                        = strategy("no-wait-prediction");
  std::vector<std::vector<Executed>> executed = execute(two_clusters(), misled, {blind});
  const Executed& e                           = executed.at(0).at(0);
  EXPECT_NEAR(e.end, 10560, 1e-6);
  EXPECT_EQ(e.killed, 2);
  EXPECT_NEAR(e.ran, 1000 + 2000 + 2500, 1e-6);
  ApplicationOutcome priced = run_stream(two_clusters(), misled, blind, 1).applications.front();
  EXPECT_DOUBLE_EQ(priced.end, 10560);
  EXPECT_EQ(priced.killed, 2);
}

// Ten phases of 1 000 s of work, submitted at 100 while the batch cluster (here 1.25 times as fast: 400 s a phase on
// its two processors) is taken until 2 000. MerITA, foreseeing that wait (the reservation predictor), starts on the
// interactive cluster (500 s a phase: ends at 5 100). Rebuilding its plan 600 s after the last, it looks again at
// 1 100 (the batch cluster still taken: it stays) and at 2 100, with six phases left: staying ends at 5 100, moving
// costs the restart (30 s), the checkpoint written and read over the 1 000 Mbit/s storage links (0.8 s each way) and
// its 800 Mbit over the 8 Mbit/s wide-area link (100 s), 131.6 s, and ends at 2 100 + 131.6 + 2 400 = 4 631.6.
TEST(MeritaExecuted, AMoveCarriesTheCheckpointOverTheWideAreaLink)
{
  rescheduling::PhasedApplication ten("hand", std::vector<scheduling::PerformanceModel>(10, work(1000).models()[0]));
  Grid grid                               = two_clusters();
  grid.clusters[1].cpu_factor             = 0.8;
  grid.clusters[1].background[0].run_time = grid.clusters[1].background[0].requested = 2000;
  StreamSettings merita                                                              = strategy("merita");
  merita.wait_predictor                                                              = "reservation";
  merita.rebuild_s                                                                   = 600;
  const std::vector<Submission> one                                                  = {{100, ten, {}}};
  ApplicationOutcome priced = run_stream(grid, one, merita, 1).applications.front();
  EXPECT_EQ(priced.moves, 1);
  EXPECT_NEAR(priced.overhead, 131.6, 1e-9);
  EXPECT_NEAR(priced.end, 4631.6, 1e-9);
  const Executed executed = execute(grid, one, {merita}).at(0).at(0);
  EXPECT_EQ(executed.moves, 1);
  EXPECT_NEAR(executed.overhead, 131.6, 1e-6);
  EXPECT_NEAR(executed.end, 4631.6, 1e-6);
}

// The timeline of the killed run above: its waits (the queue's, then the restarts'), its two killed runs and its last
// run, all on the batch cluster; and the queue's length: 1 from its submission at 100 until its job starts at 5 000.
TEST(MeritaExecuted, RecordsTheTimelineOfAStream)
{
  const std::vector<Submission> misled = {{100, work(10000), {work(1e6), work(1000)}}};
  std::string csv                      = isogrid::testing::run_in_children({[&] {
    SimulationContext context;
    context.simgrid_config = sg::exact_network_config();
    Timeline timeline;
    context.timeline = &timeline;
    execute_streams(two_clusters(), misled, {strategy("no-wait-prediction")}, {1}, context);
    std::ostringstream out;
    timeline.write_csv(out);
    return out.str();
  }})[0];
  EXPECT_EQ(csv, "kind,group,resource,state,label,start_s,end_s,value\n"
                 "level,no-wait-prediction,batch,jobs queued,,100,100,1\n"
                 "interval,no-wait-prediction,run 1,queue wait,batch,100,5000,0\n"
                 "level,no-wait-prediction,batch,jobs queued,,5000,5000,0\n"
                 "interval,no-wait-prediction,run 1,killed,batch,5000,6000,0\n"
                 "interval,no-wait-prediction,run 1,queue wait,batch,6000,6030,0\n"
                 "interval,no-wait-prediction,run 1,killed,batch,6030,8030,0\n"
                 "interval,no-wait-prediction,run 1,queue wait,batch,8030,8060,0\n"
                 "interval,no-wait-prediction,run 1,run,batch,8060,10560,0\n");
}
