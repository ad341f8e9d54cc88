// Room for more actors than the kernel's mapping limit allows with SimGrid's default stacks: the settings isogrid
// adds on platforms past kHostsBeforeSmallStacks hosts (simulator/experiment/experiment.hpp), the farm running on
// 20 002 hosts (40 000 actors, which abort under the default settings), and the shipped models' actors giving the
// same results in 64-KiB stacks as in SimGrid's 8-MiB ones. The ActorRoomAtScale suite runs 15 000 to 40 000 actors:
// `make sanitize` leaves it out (tests/CMakeLists.txt), since its build gives each actor a thread of its own.
#include "simulator/experiment/experiment.hpp"
#include "simulator/run/results_reader.hpp"
#include "tests/test_support.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>

using namespace isogrid;
using namespace isogrid::testing;

namespace {

const std::vector<std::string> kSmallStacks = {"contexts/guard-size:0", "contexts/stack-size:64"};

std::vector<std::string> simgrid_config_of(const std::string& folder)
{
  return nlohmann::json::parse(read_file(folder + "/run.json"))["simgrid_config"].get<std::vector<std::string>>();
}

void expect_small_stacks_recorded(const std::string& folder)
{
  std::vector<std::string> config = simgrid_config_of(folder);
  for (const auto& s : kSmallStacks)
    EXPECT_NE(std::find(config.begin(), config.end(), s), config.end()) << s;
}

// Runs `experiment` (a file in `dir`) into dir/out; true when it ran. Then the small-stack settings must be recorded.
bool ran_with_small_stacks(TempDir& dir, const std::string& experiment)
{
  CommandResult r = run_isogrid(fmt::format("run {} --out {} --no-plot --no-progress", experiment, dir.file("out")));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  if (r.exit_code != 0)
    return false;
  expect_small_stacks_recorded(dir.file("out"));
  return true;
}

// The one row of a one-point run: its status and the named numeric columns.
std::map<std::string, double> only_row(const std::string& folder, const std::vector<std::string>& columns)
{
  ResultsTable table = read_results(folder + "/results.csv");
  EXPECT_EQ(table.rows.size(), 1u);
  std::map<std::string, double> out;
  if (table.rows.empty())
    return out;
  EXPECT_EQ(table.rows[0][static_cast<size_t>(table.column("status"))], "ok");
  for (const auto& c : columns)
    out[c] = number_cell(table.rows[0], table.column(c));
  return out;
}

}  // namespace

TEST(ActorRoom, SmallStacksOnlyPastTheHostThresholdAndNeverOverAnExperimentsOwnSetting)
{
  const std::vector<std::string> exact = {"network/model:CM02"};
  EXPECT_EQ(with_room_for_actors(exact, 0), exact);
  EXPECT_EQ(with_room_for_actors(exact, kHostsBeforeSmallStacks), exact);
  std::vector<std::string> roomy = exact;
  roomy.insert(roomy.end(), kSmallStacks.begin(), kSmallStacks.end());
  EXPECT_EQ(with_room_for_actors(exact, kHostsBeforeSmallStacks + 1), roomy);
  const std::vector<std::string> own_stack = {"network/model:CM02", "contexts/stack-size:256"};
  EXPECT_EQ(with_room_for_actors(own_stack, 100000), own_stack);
  const std::vector<std::string> own_guard = {"contexts/guard-size:8192"};
  EXPECT_EQ(with_room_for_actors(own_guard, 100000), own_guard);
}

TEST(ActorRoomAtScale, AFarmOfTwentyThousandWorkersRunsWithTheSettingsRecorded)
{
  // 2 clusters of a master and 10 000 workers: 20 002 hosts, about 40 000 actors (a worker and its relay each).
  TempDir dir;
  dir.write("platform.yaml", "name: wide\n"
                             "clusters:\n"
                             "  - {name: a, hosts: 10001, speed: 1Gf, link: {bandwidth: 1GBps, latency: 100us}}\n"
                             "  - {name: b, hosts: 10001, speed: 1Gf, link: {bandwidth: 1GBps, latency: 100us}}\n"
                             "inter_cluster: {bandwidth: 1GBps, latency: 1ms}\n");
  std::string experiment =
      dir.write("farm.yaml", "model: hierarchical-farm\nmode: simulate\n"
                             "parameters: {platform: platform.yaml, tasks: 20000, aggregation: 1}\n"
                             "plots: []\n");
  ASSERT_TRUE(ran_with_small_stacks(dir, experiment));
  std::map<std::string, double> row = only_row(dir.file("out"), {"sim_workers", "sim_makespan"});
  EXPECT_EQ(row["sim_workers"], 20000);  // every worker took part
  // Worked by hand: every worker computes its one 1e12-flop task at 1 Gf (1 000 s); then the 20 000 results of
  // 2 310 244 B all cross the master's 1-GBps link (46.2 s) and the master sums each (577 561 flop at 1 Gf, 11.6 s
  // in all) as it takes it: 1 057.76 s. Commands, latencies and the first transfers' overlap add under 0.1 %.
  double by_hand = 1000 + 20000.0 * 2310244 / 1e9 + 20000.0 * 577561 / 1e9;
  EXPECT_NEAR(row["sim_makespan"] / by_hand, 1, 1e-3) << row["sim_makespan"];
}

