// Room for more actors than the kernel's mapping limit allows with SimGrid's default stacks: the settings isogrid
// adds on platforms past kHostsBeforeSmallStacks hosts (simulator/experiment/experiment.hpp), the farm running on
// 20 002 hosts (40 000 actors, which abort under the default settings), and the shipped models' actors giving the
// same results in 64-KiB stacks as in SimGrid's 8-MiB ones.
#include "simulator/experiment/experiment.hpp"
#include "tests/test_support.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace isogrid;
using namespace isogrid::testing;

namespace {

const std::vector<std::string> kSmallStacks = {"contexts/guard-size:0", "contexts/stack-size:64"};

// results.csv without its last column (wall_s, which differs from run to run).
std::string rows_but_wall_time(const std::string& folder)
{
  std::string csv = read_file(folder + "/results.csv"), out;
  size_t at       = 0;
  while (at < csv.size()) {
    size_t end        = csv.find('\n', at);
    std::string line  = csv.substr(at, end - at);
    out += line.substr(0, line.rfind(',')) + "\n";
    at = end == std::string::npos ? csv.size() : end + 1;
  }
  return out;
}

std::vector<std::string> simgrid_config_of(const std::string& folder)
{
  return nlohmann::json::parse(read_file(folder + "/run.json"))["simgrid_config"].get<std::vector<std::string>>();
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

TEST(ActorRoom, AFarmOfTwentyThousandWorkersRunsWithTheSettingsRecorded)
{
  // 2 clusters of a master and 10 000 workers: 20 002 hosts, about 40 000 actors (a worker and its relay each).
  TempDir dir;
  dir.write("platform.yaml", "name: wide\n"
                             "clusters:\n"
                             "  - {name: a, hosts: 10001, speed: 1Gf, link: {bandwidth: 1GBps, latency: 100us}}\n"
                             "  - {name: b, hosts: 10001, speed: 1Gf, link: {bandwidth: 1GBps, latency: 100us}}\n"
                             "inter_cluster: {bandwidth: 1GBps, latency: 1ms}\n");
  std::string experiment = dir.write("farm.yaml", "model: hierarchical-farm\nmode: simulate\n"
                                                  "parameters: {platform: platform.yaml, tasks: 20000, aggregation: 1}\n"
                                                  "plots: []\n");
  CommandResult r = run_isogrid(fmt::format("run {} --out {} --no-plot --no-progress", experiment, dir.file("out")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::vector<std::string> config = simgrid_config_of(dir.file("out"));
  for (const auto& s : kSmallStacks)
    EXPECT_NE(std::find(config.begin(), config.end(), s), config.end()) << s;
  std::string rows = rows_but_wall_time(dir.file("out"));
  EXPECT_NE(rows.find(",ok,20000,"), std::string::npos) << rows;  // status, then every worker counted
  // One 1000-s task per worker, results back over 1-GBps links: the makespan is a task plus transfers, under 1010 s.
  EXPECT_NE(rows.find(",20000,100"), std::string::npos) << rows;
}

TEST(ActorRoom, ShippedModelsGiveTheSameResultsInSmallStacks)
{
  struct Case {
    std::string name, body;
  };
  const std::string gph     = fmt::format("model: gph-runtime\nmode: simulate\nparameters:\n"
                                          "  platform: {}/platforms/gph-beowulf.yaml\n  alphabet: {{E: Edin1}}\n"
                                          "  configuration: 16E\n  program: parFib\n  runtime: grid-gum2\nplots: []\n",
                                          ISOGRID_SOURCE_DIR);
  const std::string farm    = fmt::format("model: hierarchical-farm\nmode: simulate\nparameters:\n"
                                          "  platform: {}/platforms/argollo-testbed.yaml\nplots: []\n",
                                          ISOGRID_SOURCE_DIR);
  const std::string small   = "simgrid: {contexts/stack-size: 64, contexts/guard-size: 0}\n";
  for (const auto& c : std::vector<Case>{{"gph", gph}, {"farm", farm}}) {
    SCOPED_TRACE(c.name);
    TempDir dir;
    std::string usual = dir.write("usual.yaml", c.body), roomy = dir.write("roomy.yaml", c.body + small);
    for (const auto& [file, out] : {std::pair{usual, "usual"}, std::pair{roomy, "roomy"}}) {
      CommandResult r = run_isogrid(fmt::format("run {} --out {} --no-plot --no-progress", file, dir.file(out)));
      ASSERT_EQ(r.exit_code, 0) << r.output;
    }
    std::string rows = rows_but_wall_time(dir.file("usual"));
    EXPECT_NE(rows.find(",ok,"), std::string::npos) << rows;
    EXPECT_EQ(rows, rows_but_wall_time(dir.file("roomy")));
  }
}
