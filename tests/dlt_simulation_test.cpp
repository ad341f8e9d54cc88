// The simulated DLT star against the closed form: with CM02, factors 1, no TCP-gamma cap and no cross-traffic,
// the SimGrid makespan equals S_1 + (C_1 + A_1) alpha_1 to 1e-6 relative on every feasible instance.
#include "simulator/core/catalog.hpp"
#include "simulator/core/timeline.hpp"
#include "simulator/experiment/experiment.hpp"
#include "simulator/run/results_reader.hpp"
#include "simulator/run/runner.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"
#include "tests/test_support.hpp"
#include "workloads/divisible_load/dlt_instance.hpp"
#include "workloads/divisible_load/dlt_star_model.hpp"
#include "workloads/loads/platform_loads.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <map>
#include <random>
#include <sstream>

using namespace isogrid;
using namespace isogrid::testing;
using isogrid::dlt::DltStarMetrics;
using isogrid::dlt::DltStarParams;

namespace {

const ModelSchema<DltStarParams, DltStarMetrics>& schema() { return dlt::dlt_star_schema(); }
const Model& dlt_model() { return model_of(schema()); }

DltStarParams instance(double m, double V, NumberOrList A, NumberOrList C, NumberOrList S, double beta = 0)
{
  DltStarParams p;
  p.m = static_cast<long long>(m), p.V = V, p.A = std::move(A), p.C = std::move(C), p.S = std::move(S);
  p.beta = beta;
  return p;
}

// A platform-file instance: A, C and S come from the platform.
DltStarParams on_platform(const std::string& platform, const std::string& originator, double m, double V,
                          double unit_flops)
{
  DltStarParams p;
  p.platform = platform, p.originator = originator, p.m = static_cast<long long>(m), p.V = V;
  p.unit_flops = unit_flops;
  return p;
}

double log_uniform(std::mt19937_64& rng, double lo_exp, double hi_exp)
{
  return std::pow(10.0, std::uniform_real_distribution<double>(lo_exp, hi_exp)(rng));
}

// A random heterogeneous instance over the paper's parameter ranges (C 1e-8..1e5, S 1e-6..1e8, V up to 1e10),
// cut down to its largest feasible prefix so that it can be simulated.
DltStarParams random_feasible_instance(std::mt19937_64& rng, int trial)
{
  size_t m = 1 + static_cast<size_t>(trial % 40);
  std::vector<double> A, C, S;
  double a_scale = log_uniform(rng, -4, 2), c_scale = log_uniform(rng, -8, 3), s_scale = log_uniform(rng, -6, 4);
  for (size_t i = 0; i < m; ++i) {
    A.push_back(a_scale * log_uniform(rng, -1, 1));
    C.push_back(c_scale * log_uniform(rng, -1, 1));
    S.push_back(trial % 7 == 0 ? 0.0 : s_scale * log_uniform(rng, -1, 1));
  }
  double V        = log_uniform(rng, 0, 10);
  double beta     = trial % 3 == 0 ? log_uniform(rng, -3, 0) : 0.0;
  DltStarParams p = instance(double(m), V, A, C, S, beta);
  auto k          = static_cast<size_t>(predicted(schema(), p).largest_feasible_m);
  if (k < m) {
    A.resize(k), C.resize(k), S.resize(k);
    p = instance(double(k), V, A, C, S, beta);
  }
  return p;
}

}  // namespace

TEST(DltSimulation, MakespanEqualsTheClosedFormOnRandomHeterogeneousInstances)
{
  std::mt19937_64 rng(2003);
  std::vector<DltStarParams> points;
  for (int trial = 0; trial < 240; ++trial)
    points.push_back(random_feasible_instance(rng, trial));
  auto outcomes      = evaluate_in_children(schema(), points);
  size_t with_return = 0;
  double worst       = 0;
  for (size_t i = 0; i < points.size(); ++i) {
    const DltStarMetrics &pred = outcomes[i].predicted, &sim = outcomes[i].simulated;
    ASSERT_EQ(pred.feasible, 1.0) << "instance " << i;
    ASSERT_EQ(sim.feasible, 1.0) << "instance " << i;
    EXPECT_NEAR(sim.makespan / pred.makespan, 1.0, 1e-6) << "instance " << i;
    EXPECT_NEAR(sim.sequential / pred.sequential, 1.0, 1e-6) << "instance " << i;
    EXPECT_NEAR(sim.efficiency / pred.efficiency, 1.0, 1e-6) << "instance " << i;
    with_return += points[i].beta > 0 ? 1 : 0;
    worst = std::max(worst, std::fabs(sim.makespan / pred.makespan - 1));
  }
  EXPECT_GE(with_return, 60u);  // the result-return extension is exercised too
  RecordProperty("worst_relative_error", std::to_string(worst));
  std::printf("worst relative makespan error over %zu instances: %.3e\n", points.size(), worst);
}

