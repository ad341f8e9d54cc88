// The resource-selection model (Sanjay, ch. 4) end to end: the race on one drawn cluster against the exhaustive
// optimum, common random numbers across schedulers, bad inputs, reproducibility across --jobs, and the thesis's
// headline ordering on 512 and 1024 machines.
#include "simulator/core/catalog.hpp"
#include "simulator/sg/session.hpp"
#include "tests/test_support.hpp"
#include "workloads/resource_selection/resource_selection_model.hpp"
#include "workloads/resource_selection/systolic_ring.hpp"

#include <cmath>
#include <fmt/format.h>
#include <gtest/gtest.h>

using namespace isogrid;
using namespace isogrid::testing;
using isogrid::scheduling::resource_selection_schema;
using isogrid::scheduling::ResourceSelectionMetrics;
using isogrid::scheduling::ResourceSelectionParams;

namespace {

const Model& selection_model() { return model_of(resource_selection_schema()); }

// One point's race, checked as the harness checks it, predicted in this process.
ResourceSelectionMetrics race(const std::map<std::string, Value>& values, uint64_t seed = 3)
{
  const Model& model = selection_model();
  Point p            = point_for(model, values, seed);
  model.check(p);
  Outcome out(model.info().metrics.size());
  model.evaluate(p, Faces{true, false}, SimulationContext{}, out);
  return resource_selection_schema().metrics_of(out.predicted);
}

std::vector<std::string> words(std::initializer_list<const char*> list) { return {list.begin(), list.end()}; }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

// 14 machines: every scheduler's schedule is at least the optimum, be_gain and be_not_best follow from the times,
// and each scheduler's processors/cpu/bandwidth give back its time through Eq. 4.1 (MD: 6.4e-4 N^2 / (cpu P) +
// 0.86 N / (bw sqrt P), N = 2048).
TEST(ResourceSelectionModel, RaceOnASmallClusterAgainstTheOptimum)
{
  ResourceSelectionMetrics out = race({{"machines", 14.0}, {"optimum_limit", 20.0}});
  double optimum               = out.time_optimum;
  ASSERT_TRUE(std::isfinite(optimum));
  double best_other = INFINITY;
  for (const char* name : {"sa", "ga", "aco", "bb", "dp", "be"}) {
    const auto& row = out.schedulers[name];
    double t        = row.time;
    EXPECT_GE(t, optimum * (1 - 1e-12)) << name;
    double p = row.processors, cpu = row.cpu, bw = row.bandwidth;
    double n = 2048, eq41 = 6.4e-4 * n * n / (cpu * p) + (p > 1 ? 0.86 * n / (bw * std::sqrt(p)) : 0);
    EXPECT_NEAR(t, eq41, 1e-9 * t) << name;
    if (std::string(name) != "be")
      best_other = std::min(best_other, t);
  }
  EXPECT_DOUBLE_EQ(out.best_other, best_other);
  EXPECT_DOUBLE_EQ(out.be_gain, 100 * (best_other - out.schedulers["be"].time) / best_other);
  EXPECT_EQ(out.be_not_best, best_other < out.schedulers["be"].time ? 1.0 : 0.0);
  EXPECT_EQ(out.cluster_count, 1);
  EXPECT_EQ(out.machines_total, 14);
}

// The cluster depends on the seed only: Box Elimination finds the same schedule whether it races alone or not,
// and a multi-cluster grid draws its cluster count and sizes within the given ranges.
TEST(ResourceSelectionModel, SchedulersAreComparedOnTheSameDrawnGrid)
{
  auto alone = race({{"machines", 64.0}, {"schedulers", words({"be"})}});
  auto raced = race({{"machines", 64.0}, {"schedulers", words({"dp", "be"})}});
  EXPECT_EQ(alone.schedulers["be"].time, raced.schedulers["be"].time);
  EXPECT_TRUE(std::isnan(alone.schedulers["dp"].time));
  EXPECT_TRUE(std::isnan(alone.be_gain));  // nobody to compare with
  auto grid       = race({{"machines", 32.0},
                          {"machines_max", 64.0},
                          {"clusters", 3.0},
                          {"clusters_max", 5.0},
                          {"scaling_factors", std::vector<double>{0.6, 1.4}},
                          {"schedulers", words({"dp", "be"})},
                          {"light", 0.0},
                          {"medium", 0.0},
                          {"heavy", 0.0}});
  double clusters = grid.cluster_count, total = grid.machines_total;
  EXPECT_GE(clusters, 3);
  EXPECT_LE(clusters, 5);
  EXPECT_GE(total, 32 * clusters);
  EXPECT_LE(total, 64 * clusters);
  EXPECT_LT(grid.schedulers["be"].cluster, clusters);
  EXPECT_GE(grid.weight_ratio, 1);
}

// The systolic ring against its closed form: P equal machines at CPU c and links of b Mbit/s take
// comp / c (P stages of comp / (P c)) plus P - 1 shifts of (comm / P) / b. A ring of one machine only computes; in
// a ring with one slow machine, the slow one paces every stage.
TEST(SystolicRing, EqualMachinesMatchTheClosedForm)
{
  using isogrid::scheduling::SystolicRing;
  std::vector<std::string> out = run_in_children({[] {
    SimulationContext context{sg::exact_network_config(), false};
    std::vector<SystolicRing> rings = {
        {{0.5, 0.5, 0.5, 0.5}, {100, 100, 100, 100}, 40, 200},  // 40 / 0.5 + 3 x (200 / 4) / 100 = 81.5
        {{0.8}, {}, 40, 200},                                   // 40 / 0.8 = 50
        {{1, 0.25, 1}, {100, 100, 100}, 30, 0},                 // at least 30 / 0.25 = 120
    };
    std::vector<double> t = isogrid::scheduling::run_systolic_rings(rings, context);
    return fmt::format("{:.9f} {:.9f} {:.9f}", t[0], t[1], t[2]);
  }});
  double equal = 0, alone = 0, slow = 0;
  ASSERT_EQ(std::sscanf(out[0].c_str(), "%lf %lf %lf", &equal, &alone, &slow), 3) << out[0];
  EXPECT_NEAR(equal, 81.5, 1e-6);
  EXPECT_NEAR(alone, 50, 1e-6);
  EXPECT_NEAR(slow, 120, 1e-6);  // with no communication, the slow machine's own P stages
}

// The timeline of three rings side by side, each a group (named as the model names each scheduler's ring): every
// process computes each of its P stages for (40 / P) / cpu s and shifts its block P - 1 times.
TEST(SystolicRing, TheTimelineHoldsEveryStageAndShift)
{
  using isogrid::scheduling::SystolicRing;
  std::vector<SystolicRing> rings = {{{0.5, 0.5, 0.5, 0.5}, {100, 100, 100, 100}, 40, 200},
                                     {{0.8}, {}, 40, 200},
                                     {{1, 0.25, 1}, {100, 100, 100}, 30, 0}};
  Timeline timeline               = timeline_in_child([&](const SimulationContext& context) {
    isogrid::scheduling::run_systolic_rings(rings, context, {"dp", "be", "sa"});
  });
  std::map<std::string, int> count;  // "group row state" -> intervals
  for (const TimelineEvent& e : timeline.events()) {
    count[e.group + " " + e.resource + " " + e.state] += 1;
    if (e.state == "compute" && e.group == "dp") {
      EXPECT_NEAR(e.end - e.start, 10 / 0.5, 1e-9) << e.resource << " " << e.label;
    }
  }
  const std::vector<std::pair<std::string, std::size_t>> sizes = {{"dp", 4}, {"be", 1}, {"sa", 3}};
  for (const auto& [group, p] : sizes)
    for (std::size_t i = 0; i < p; ++i) {
      std::string row = group + " process " + std::to_string(i);
      EXPECT_EQ(count[row + " compute"], static_cast<int>(p)) << row;
      EXPECT_EQ(count[row + " shift"], static_cast<int>(p) - 1) << row;
    }
  EXPECT_EQ(timeline.rows().size(), 8u) << "each process a host of its ring";
}

// Mode both on 24 machines: each scheduler's schedule simulated; the predicted and simulated faces agree within
// the ring's communication gap (the model divides communication by sqrt P, the ring does not).
TEST(ResourceSelectionModel, SimulatedFaceRunsEachScheduleAsARing)
{
  const Model& model = selection_model();
  Point p            = point_for(model, {{"machines", 24.0}, {"schedulers", words({"dp", "be"})}}, 5);
  auto out           = read_outcomes(resource_selection_schema(), evaluate_in_children({p}, model))[0];
  for (const char* name : {"dp", "be"}) {
    double predicted = out.predicted.schedulers[name].time, simulated = out.simulated.schedulers[name].time;
    ASSERT_TRUE(std::isfinite(simulated)) << name;
    // Computation is the same in both; the ring's communication is up to sqrt(P) times the model's.
    EXPECT_GE(simulated, predicted * (1 - 1e-9)) << name;
    EXPECT_LT(simulated, predicted * std::sqrt(24.0)) << name;
  }
  EXPECT_TRUE(std::isnan(out.simulated.time_optimum));
}

TEST(ResourceSelectionModel, BadInputsNameTheKey)
{
  auto error_key = [](const std::map<std::string, Value>& values) {
    try {
      race(values);
    } catch (const ParamError& e) {
      return e.param() + ": " + e.what();
    }
    return std::string("no error");
  };
  EXPECT_TRUE(contains(error_key({{"machines", 64.0}, {"machines_max", 32.0}}), "machines_max: "));
  EXPECT_TRUE(contains(error_key({{"light", 50.0}, {"medium", 40.0}, {"heavy", 30.0}}),
                       "light: light + medium + heavy must be 100"));
  EXPECT_TRUE(contains(error_key({{"error", 1.5}}), "error: "));
  EXPECT_TRUE(contains(error_key({{"link_share_low", 0.9}}), "link_share_low: "));
}

// The same experiment file and seed give the same results with one job or two.
TEST(Cli, SanjayGapStudyIsTheSameWhateverTheJobs)
{
  TempDir dir;
  std::string experiment = source("experiments/sanjay2008-ch4/gap-to-optimum.yaml");
  for (int jobs : {1, 2}) {
    CommandResult r = run_isogrid(fmt::format("run {} --out {} --jobs {} --no-plot --set repetitions=3 "
                                              "--set 'machines=[8, 12]'",
                                              experiment, dir.file(fmt::format("j{}", jobs)), jobs));
    EXPECT_EQ(r.exit_code, 0) << r.output;
  }
  auto without_wall = [&](const std::string& folder) {
    std::string csv = read_file(dir.file(folder + "/results.csv")), out;
    for (size_t start = 0; start < csv.size();) {
      size_t end       = csv.find('\n', start);
      std::string line = csv.substr(start, end - start);
      out += line.substr(0, line.rfind(',')) + "\n";  // wall_s is the last column
      start = end + 1;
    }
    return out;
  };
  EXPECT_EQ(without_wall("j1"), without_wall("j2"));
}

// Fig. 4.15 on 512 and 1024 machines: BE beats DP by at least 30 % (the thesis: about 70 %), and DP
// beats SA, GA, ACO and B&B (three drawn clusters per size).
TEST(Cli, SanjayBoxEliminationBeatsDpOn512And1024Machines)
{
  TempDir dir;
  CommandResult r =
      run_isogrid(fmt::format("run {} --out {} --jobs 2 --no-plot --set repetitions=3 "
                              "--set 'machines=[512, 1024]'",
                              source("experiments/sanjay2008-ch4/fig4-15-scalability.yaml"), dir.file("s")));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "comparisons: 6 of 6 groups held")) << r.output;
}
