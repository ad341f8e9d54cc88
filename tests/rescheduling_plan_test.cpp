// The rescheduling-plan and rescheduling-grid models (Sanjay, ch. 5) end to end: a custom application through the
// harness, the planners compared on one drawn cluster against the optimum, the same clusters across rcost, and
// multi-cluster plans on a small drawn grid.
#include "simulator/core/catalog.hpp"
#include "simulator/experiment/experiment.hpp"
#include "tests/test_support.hpp"
#include "workloads/rescheduling/rescheduling_grid_model.hpp"
#include "workloads/rescheduling/rescheduling_plan_model.hpp"

#include <cmath>
#include <gtest/gtest.h>

using namespace isogrid;
using namespace isogrid::testing;
using isogrid::rescheduling::rescheduling_plan_schema;
using isogrid::rescheduling::ReschedulingPlanMetrics;

namespace {

ReschedulingPlanMetrics plans(const std::map<std::string, Value>& values, uint64_t seed = 5)
{
  const Model& model = model_of(rescheduling_plan_schema());
  Point p            = point_for(model, values, seed);
  model.check(p);
  Outcome out(model.info().metrics.size());
  model.evaluate(p, Faces{true, false}, SimulationContext{}, out);
  return rescheduling_plan_schema().metrics_of(out.predicted);
}

std::vector<std::string> words(std::initializer_list<const char*> list) { return {list.begin(), list.end()}; }

}  // namespace

// Six custom phases in two regimes on 48 machines: every planner's plan is valid, at least the optimum (brute
// force, here), its gap is its time against the optimum's, and the optimum reschedules at least once when
// rescheduling is free and phases want different schedules (computation that scales with P, then computation that
// barely does).
TEST(ReschedulingPlanModel, PlannersAgainstTheOptimumOnACustomApplication)
{
  std::map<std::string, Value> values = {
      {"machines", 48.0},
      {"application", std::string("custom")},
      {"phase_computation", std::vector<double>{2000, 2000, 2000, 2000, 2000, 2000}},
      {"phase_communication", std::vector<double>{10, 10, 10, 10, 10, 10}},
      {"phase_computation_speedup", words({"x^2", "x^2", "x^2", "log", "log", "log"})},
      {"phase_communication_speedup", words({"log"})},
      {"planners", words({"incremental", "division", "genetic", "optimal"})},
      {"truth", std::string("brute-force")},
      {"rcost", 0.0},
  };
  ReschedulingPlanMetrics out = plans(values);
  ASSERT_TRUE(std::isfinite(out.time_optimum));
  EXPECT_EQ(out.phases, 6);
  EXPECT_DOUBLE_EQ(out.planners["optimal"].time, out.time_optimum);  // the DAG and brute force agree
  for (const char* name : {"incremental", "division", "genetic"}) {
    const auto& row = out.planners[name];
    EXPECT_GE(row.time, out.time_optimum * (1 - 1e-12)) << name;
    EXPECT_NEAR(row.gap, 100 * (row.time - out.time_optimum) / out.time_optimum, 1e-9) << name;
    EXPECT_EQ(row.valid, 1) << name;
  }
  EXPECT_GE(out.intervals_optimum, 2);
  EXPECT_LT(out.time_optimum, out.time_single);
  EXPECT_NEAR(out.gain_optimum, 100 * (out.time_single - out.time_optimum) / out.time_single, 1e-9);
  EXPECT_LE(out.interval_schedules, 21);                      // 6 phases: 21 intervals at most, each scheduled once
  EXPECT_TRUE(std::isnan(out.planners["brute-force"].time));  // not asked for
}

// The cluster comes from the seed alone: the single schedule is the same for every rcost, and the optimum's time
// never falls as rescheduling gets dearer.
TEST(ReschedulingPlanModel, TheSameClusterForEveryRcost)
{
  double previous = 0, single = -1;
  for (double rcost : {0.0, 120.0, 300.0}) {
    ReschedulingPlanMetrics out = plans({{"machines", 64.0}, {"rcost", rcost}}, 11);
    if (single < 0)
      single = out.time_single;
    EXPECT_EQ(out.time_single, single) << rcost;
    EXPECT_GE(out.time_optimum, previous) << rcost;
    EXPECT_LE(out.time_optimum, out.time_single) << rcost;
    previous = out.time_optimum;
  }
}

