// MerITA and its baselines on a hand-worked stream. Two clusters of 2 processors: cluster 0 interactive and free,
// cluster 1 a batch cluster twice as fast (cpu_factor 0.5), taken whole by another user's job from 0 to 5 000 s. One
// application of one phase, 1 000 reference seconds of perfectly parallel work: 500 s on cluster 0's two processors,
// 250 s on cluster 1's. It is submitted at 100.
//   - no-wait-prediction sees only run times: cluster 1, where it waits 4 900 s: it ends at 5 250.
//   - the oracle knows that wait: cluster 0, ending at 600.
//   - MerITA with the thesis's predictor has seen one wait, the other user's 0 s: it predicts 0 and picks cluster 1,
//     like no-wait-prediction; with the reservation predictor it foresees 4 900 s and picks cluster 0.
//   - static runs on cluster 0's first processor: 1 000 s, ending at 1 100.
#include "policies/rescheduling/phased_application.hpp"
#include "workloads/merita/merita_run.hpp"

#include <gtest/gtest.h>

using namespace isogrid;
using namespace isogrid::merita;

namespace {

rescheduling::PhasedApplication parallel_work(double seconds)
{
  scheduling::PerformanceModel m;
  m.application = "hand";
  m.computation = {{seconds, 0, 0}};
  return rescheduling::PhasedApplication("hand", {m});
}

Grid two_clusters()
{
  Grid g;
  g.clusters = {{"interactive", 2, 1.0, 1000, false, {}, {}},
                {"batch", 2, 0.5, 1000, true, {}, {{1, 0, 2, 5000, 5000}}}};
  g.wan_mbps = {{0, 100}, {100, 0}};
  return g;
}

ApplicationOutcome one(const std::string& strategy, const std::string& predictor = "same-width-average")
{
  StreamSettings s;
  s.strategy          = strategy;
  s.wait_predictor    = predictor;
  s.static_processors = 1;
  StreamOutcome o     = run_stream(two_clusters(), {{100, parallel_work(1000), {}}}, s, 1);
  EXPECT_EQ(o.applications.size(), 1u);
  EXPECT_EQ(o.other_users.jobs, 1);
  EXPECT_EQ(o.other_users.mean_wait, 0) << "the other user came first and started at once";
  return o.applications.front();
}

}  // namespace

TEST(MeritaStream, WaitsDecideBetweenAFastBatchClusterAndAFreeInteractiveOne)
{
  ApplicationOutcome blind = one("no-wait-prediction");
  EXPECT_EQ(blind.first_cluster, 1u);
  EXPECT_TRUE(blind.started_on_batch);
  EXPECT_DOUBLE_EQ(blind.waited, 4900);
  EXPECT_DOUBLE_EQ(blind.first_wait, 4900);
  EXPECT_DOUBLE_EQ(blind.ran, 250);
  EXPECT_DOUBLE_EQ(blind.end, 5250);
  EXPECT_DOUBLE_EQ(blind.predicted_run, 250);
  EXPECT_DOUBLE_EQ(blind.processor_hours, 2 * 250.0 / 3600);

  ApplicationOutcome oracle = one("oracle");
  EXPECT_EQ(oracle.first_cluster, 0u);
  EXPECT_FALSE(oracle.started_on_batch) << "no queue met: no wait prediction to score";
  EXPECT_DOUBLE_EQ(oracle.end, 600);
  EXPECT_DOUBLE_EQ(oracle.waited, 0);

  ApplicationOutcome thesis = one("merita");
  EXPECT_EQ(thesis.first_cluster, 1u) << "one wait of 0 s seen: 0 s predicted";
  EXPECT_DOUBLE_EQ(thesis.predicted_wait, 0);
  EXPECT_DOUBLE_EQ(thesis.first_wait, 4900);

  ApplicationOutcome reserved = one("merita", "reservation");
  EXPECT_EQ(reserved.first_cluster, 0u);
  EXPECT_DOUBLE_EQ(reserved.end, 600);

  ApplicationOutcome fixed = one("static");
  EXPECT_EQ(fixed.first_cluster, 0u);
  EXPECT_DOUBLE_EQ(fixed.end, 1100);
  EXPECT_DOUBLE_EQ(fixed.processor_hours, 1000.0 / 3600);

  ApplicationOutcome kept = one("no-rescheduling", "reservation");
  EXPECT_EQ(kept.first_cluster, 0u);
  EXPECT_DOUBLE_EQ(kept.end, 600);
}

