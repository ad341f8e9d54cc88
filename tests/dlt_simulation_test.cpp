// The simulated DLT star against the closed form: with CM02, factors 1, no TCP-gamma cap and no cross-traffic,
// the SimGrid makespan equals S_1 + (C_1 + A_1) alpha_1 to 1e-6 relative on every feasible instance.
#include "simulator/core/catalog.hpp"
#include "simulator/sg/session.hpp"
#include "tests/test_support.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <random>

using namespace isogrid;
using namespace isogrid::testing;

namespace {

const Model& dlt() { return builtin_catalog().model("dlt-star"); }

enum { kMakespan, kSequential, kSpeedup, kEfficiency, kFeasible, kLargest };


double log_uniform(std::mt19937_64& rng, double lo_exp, double hi_exp)
{
  return std::pow(10.0, std::uniform_real_distribution<double>(lo_exp, hi_exp)(rng));
}

// A random heterogeneous instance over the paper's parameter ranges (C 1e-8..1e5, S 1e-6..1e8, V up to 1e10),
// cut down to its largest feasible prefix so that it can be simulated.
Point random_feasible_instance(std::mt19937_64& rng, int trial)
{
  size_t m = 1 + static_cast<size_t>(trial % 40);
  std::vector<double> A, C, S;
  double a_scale = log_uniform(rng, -4, 2), c_scale = log_uniform(rng, -8, 3), s_scale = log_uniform(rng, -6, 4);
  for (size_t i = 0; i < m; ++i) {
    A.push_back(a_scale * log_uniform(rng, -1, 1));
    C.push_back(c_scale * log_uniform(rng, -1, 1));
    S.push_back(trial % 7 == 0 ? 0.0 : s_scale * log_uniform(rng, -1, 1));
  }
  double V    = log_uniform(rng, 0, 10);
  double beta = trial % 3 == 0 ? log_uniform(rng, -3, 0) : 0.0;
  Point p     = point_for(dlt(), {{"m", double(m)}, {"V", V}, {"A", A}, {"C", C}, {"S", S}, {"beta", beta}});
  Outcome probe(dlt().info().metrics.size());
  dlt().predict(p, probe);
  auto k = static_cast<size_t>(probe.predicted[kLargest]);
  if (k < m) {
    A.resize(k), C.resize(k), S.resize(k);
    p = point_for(dlt(), {{"m", double(k)}, {"V", V}, {"A", A}, {"C", C}, {"S", S}, {"beta", beta}});
  }
  return p;
}

}  // namespace

TEST(DltSimulation, MakespanEqualsTheClosedFormOnRandomHeterogeneousInstances)
{
  std::mt19937_64 rng(2003);
  std::vector<Point> points;
  for (int trial = 0; trial < 240; ++trial)
    points.push_back(random_feasible_instance(rng, trial));
  std::vector<Outcome> outcomes = evaluate_in_children(points, dlt());
  size_t with_return = 0;
  double worst = 0;
  for (size_t i = 0; i < points.size(); ++i) {
    const Outcome& o = outcomes[i];
    ASSERT_EQ(o.predicted[kFeasible], 1.0) << "instance " << i;
    ASSERT_EQ(o.simulated[kFeasible], 1.0) << "instance " << i;
    EXPECT_NEAR(o.simulated[kMakespan] / o.predicted[kMakespan], 1.0, 1e-6) << "instance " << i;
    EXPECT_NEAR(o.simulated[kSequential] / o.predicted[kSequential], 1.0, 1e-6) << "instance " << i;
    EXPECT_NEAR(o.simulated[kEfficiency] / o.predicted[kEfficiency], 1.0, 1e-6) << "instance " << i;
    with_return += points[i].number("beta") > 0 ? 1 : 0;
    worst = std::max(worst, std::fabs(o.simulated[kMakespan] / o.predicted[kMakespan] - 1));
  }
  EXPECT_GE(with_return, 60u);  // the result-return extension is exercised too
  RecordProperty("worst_relative_error", std::to_string(worst));
  std::printf("worst relative makespan error over %zu instances: %.3e\n", points.size(), worst);
}

TEST(DltSimulation, PaperSettingsAgreeAcrossBothMaps)
{
  std::vector<Point> points;
  for (double m : {1.0, 2.0, 5.0, 10.0, 20.0})
    for (double V : {1e3, 1e5, 1e7, 1e10})
      points.push_back(point_for(dlt(), {{"m", m}, {"V", V}, {"A", 1.0}, {"C", 1.0}, {"S", 1000.0}}));
  for (double C : {1e-8, 1e-5, 1e-3, 1e-1})
    for (double S : {1e-6, 1.0, 1e3, 1e5})
      points.push_back(point_for(dlt(), {{"m", 10.0}, {"V", 1e8}, {"A", 1e-3}, {"C", C}, {"S", S}}));
  std::vector<Outcome> outcomes = evaluate_in_children(points, dlt());
  size_t feasible = 0;
  for (size_t i = 0; i < points.size(); ++i) {
    const Outcome& o = outcomes[i];
    EXPECT_EQ(o.simulated[kFeasible], o.predicted[kFeasible]) << i;
    if (o.predicted[kFeasible] == 1.0) {
      ++feasible;
      EXPECT_NEAR(o.simulated[kMakespan] / o.predicted[kMakespan], 1.0, 1e-6) << i;
    } else {
      EXPECT_EQ(o.simulated[kEfficiency], 0.0) << i;  // infeasible cells are E = 0 on both faces
      EXPECT_TRUE(std::isnan(o.simulated[kMakespan])) << i;
    }
  }
  EXPECT_GE(feasible, 15u);
  EXPECT_LT(feasible, points.size());
}