// Planners blind to rcost plan as if rescheduling were free; their plans are scored with the real rcost, so each
// one's time at rcost 300 is its rcost-0 plan plus 300 s per reschedule. The optimum always sees rcost.
TEST(ReschedulingPlanModel, PlannersBlindToRcostAreScoredWithIt)
{
  std::map<std::string, Value> values = {{"machines", 64.0}, {"rcost", 0.0}};
  ReschedulingPlanMetrics free_       = plans(values, 13);
  values["rcost"]                     = 300.0;
  values["planners_see_rcost"]        = std::string("off");
  ReschedulingPlanMetrics blind       = plans(values, 13);
  values["planners_see_rcost"]        = std::string("on");
  ReschedulingPlanMetrics aware       = plans(values, 13);
  EXPECT_EQ(blind.time_optimum, aware.time_optimum);
  for (const char* name : {"incremental", "division", "genetic"}) {
    const auto& row = free_.planners[name];
    EXPECT_NEAR(blind.planners[name].time, row.time + (row.intervals - 1) * 300, 1e-9 * row.time) << name;
    EXPECT_EQ(blind.planners[name].intervals, row.intervals) << name;
    EXPECT_GE(blind.planners[name].time, blind.time_optimum * (1 - 1e-12)) << name;
  }
}

namespace {

isogrid::rescheduling::ReschedulingGridMetrics grid_plans(const std::map<std::string, Value>& values, uint64_t seed)
{
  using isogrid::rescheduling::rescheduling_grid_schema;
  const Model& model = model_of(rescheduling_grid_schema());
  Point p            = point_for(model, values, seed);
  model.check(p);
  Outcome out(model.info().metrics.size());
  model.evaluate(p, Faces{true, false}, SimulationContext{}, out);
  return rescheduling_grid_schema().metrics_of(out.predicted);
}

}  // namespace

// A small grid (2-3 clusters of 16-32 machines, MD-15): the drawn grid stays within its ranges, a plan reschedules
// at most once per interval boundary, and a planner's plan is the same whether it runs alone or beside another
// (the loads of each step come from the seed alone, and are shared).
TEST(ReschedulingGridModel, PlansOnASmallGridAreWithinTheirRangesAndIndependentOfOtherPlanners)
{
  std::map<std::string, Value> values = {{"application", std::string("MD-15")},
                                         {"clusters", 2.0},
                                         {"clusters_max", 3.0},
                                         {"machines", 16.0},
                                         {"machines_max", 32.0},
                                         {"planners", words({"incremental"})}};
  auto alone                          = grid_plans(values, 3);
  values["planners"]                  = words({"genetic", "incremental"});
  auto beside                         = grid_plans(values, 3);
  EXPECT_EQ(alone.planners["incremental"].hours, beside.planners["incremental"].hours);
  EXPECT_TRUE(std::isnan(alone.planners["genetic"].hours));
  EXPECT_EQ(alone.hours_single, beside.hours_single);
  EXPECT_GE(alone.cluster_count, 2);
  EXPECT_LE(alone.cluster_count, 3);
  EXPECT_GE(alone.machines_mean, 16);
  EXPECT_LE(alone.machines_mean, 32);
  EXPECT_GE(alone.weight_ratio, 1);
  for (const char* name : {"incremental", "genetic"}) {
    const auto& row = beside.planners[name];
    EXPECT_GT(row.hours, 0) << name;
    EXPECT_GE(row.intervals, 1) << name;
    EXPECT_LE(row.intra_moves + row.inter_moves, row.intervals - 1) << name;
  }
}

