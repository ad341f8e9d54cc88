// The walkthrough model (docs/architecture.md): its closed form by hand, its simulation against the closed form, and
// its one cross-parameter rule.
#include "tests/test_support.hpp"
#include "workloads/examples/token_ring_model.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <map>
#include <string>

using namespace isogrid;
using namespace isogrid::examples;
using namespace isogrid::testing;

namespace {

// Three hosts at 1, 2 and 4 Gf/s, links of 125, 250 and 125 MB/s, 100 us each; 1 Gflop and 1 MB per hop, two laps.
TokenRingParams heterogeneous()
{
  TokenRingParams p;
  p.hosts     = 3;
  p.laps      = 2;
  p.speed     = std::vector<double>{1e9, 2e9, 4e9};
  p.bandwidth = std::vector<double>{1.25e8, 2.5e8, 1.25e8};
  return p;
}

}  // namespace

TEST(TokenRing, ClosedFormByHand)
{
  // A lap: 1 + 0.5 + 0.25 s of computation, 8 + 4 + 8 ms of transfer, 3 x 100 us of latency.
  TokenRingMetrics m = predicted(token_ring_schema(), heterogeneous());
  EXPECT_NEAR(m.lap_time, 1.7703, 1e-12);
  EXPECT_NEAR(m.makespan, 3.5406, 1e-12);
  EXPECT_EQ(m.hops, 6);
}

TEST(TokenRing, SimulationMatchesTheClosedForm)
{
  TokenRingParams one_lap = heterogeneous();
  one_lap.laps            = 1;
  TokenRingParams wide;
  wide.hosts = 64, wide.laps = 3, wide.latency = 0;
  auto outcomes = evaluate_in_children(token_ring_schema(), {heterogeneous(), one_lap, wide});
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const TokenRingMetrics &pred = outcomes[i].predicted, &sim = outcomes[i].simulated;
    EXPECT_NEAR(sim.makespan / pred.makespan, 1, 1e-9) << i;
    EXPECT_NEAR(sim.lap_time / pred.lap_time, 1, 1e-9) << i;
    EXPECT_EQ(sim.hops, pred.hops) << i;
  }
  EXPECT_NEAR(outcomes[0].simulated.makespan, 3.5406, 1e-9);
}

TEST(TokenRing, AListNeedsOneValuePerHost)
{
  TokenRingParams p = heterogeneous();
  p.hosts           = 4;
  try {
    model_of(token_ring_schema()).check(token_ring_schema().point_of(p));
    ADD_FAILURE() << "expected a ParamError";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "speed");
    EXPECT_STREQ(e.what(), "speed lists 3 values but hosts = 4");
  }
}

// A ring of 50 hosts gives the same rows in SimGrid's 64 KiB stacks as in its default ones (the stacks isogrid picks
// for large platforms: tests/actor_room_test.cpp).
TEST(TokenRing, SameResultsInSmallStacks)
{
  expect_the_same_rows_in_small_stacks("model: token-ring\nmode: simulate\nparameters: {hosts: 50, laps: 3}\n"
                                       "plots: []\n");
}

// The timeline of two laps of the heterogeneous ring: each host computes its 1 Gflop (1, 0.5 and 0.25 s) and sends
// the 1 MB token (100 us + 8, 4 and 8 ms) once a lap, the laps one after the other around the ring; the metrics are
// those of the same point unrecorded.
TEST(TokenRing, TheTimelineHoldsEveryHop)
{
  Point point = token_ring_schema().point_of(heterogeneous(), 1);
  Outcome recorded(token_ring_schema().info().metrics.size());
  Timeline timeline = timeline_of(model_of(token_ring_schema()), point, &recorded);
  EXPECT_EQ(recorded.simulated, evaluate_in_children({point}, model_of(token_ring_schema()))[0].simulated)
      << "recording changes no metric";
  const double compute[] = {1, 0.5, 0.25}, send[] = {0.0081, 0.0041, 0.0081};
  std::map<std::string, int> count;
  double previous_end = 0;
  for (const TimelineEvent& e : timeline.events()) {
    int host = e.resource.back() - '0';
    count[e.resource + " " + e.state] += 1;
    EXPECT_NEAR(e.end - e.start, e.state == "compute" ? compute[host] : send[host], 1e-9) << e.resource << e.state;
    EXPECT_NEAR(e.start, previous_end, 1e-9) << "the token is in one place at a time: " << e.resource;
    previous_end = e.end;
  }
  for (int host = 0; host < 3; ++host)
    for (const char* state : {"compute", "send"})
      EXPECT_EQ(count[fmt::format("host-{} {}", host, state)], 2) << host << state;
}