TEST(MeritaStream, AnApplicationsJobMakesTheNextUserWait)
{
  // The application takes the batch cluster at 5 000 until 5 250 (no-wait-prediction); another user's job of the
  // whole cluster arriving at 5 100 waits for it: 150 s.
  Grid g = two_clusters();
  g.clusters[1].background.push_back({2, 5100, 2, 100, 100});
  StreamSettings s;
  s.strategy      = "no-wait-prediction";
  StreamOutcome o = run_stream(g, {{100, parallel_work(1000), {}}}, s, 1);
  EXPECT_EQ(o.other_users.jobs, 2);
  EXPECT_DOUBLE_EQ(o.other_users.max_wait, 150);
  EXPECT_DOUBLE_EQ(o.applications.front().end, 5250);
  // Arriving after the last application ended, it is not counted among the users the stream met.
  g.clusters[1].background.back().submit = 6000;
  o                                      = run_stream(g, {{100, parallel_work(1000), {}}}, s, 1);
  EXPECT_EQ(o.other_users.jobs, 1);
}

TEST(MeritaStream, ARunEndingExactlyAtItsRequestedTimeIsNotKilled)
{
  // Requested time = predicted time: on the dedicated batch cluster the run ends exactly when LoadLeveler would kill
  // it, and the queue ends the job at that very moment.
  StreamSettings s;
  s.strategy                 = "no-wait-prediction";
  s.requested_over_predicted = 1;
  StreamOutcome o            = run_stream(two_clusters(), {{100, parallel_work(1000), {}}}, s, 1);
  EXPECT_DOUBLE_EQ(o.applications.front().end, 5250);
  EXPECT_EQ(o.applications.front().killed, 0);
}

TEST(MeritaStream, ABadGridIsRefused)
{
  Grid g     = two_clusters();
  g.wan_mbps = {{0}};
  EXPECT_THROW(run_stream(g, {{0, parallel_work(10), {}}}, {}, 1), std::invalid_argument);
  StreamSettings s;
  s.strategy = "nowhere";
  EXPECT_THROW(run_stream(two_clusters(), {{0, parallel_work(10), {}}}, s, 1), std::exception);
}

// Learned models that mislead: they see cluster 0 ten times faster than it is and cluster 1 two hundred times
// slower. The metascheduler plans with them, the run goes as the phases really do, and the oracle plans with those.
TEST(MeritaStream, PlansWithTheLearnedModelsAndRunsAsThePhasesDo)
{
  StreamSettings s;
  s.strategy = "no-wait-prediction";
  Submission learned{100, parallel_work(1000), {parallel_work(100), parallel_work(100000)}};
  ApplicationOutcome misled = run_stream(two_clusters(), {learned}, s, 1).applications.front();
  EXPECT_EQ(misled.first_cluster, 0u) << "predicted 50 s there against 50 000 s on cluster 1";
  EXPECT_DOUBLE_EQ(misled.predicted_run, 50);
  EXPECT_DOUBLE_EQ(misled.ran, 500);
  EXPECT_DOUBLE_EQ(misled.end, 600);

  s.strategy                = "oracle";
  ApplicationOutcome oracle = run_stream(two_clusters(), {learned}, s, 1).applications.front();
  EXPECT_EQ(oracle.first_cluster, 0u) << "500 s there against 250 s after a wait of 4 900 s";
  EXPECT_DOUBLE_EQ(oracle.predicted_run, 500) << "the oracle plans with the phases as they run";

  Submission short_of_clusters{100, parallel_work(1000), {parallel_work(100)}};
  EXPECT_THROW(run_stream(two_clusters(), {short_of_clusters}, s, 1), std::invalid_argument);
}

// NWS forecasts against the present: cluster 0's two machines were loaded to 0.1 for the hour before 3 600 s and
// are free from then; cluster 1 is free and 1.5 times slower. At 3 700 s the present says cluster 0 (500 s against
// 750 s); a running mean of the 10-minute windows (six of 0.1 so far) says 0.1, 5 000 s there: cluster 1. The
// oracle plans with the present.
TEST(MeritaStream, PlansWithTheSensorsForecastsWhenAsked)
{
  Grid g;
  const loads::AvailabilityTrace loaded_then_free({{0, 0.1}, {3600, 1}});
  g.clusters = {{"was-loaded", 2, 1.0, 1000, false, {loaded_then_free, loaded_then_free}, {}},
                {"free", 2, 1.5, 1000, false, {}, {}}};
  g.wan_mbps = {{0, 100}, {100, 0}};
  StreamSettings s;
  s.strategy = "merita";
  auto run   = [&] { return run_stream(g, {{3700, parallel_work(1000), {}}}, s, 1).applications.front(); };
  EXPECT_EQ(run().first_cluster, 0u) << "the present";
  s.load_forecaster         = "running-mean";
  ApplicationOutcome misled = run();
  EXPECT_EQ(misled.first_cluster, 1u);
  EXPECT_DOUBLE_EQ(misled.predicted_run, 750);
  EXPECT_DOUBLE_EQ(misled.end, 3700 + 750);
  s.strategy = "oracle";
  EXPECT_EQ(run().first_cluster, 0u) << "the oracle plans with the present";
  s.strategy        = "merita";
  s.load_forecaster = "no-such-forecaster";
  EXPECT_THROW(run(), std::exception);
}