TEST(DltSimulation, PaperSettingsAgreeAcrossBothMaps)
{
  std::vector<DltStarParams> points;
  for (double m : {1.0, 2.0, 5.0, 10.0, 20.0})
    for (double V : {1e3, 1e5, 1e7, 1e10})
      points.push_back(instance(m, V, 1.0, 1.0, 1000.0));
  for (double C : {1e-8, 1e-5, 1e-3, 1e-1})
    for (double S : {1e-6, 1.0, 1e3, 1e5})
      points.push_back(instance(10, 1e8, 1e-3, C, S));
  auto outcomes   = evaluate_in_children(schema(), points);
  size_t feasible = 0;
  for (size_t i = 0; i < points.size(); ++i) {
    const DltStarMetrics &pred = outcomes[i].predicted, &sim = outcomes[i].simulated;
    EXPECT_EQ(sim.feasible, pred.feasible) << i;
    if (pred.feasible == 1.0) {
      ++feasible;
      EXPECT_NEAR(sim.makespan / pred.makespan, 1.0, 1e-6) << i;
    } else {
      EXPECT_EQ(sim.efficiency, 0.0) << i;  // infeasible cells are E = 0 on both faces
      EXPECT_TRUE(std::isnan(sim.makespan)) << i;
    }
  }
  EXPECT_GE(feasible, 15u);
  EXPECT_LT(feasible, points.size());
}

TEST(DltSimulation, DefaultSimGridNetworkModelDoesNotMatchTheClosedForm)
{
  // Why the exact settings matter: LV08's factors (latency x13.01, bandwidth x0.97) and its TCP window change
  // the transfer times, so the same instance no longer matches eqs. 1-3.
  Point p                        = schema().point_of(instance(4, 1e5, 1.0, 1.0, 1000.0));
  auto payload                   = run_in_children({[&p] {
    Outcome out(dlt_model().info().metrics.size());
    dlt_model().evaluate(p, Faces{true, true}, SimulationContext{{"network/model:LV08"}, false}, out);
    return encode_outcome(out);
  }});
  TypedOutcome<DltStarMetrics> o = schema().outcome_of(decode_outcome(payload.front()));
  EXPECT_GT(std::fabs(o.simulated.makespan / o.predicted.makespan - 1), 1e-3);
}

TEST(DltSimulation, PlatformFilesGiveTheirOwnClosedForm)
{
  // On a platform file A, C and S are read off the hosts and routes; both faces come from the child.
  std::string star                  = std::string(ISOGRID_SOURCE_DIR) + "/platforms/examples/star-4.xml";
  std::string clusters              = std::string(ISOGRID_SOURCE_DIR) + "/platforms/examples/two-clusters.yaml";
  std::vector<DltStarParams> points = {
      on_platform(star, "master", 4, 1e9, 100),
      on_platform(star, "master", 1, 1e8, 100),
      on_platform(clusters, "vu-0", 5, 1e9, 50),
      on_platform(clusters, "vu-0", 5, 1e9, 50),
  };
  points[2].sequence = "fastest-link-first";
  points[3].beta     = 0.1;
  auto outcomes      = evaluate_in_children(schema(), points);
  for (size_t i = 0; i < points.size(); ++i) {
    const DltStarMetrics &pred = outcomes[i].predicted, &sim = outcomes[i].simulated;
    ASSERT_EQ(pred.feasible, 1.0) << i;
    EXPECT_NEAR(sim.makespan / pred.makespan, 1.0, 1e-6) << i;
    EXPECT_NEAR(sim.sequential / pred.sequential, 1.0, 1e-6) << i;
  }
  // By hand: worker-1 (1 Gf, 125 MBps, 100 us) gets everything when m = 1:
  // T(1) = 100e-6 + (1/125e6 + 100/1e9) * 1e8 = 10.8001 s.
  EXPECT_NEAR(outcomes[1].predicted.sequential, 10.8001, 1e-9);
  EXPECT_NEAR(outcomes[1].predicted.makespan, 10.8001, 1e-9);
  // From vu-0, fastest-link-first serves vu-1 first: 50us + 1us + 50us, 125 MBps, 1 Gf at 50 flops per byte.
  EXPECT_NEAR(outcomes[2].predicted.sequential, 101e-6 + (1 / 125e6 + 50 / 1e9) * 1e9, 1e-9);
}

TEST(DltSimulation, TooFewHostsOnThePlatformIsAClearError)
{
  std::string star = std::string(ISOGRID_SOURCE_DIR) + "/platforms/examples/star-4.xml";
  Point p          = schema().point_of(on_platform(star, "", 5, 1e9, 1));
  ProcessPool pool(1, 60);
  pool.launch(0, [&p] {
    Outcome out(dlt_model().info().metrics.size());
    dlt_model().evaluate(p, Faces{false, true}, SimulationContext{sg::exact_network_config(), false}, out);
    return std::string("no error");
  });
  auto r = pool.wait_some();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_FALSE(r[0].ok);
  EXPECT_EQ(r[0].error, "m = 5 but the platform has only 4 hosts besides the originator master");
}