TEST(ActorRoomAtScale, AStarOfFortyThousandWorkersBuiltFromItsParametersRunsAndMatchesTheClosedForm)
{
  // No platform file: the model builds P0 and m = 40 000 workers, one actor each, from m alone (simulated_hosts).
  // With SimGrid's default stacks this aborts ("Failed to protect stack").
  TempDir dir;
  std::string experiment = dir.write("star.yaml", "model: dlt-star\nmode: both\n"
                                                  "parameters: {m: 40000, V: 1e12, A: 1, C: 1e-9, S: 1e-9}\n"
                                                  "plots: []\n");
  ASSERT_TRUE(ran_with_small_stacks(dir, experiment));
  std::map<std::string, double> row = only_row(dir.file("out"), {"pred_makespan", "sim_makespan"});
  // Eqs. 1-3 with m = 40 000 identical workers: nearly V A / m = 25 000 000 s.
  EXPECT_NEAR(row["pred_makespan"], 2.5e7, 1e3);
  EXPECT_NEAR(row["sim_makespan"] / row["pred_makespan"], 1, 1e-6);
}

TEST(ActorRoomAtScale, ParameterBuiltPlatformsCountTowardTheThresholdOnlyWhenSimulated)
{
  // The same star at the threshold and one host past it; predicted only, nothing runs on SimGrid.
  auto config_for = [](const std::string& mode, long long m) {
    TempDir dir;
    std::string experiment = dir.write(
        "star.yaml", fmt::format("model: dlt-star\nmode: {}\nparameters: {{m: {}, V: 1e12, A: 1, C: 1e-9, S: 1e-9}}\n"
                                 "plots: []\n",
                                 mode, m));
    CommandResult r = run_isogrid(fmt::format("run {} --out {} --no-plot --no-progress", experiment, dir.file("out")));
    EXPECT_EQ(r.exit_code, 0) << r.output;
    return simgrid_config_of(dir.file("out"));
  };
  auto has_small_stacks = [](const std::vector<std::string>& config) {
    return std::find(config.begin(), config.end(), kSmallStacks[1]) != config.end();
  };
  // m workers and P0: m + 1 hosts. The threshold itself keeps SimGrid's stacks.
  EXPECT_FALSE(has_small_stacks(config_for("simulate", static_cast<long long>(kHostsBeforeSmallStacks) - 1)));
  EXPECT_TRUE(has_small_stacks(config_for("simulate", static_cast<long long>(kHostsBeforeSmallStacks))));
  EXPECT_FALSE(has_small_stacks(config_for("predict", 100000)));
}

TEST(ActorRoom, ShippedModelsGiveTheSameResultsInSmallStacks)
{
  struct Case {
    std::string name, body;
  };
  const std::string gph  = fmt::format("model: gph-runtime\nmode: simulate\nparameters:\n"
                                        "  platform: {}/platforms/gph-beowulf.yaml\n  alphabet: {{E: Edin1}}\n"
                                        "  configuration: 16E\n  program: parFib\n  runtime: grid-gum2\nplots: []\n",
                                       ISOGRID_SOURCE_DIR);
  const std::string farm = fmt::format("model: hierarchical-farm\nmode: simulate\nparameters:\n"
                                       "  platform: {}/platforms/argollo-testbed.yaml\nplots: []\n",
                                       ISOGRID_SOURCE_DIR);
  const std::string dlt  = "model: dlt-star\nmode: simulate\nparameters: {m: 20, V: 1e6, A: 1, C: 0.01, S: 0.1}\n"
                           "plots: []\n";
  for (const auto& c : std::vector<Case>{{"gph", gph}, {"farm", farm}, {"dlt", dlt}}) {
    SCOPED_TRACE(c.name);
    expect_the_same_rows_in_small_stacks(c.body);
  }
}