TEST(DltSimulation, DefaultSimGridNetworkModelDoesNotMatchTheClosedForm)
{
  // Why the exact settings matter: LV08's factors (latency x13.01, bandwidth x0.97) and its TCP window change
  // the transfer times, so the same instance no longer matches eqs. 1-3.
  Point p = point_for(dlt(), {{"m", 4.0}, {"V", 1e5}, {"A", 1.0}, {"C", 1.0}, {"S", 1000.0}});
  auto payload = run_in_children({[&p] {
    Outcome out(dlt().info().metrics.size());
    dlt().predict(p, out);
    dlt().simulate(p, SimulationContext{{"network/model:LV08"}, false}, out);
    return encode_outcome(out);
  }});
  Outcome o = decode_outcome(payload.front());
  EXPECT_GT(std::fabs(o.simulated[kMakespan] / o.predicted[kMakespan] - 1), 1e-3);
}

TEST(DltSimulation, PlatformFilesGiveTheirOwnClosedForm)
{
  // On a platform file A, C and S are read off the hosts and routes; both faces come from the child.
  std::string star     = std::string(ISOGRID_SOURCE_DIR) + "/platforms/examples/star-4.xml";
  std::string clusters = std::string(ISOGRID_SOURCE_DIR) + "/platforms/examples/two-clusters.yaml";
  std::vector<Point> points = {
      point_for(dlt(), {{"platform", star}, {"originator", std::string("master")}, {"m", 4.0}, {"V", 1e9},
                        {"unit_flops", 100.0}}),
      point_for(dlt(), {{"platform", star}, {"originator", std::string("master")}, {"m", 1.0}, {"V", 1e8},
                        {"unit_flops", 100.0}}),
      point_for(dlt(), {{"platform", clusters}, {"originator", std::string("vu-0")}, {"m", 5.0}, {"V", 1e9},
                        {"unit_flops", 50.0}, {"sequence", std::string("fastest-link-first")}}),
      point_for(dlt(), {{"platform", clusters}, {"originator", std::string("vu-0")}, {"m", 5.0}, {"V", 1e9},
                        {"unit_flops", 50.0}, {"beta", 0.1}}),
  };
  std::vector<Outcome> outcomes = evaluate_in_children(points, dlt());
  for (size_t i = 0; i < points.size(); ++i) {
    ASSERT_EQ(outcomes[i].predicted[kFeasible], 1.0) << i;
    EXPECT_NEAR(outcomes[i].simulated[kMakespan] / outcomes[i].predicted[kMakespan], 1.0, 1e-6) << i;
    EXPECT_NEAR(outcomes[i].simulated[kSequential] / outcomes[i].predicted[kSequential], 1.0, 1e-6) << i;
  }
  // By hand: worker-1 (1 Gf, 125 MBps, 100 us) gets everything when m = 1:
  // T(1) = 100e-6 + (1/125e6 + 100/1e9) * 1e8 = 10.8001 s.
  EXPECT_NEAR(outcomes[1].predicted[kSequential], 10.8001, 1e-9);
  EXPECT_NEAR(outcomes[1].predicted[kMakespan], 10.8001, 1e-9);
  // From vu-0, fastest-link-first serves vu-1 first: 50us + 1us + 50us, 125 MBps, 1 Gf at 50 flops per byte.
  EXPECT_NEAR(outcomes[2].predicted[kSequential], 101e-6 + (1 / 125e6 + 50 / 1e9) * 1e9, 1e-9);
}

TEST(DltSimulation, TooFewHostsOnThePlatformIsAClearError)
{
  std::string star = std::string(ISOGRID_SOURCE_DIR) + "/platforms/examples/star-4.xml";
  Point p          = point_for(dlt(), {{"platform", star}, {"m", 5.0}, {"V", 1e9}});
  ProcessPool pool(1, 60);
  pool.launch(0, [&p] {
    Outcome out(dlt().info().metrics.size());
    dlt().simulate(p, SimulationContext{sg::exact_network_config(), false}, out);
    return std::string("no error");
  });
  auto r = pool.wait_some();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_FALSE(r[0].ok);
  EXPECT_EQ(r[0].error, "m = 5 but the platform has only 4 hosts besides the originator master");
}