// The recorded timeline of a heterogeneous star is Eqs. 1-3's schedule: worker i receives its part from
// sum_{j<i} (S_j + alpha_j C_j) to sum_{j<=i} (S_j + alpha_j C_j) (the originator sending it meanwhile) and then
// computes alpha_i A_i, every worker ending at T_m; to 1e-9 relative, in model time units.
TEST(DltSimulation, TheTimelineIsTheClosedFormSchedule)
{
  DltStarParams p         = instance(4, 100, NumberOrList(std::vector<double>{1, 2, 1.5, 3}),
                                     NumberOrList(std::vector<double>{0.1, 0.2, 0.05, 0.3}),
                                     NumberOrList(std::vector<double>{0.5, 0.2, 0.1, 0.4}));
  Timeline timeline       = isogrid::testing::timeline_of(dlt_model(), schema().point_of(p, 1));
  dlt::Instance inst      = dlt::instance_of(p, 1);
  dlt::Partition expected = dlt::solve(inst.workers, inst.V, inst.beta);
  EXPECT_FALSE(timeline.in_seconds()) << "normalised time: the model's units";
  std::map<std::string, std::pair<double, double>> seen;  // "P2 receive part" -> (start, end)
  size_t intervals = 0;
  for (const TimelineEvent& e : timeline.events()) {
    EXPECT_FALSE(e.level);
    EXPECT_EQ(e.group, "star");
    seen[e.resource + " " + e.state + " " + e.label] = {e.start, e.end};
    ++intervals;
  }
  EXPECT_EQ(intervals, 3 * 4u) << "P0's four sends, each worker's receive and computation";
  double sent = 0;
  for (size_t i = 0; i < 4; ++i) {
    const dlt::Worker& w = inst.workers[i];
    double a             = expected.alpha[i];
    std::string worker   = "P" + std::to_string(i + 1);
    double received      = sent + w.S + a * w.C;
    for (const std::string& key : {worker + " receive part", "P0 send part to " + worker}) {
      EXPECT_NEAR(seen.at(key).first, sent, 1e-9 * expected.summary.makespan) << key;
      EXPECT_NEAR(seen.at(key).second, received, 1e-9 * expected.summary.makespan) << key;
    }
    EXPECT_NEAR(seen.at(worker + " compute part").first, received, 1e-9 * expected.summary.makespan) << worker;
    EXPECT_NEAR(seen.at(worker + " compute part").second, expected.summary.makespan, 1e-9 * expected.summary.makespan)
        << worker;
    sent = received;
  }
}

TEST(DltSimulation, PointsThatShareAnXmlPlatformThroughAForkServerSimulateAsIfAlone)
{
  // The shipped XML star sweep (88 points), its points started from one process that loaded and sealed the
  // platform (the fork server), against the same run with every point loading it itself: the same rows, and each
  // simulated makespan the closed form's on the platform's constants. A child of the server starts at clock 0
  // with fresh actors, or its makespan would differ.
  TempDir dir;
  Experiment ex = load_experiment(std::string(ISOGRID_SOURCE_DIR) + "/experiments/examples/dlt-xml-star.yaml",
                                  {"plots=[]"}, isogrid::testing::catalog());
  auto run      = [&](const std::string& out, unsigned jobs, bool shared) {
    RunOptions o = quiet_run(dir.file(out), jobs);
    if (shared)
      o.prepare_platform = [](const SimulationContext& c, const std::string& platform) {
        sg::prepare_engine(c.simgrid_config, c.simgrid_logs);
        sg::prepare_platform(platform, loads::resolver());
      };
    return read_results(run_experiment(ex, o).results_csv);
  };
  ResultsTable alone = run("alone", 2, false), shared = run("shared", 2, true), one = run("one", 1, true);
  ASSERT_EQ(shared.rows.size(), 88u);
  ASSERT_EQ(alone.rows.size(), 88u);
  auto col   = [&](const char* name) { return static_cast<size_t>(shared.column(name)); };
  size_t sim = col("sim_makespan"), pred = col("pred_makespan"), status = col("status");
  size_t feasible = 0;
  for (size_t i = 0; i < shared.rows.size(); ++i) {
    for (size_t c = 0; c + 1 < shared.rows[i].size(); ++c) {  // all but wall_s
      EXPECT_EQ(shared.rows[i][c], alone.rows[i][c]) << "row " << i << ", " << shared.header[c];
      EXPECT_EQ(one.rows[i][c], alone.rows[i][c]) << "row " << i << ", " << shared.header[c];
    }
    ASSERT_EQ(shared.rows[i][status], "ok") << i;
    if (shared.rows[i][sim].empty())
      continue;  // infeasible: nothing simulated
    ++feasible;
    // 1e-6 relative, and 0.1 us absolute: SimGrid's solver rounds the few-millisecond makespans of the smallest
    // loads (V <= 1e5) by up to 4e-8 s, as it does in the run without a server.
    double expected = std::stod(shared.rows[i][pred]);
    EXPECT_NEAR(std::stod(shared.rows[i][sim]), expected, 1e-6 * expected + 1e-7) << i;
  }
  EXPECT_GT(feasible, 40u);
}
