// The minimum-spanning-tree example of Drozdowski & Wielebski (Sec. 2): its closed form by hand, and the simulated
// reduction tree equal to it wherever m is a power of two.
#include "tests/test_support.hpp"
#include "workloads/spanning_tree/spanning_tree_model.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <map>
#include <string>

using namespace isogrid;
using namespace isogrid::spanning_tree;
using namespace isogrid::testing;

namespace {

SpanningTreeParams at(long long m, double n)
{
  SpanningTreeParams p;
  p.m = m, p.n = n, p.c1 = 1e-6, p.c2 = 1e-4;
  return p;
}

}  // namespace

TEST(SpanningTree, ClosedFormByHand)
{
  // m = 8, n = 1000: T(1) = 1e-6 x 1e6 = 1 s; T(8) = 1/8 + 1e-4 x 1000 x 3 = 0.425 s; E = 1 / (8 x 0.425).
  SpanningTreeMetrics e = predicted(spanning_tree_schema(), at(8, 1000));
  EXPECT_NEAR(e.sequential_time, 1, 1e-15);
  EXPECT_NEAR(e.makespan, 0.425, 1e-15);
  EXPECT_NEAR(e.efficiency, 1 / 3.4, 1e-15);
  // source: the paper's isoefficiency function, f(k, m) = c2 m log m / (c1 (1/k - 1)): at k = 0.5, m = 8,
  // n = 1e-4 x 8 x 3 / 1e-6 = 2400 holds E at exactly 0.5.
  EXPECT_NEAR(predicted(spanning_tree_schema(), at(8, 2400)).efficiency, 0.5, 1e-14);
}

TEST(SpanningTree, TheReductionTreeEqualsTheClosedFormAtPowersOfTwo)
{
  auto outcomes = evaluate_in_children(spanning_tree_schema(), {at(1, 500), at(2, 1000), at(8, 2400), at(64, 3e4)});
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const SpanningTreeMetrics &pred = outcomes[i].predicted, &sim = outcomes[i].simulated;
    EXPECT_NEAR(sim.makespan / pred.makespan, 1, 1e-9) << i;
    EXPECT_NEAR(sim.sequential_time / pred.sequential_time, 1, 1e-12) << i;
    EXPECT_NEAR(sim.efficiency / pred.efficiency, 1, 1e-9) << i;
  }
}

TEST(SpanningTree, ATreeOfSixTakesThreeRounds)
{
  // ceil(log2 6) = 3 rounds of c2 n = 0.1 s, after 1/6 s of computation.
  auto outcomes = evaluate_in_children(spanning_tree_schema(), {at(6, 1000)});
  EXPECT_NEAR(outcomes[0].simulated.makespan, 1.0 / 6 + 0.3, 1e-9);
}

// The timeline of a tree of six: each processor computes its sixth (1/6 s), then the merge rounds, each a send of
// c2 n = 0.1 s from the processor at an odd multiple of 2^r to the one 2^r below, ending 0.1 s a round after the
// computation (P4's round-3 send waits for P0 to merge round 2 first): five sends in all, P0 receiving in each of the
// three rounds; the sequential run beside it, 1 s.
TEST(SpanningTree, TheTimelineHoldsEveryShareAndEveryMergeRound)
{
  const Model& model = model_of(spanning_tree_schema());
  Timeline timeline  = timeline_of(model, spanning_tree_schema().point_of(at(6, 1000), 1));
  std::map<std::string, int> count;  // "row state" -> intervals
  for (const TimelineEvent& e : timeline.events()) {
    count[e.resource + " " + e.state] += 1;
    if (e.state == "compute" && e.group == "tree") {
      EXPECT_NEAR(e.start, 0, 1e-12) << e.resource;
      EXPECT_NEAR(e.end, 1.0 / 6, 1e-9) << e.resource;
    }
    if (e.state == "send") {  // a round's transfer lasts c2 n = 0.1 s, once its receiver has merged the round before
      int round = e.label.back() - '0';
      EXPECT_NEAR(e.end, 1.0 / 6 + 0.1 * round, 1e-9) << e.resource << " " << e.label;
      EXPECT_GE(e.end - e.start, 0.1 - 1e-9) << e.resource << " " << e.label;
    }
    if (e.group == "one processor") {
      EXPECT_NEAR(e.end, 1, 1e-9);
    }
  }
  int sends = 0;
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(count[fmt::format("P{} compute", i)], 1) << i;
    sends += count[fmt::format("P{} send", i)];
  }
  EXPECT_EQ(sends, 5) << "every processor but P0 hands its minima on once";
  EXPECT_EQ(count["P0 receive"], 3) << "P0 merges in each of ceil(log2 6) rounds";
  EXPECT_EQ(count["P6 compute"], 1) << "the sequential run";
}