// Executed on SimGrid (mode: both), on three machines, where a ring of the schedule is every pair of it: apart from
// the reschedules, every plan runs exactly its Eq. 5.2 intervals, and each reschedule costs the restart plus the
// checkpoint written and read back through the storage host's 100 Mbit/s link (20 + 2 x 50 MB x 8 / 100 = 28 s).
TEST(ReschedulingPlanModel, ExecutedPlansRunTheirIntervalsAndPayTheCheckpointsCost)
{
  rescheduling::ReschedulingPlanParams p;
  p.machines                    = 3;
  p.application                 = "custom";
  p.phase_computation           = {2000, 2000, 10, 10, 2000};  // computation, then communication, then computation
  p.phase_communication         = {0, 0, 5000, 5000, 0};
  p.phase_computation_speedup   = {"x"};
  p.phase_communication_speedup = {"sqrt"};
  p.planners                    = {"incremental", "division", "genetic"};
  p.max_bandwidths              = {100};
  p.rcost = 0, p.t_thres = 0, p.restart = 20, p.checkpoint_mb = 50;
  auto out = evaluate_in_children(rescheduling_plan_schema(), std::vector<rescheduling::ReschedulingPlanParams>{p});
  const ReschedulingPlanMetrics& predicted = out[0].predicted;
  const ReschedulingPlanMetrics& executed  = out[0].simulated;
  ASSERT_GE(predicted.intervals_optimum, 2);  // the communication phases want fewer machines: a reschedule at least
  auto same_intervals = [](double pred_time, double pred_overhead, double sim_time, double sim_overhead) {
    EXPECT_NEAR(sim_time - sim_overhead, pred_time - pred_overhead, 1e-6 * pred_time);
  };
  same_intervals(predicted.time_optimum, predicted.overhead_optimum, executed.time_optimum, executed.overhead_optimum);
  EXPECT_EQ(predicted.overhead_optimum, 0);  // rcost 0
  EXPECT_NEAR(executed.overhead_optimum, 28 * (predicted.intervals_optimum - 1), 1e-6 * executed.overhead_optimum);
  for (const char* name : {"incremental", "division", "genetic"}) {
    const auto& pred = predicted.planners[name];
    const auto& sim  = executed.planners[name];
    same_intervals(pred.time, pred.overhead, sim.time, sim.overhead);
    EXPECT_NEAR(sim.overhead, 28 * (pred.intervals - 1), 1e-6 * (sim.overhead + 1)) << name;
    EXPECT_NEAR(sim.gap, 100 * (sim.time - executed.time_optimum) / executed.time_optimum, 1e-9) << name;
  }
  EXPECT_NEAR(executed.time_single, predicted.time_single, 1e-6 * predicted.time_single);  // never reschedules
}

// The same on a drawn grid of three-machine clusters: each multi-cluster plan runs its intervals as MCRPAlgo
// predicted them under each step's loads, the single schedule its phases under theirs; only the moves' costs
// differ (the planners price them at intra_cost, the executed run pays the checkpoints and the restart).
TEST(ReschedulingGridModel, ExecutedPlansRunTheirIntervalsUnderEachStepsLoads)
{
  rescheduling::ReschedulingGridParams p;
  p.application         = "MD-15";
  p.clusters            = 3;
  p.clusters_max        = 0;
  p.machines            = 3;
  p.machines_max        = 0;
  p.planners            = {"incremental", "genetic"};
  p.t_thres             = 0;
  p.intra_cost          = 60;
  auto out              = evaluate_in_children(rescheduling::rescheduling_grid_schema(),
                                               std::vector<rescheduling::ReschedulingGridParams>{p}, 11);
  const auto& predicted = out[0].predicted;
  const auto& executed  = out[0].simulated;
  double moves          = 0;
  for (const char* name : {"incremental", "genetic"}) {
    const auto& pred = predicted.planners[name];
    const auto& sim  = executed.planners[name];
    EXPECT_NEAR(sim.hours - sim.overhead, pred.hours - pred.overhead, 1e-6 * pred.hours) << name;
    EXPECT_EQ(sim.intra_moves + sim.inter_moves, pred.intra_moves + pred.inter_moves) << name;
    // Every reschedule pays at least the 30 s restart.
    EXPECT_GE(sim.overhead * 3600, 30 * (pred.intra_moves + pred.inter_moves) * (1 - 1e-9)) << name;
    moves += pred.intra_moves + pred.inter_moves;
  }
  EXPECT_GT(moves, 0);  // the check above is not empty
  EXPECT_NEAR(executed.hours_single, predicted.hours_single, 1e-6 * predicted.hours_single);
}

// A custom application of more than the eight growth functions' worth of phases names some function twice: its
// per-phase lists are sequences, read from an experiment file as written ("x is listed twice" refused them).
TEST(ReschedulingPlanModel, PerPhaseFunctionsMayRepeatInAnExperimentFile)
{
  TempDir dir;
  std::string path = dir.write("ten-phases.yaml", R"(model: rescheduling-plan
mode: predict
parameters:
  machines: 16
  application: custom
  phase_computation: [100, 100, 100, 100, 100, 100, 100, 100, 100, 100]
  phase_communication: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5]
  phase_computation_speedup: [x, x, x, log, log, x, x, sqrt, sqrt, x]
  phase_communication_speedup: [log, log, log, log, log, log, log, log, log, log]
  planners: [incremental]
sweep:
  rcost: [0, 10]
plots: []
)");
  Experiment ex    = load_experiment(path, {}, isogrid::testing::catalog());
  EXPECT_EQ(ex.included_points, 2u);
  Point p;
  ex.sweep.point_into(0, p);
  Outcome out(ex.model->info().metrics.size());
  ex.model->evaluate(p, ex.faces(), SimulationContext{}, out);
  EXPECT_EQ(rescheduling_plan_schema().metrics_of(out.predicted).phases, 10);
}
