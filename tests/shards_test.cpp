// Sharded runs: the partition of a sweep's points, `run --shard K/N`, `collect` and `status`, as a user on a cluster
// meets them (docs/cluster.md): the merged results.csv is a one-machine run's, and what cannot be merged is refused.
#include "simulator/core/catalog.hpp"
#include "simulator/experiment/experiment.hpp"
#include "simulator/run/csv_sink.hpp"
#include "simulator/run/results_reader.hpp"
#include "simulator/run/shards.hpp"
#include "simulator/run/slurm_scripts.hpp"
#include "tests/test_support.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace isogrid;
using namespace isogrid::testing;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// 24 points of a 4-worker star on both faces (12 volumes x 2 repetitions): a few forked simulations per shard.
const char* kSweep = "model: dlt-star\nparameters: {m: 4, C: 0.1}\nrepetitions: 2\nsweep:\n"
                     "  V: {logspace: [1, 3, 12]}\n";

// A results.csv without its last column (wall_s), which two runs of the same points never share.
std::string without_wall(const std::string& path)
{
  std::ifstream in(path);
  std::string line, out;
  while (std::getline(in, line))
    out += line.substr(0, line.rfind(',')) + "\n";
  return out;
}

void overwrite(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::trunc) << text; }
void append_line(const std::string& path, const std::string& line)
{
  std::ofstream(path, std::ios::app) << line << "\n";
}

// A results.csv's header and first data row.
std::pair<std::string, std::string> header_and_first_row(const std::string& csv)
{
  std::ifstream in(csv);
  std::string header, row;
  std::getline(in, header);
  std::getline(in, row);
  return {header, row};
}

std::string shard_run(const std::string& exp, const std::string& out, const std::string& shard,
                      const std::string& more = "")
{
  return fmt::format("run {} --shard {} --out {} --no-plot --no-progress {}", exp, shard, out, more);
}

}  // namespace

TEST(Shards, ParsesKOfNAndRefusesTheRest)
{
  ShardSpec s = parse_shard("3/10");
  EXPECT_EQ(s.k, 3u);
  EXPECT_EQ(s.n, 10u);
  for (const char* bad : {"0/3", "4/3", "3", "a/3", "3/", "/3", "1/0", "-1/3", "1/3x", ""})
    EXPECT_THROW(parse_shard(bad), std::invalid_argument) << bad;
}

// Every included point in exactly one shard, shard sizes within one of each other, points `where` rules out in
// none; a costly tail of the sweep (its last fifth) spread over every shard rather than landing in one.
TEST(Shards, PartitionIsBalancedAndSpreadsAContiguousRegion)
{
  TempDir dir;
  Experiment ex = load_experiment(
      dir.write("e.yaml",
                "model: dlt-star\nmode: predict\nparameters: {C: 0.1, V: 100}\nsweep:\n  m: {range: [1, 1000]}\n"
                "where: \"floor(m / 7) * 7 != m\"\n"),
      {}, isogrid::testing::catalog());
  const unsigned n            = 8;
  std::vector<unsigned> shard = shard_of_points(ex, n);
  std::vector<std::uint64_t> size(n + 1, 0), tail(n + 1, 0);
  for (std::uint64_t i = 0; i < shard.size(); ++i) {
    EXPECT_EQ(shard[i] == 0, !ex.includes(i)) << i;
    size[shard[i]] += 1;
    tail[shard[i]] += i >= 800 && shard[i] ? 1 : 0;
  }
  EXPECT_EQ(size[0], 142u);  // m = 7, 14, ..., 994
  for (unsigned k = 1; k <= n; ++k) {
    EXPECT_TRUE(size[k] == 857 / n || size[k] == 857 / n + 1) << k << ": " << size[k];
    EXPECT_GE(tail[k], 10u) << k;  // 172 tail points over 8 shards: 21.5 on average
    EXPECT_LE(tail[k], 33u) << k;
  }
  EXPECT_EQ(shard_of_points(ex, n), shard);  // a pure function of the indices

  Experiment third = ex;
  restrict_to_shard(third, {3, n});
  EXPECT_EQ(third.included_points, size[3]);
  for (std::uint64_t i = 0; i < shard.size(); ++i)
    EXPECT_EQ(third.includes(i), shard[i] == 3) << i;
}

TEST(Shards, ShardFoldersSortAndMustAgreeOnN)
{
  EXPECT_EQ(shard_folder("out", {3, 12}), "out/shards/03-of-12");
  EXPECT_EQ(shard_folder("out", {1, 1}), "out/shards/1-of-1");
  TempDir dir;
  std::filesystem::create_directories(shard_folder(dir.file("a"), {2, 3}));
  std::filesystem::create_directories(shard_folder(dir.file("a"), {1, 3}));
  std::filesystem::create_directories(dir.file("a/shards/notes"));
  auto found = find_shard_folders(dir.file("a"));
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].spec.k, 1u);
  EXPECT_EQ(found[1].spec.k, 2u);
  std::filesystem::create_directories(shard_folder(dir.file("a"), {1, 4}));
  EXPECT_THROW(find_shard_folders(dir.file("a")), std::runtime_error);
}

// Three shards on one or two jobs, merged, give the one-machine results.csv but for wall_s; a shard run again
// (a requeued array task) and a row written twice change nothing; status says where each shard is.
TEST(Shards, CollectedShardsAreTheOneMachineRun)
{
  TempDir dir;
  std::string exp   = dir.write("e.yaml", kSweep);
  std::string local = dir.file("local"), out = dir.file("out");
  ASSERT_EQ(run_isogrid(fmt::format("run {} --out {} --jobs 2 --no-plot", exp, local)).exit_code, 0);

  CommandResult first = run_isogrid(shard_run(exp, out, "1/3", "--jobs 2"));
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_TRUE(contains(first.output, "isogrid collect " + out)) << first.output;
  CommandResult status = run_isogrid("status " + out);
  EXPECT_EQ(status.exit_code, 1) << status.output;  // not every shard is complete
  EXPECT_TRUE(contains(status.output, "1 complete, 2 not started")) << status.output;
  CommandResult early = run_isogrid("collect " + out + " --no-plot");
  EXPECT_EQ(early.exit_code, 2) << early.output;
  EXPECT_TRUE(contains(early.output, "2/3, 3/3 of")) << early.output;
  EXPECT_FALSE(std::filesystem::exists(out + "/results.csv"));

  ASSERT_EQ(run_isogrid(shard_run(exp, out, "2/3", "--jobs 1")).exit_code, 0);
  ASSERT_EQ(run_isogrid(shard_run(exp, out, "3/3", "--jobs 2")).exit_code, 0);
  // Task 2 requeued after it finished: --resume finds nothing to do.
  CommandResult again = run_isogrid(shard_run(exp, out, "2/3", "--resume"));
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_TRUE(contains(again.output, "0 run, 0 errors")) << again.output;
  // A row that reached the file twice (two copies of one task on two nodes), wall_s apart.
  std::string csv2   = shard_folder(out, {2, 3}) + "/results.csv";
  ResultsTable rows2 = read_results(csv2);
  ASSERT_GE(rows2.rows.size(), 7u);
  std::string row2 = header_and_first_row(csv2).second;
  append_line(csv2, row2.substr(0, row2.rfind(',')) + ",99.000000");

  status = run_isogrid("status " + out);
  EXPECT_EQ(status.exit_code, 0) << status.output;
  EXPECT_TRUE(contains(status.output, "3 shards: 3 complete; 24 points done of 24")) << status.output;
  CommandResult merged = run_isogrid("collect " + out + " --no-plot");
  ASSERT_EQ(merged.exit_code, 0) << merged.output;
  EXPECT_TRUE(contains(merged.output, "24 points from 3 shards")) << merged.output;
  EXPECT_EQ(without_wall(out + "/results.csv"), without_wall(local + "/results.csv"));
  std::string manifest = read_file(out + "/run.json");
  EXPECT_TRUE(contains(manifest, "\"status\": \"complete\"")) << manifest;
  EXPECT_TRUE(contains(manifest, "\"shards\"")) << manifest;
  EXPECT_EQ(run_isogrid("status " + out).exit_code, 0);
}

// The isoefficiency lines need the whole sweep: the shards do not trace them, collect does, and its files are the
// one-machine run's.
TEST(Shards, CollectTracesTheIsoefficiencyLines)
{
  TempDir dir;
  std::string exp   = dir.write("iso.yaml", "model: dlt-star\nmode: predict\nparameters: {A: 1, C: 1, S: 1000}\n"
                                              "sweep:\n  m: [2, 3]\n  V: [1e3, 1e4, 1e5]\n"
                                              "isoefficiency: {metric: efficiency, scale: m, size: V, levels: [0.5], "
                                              "range: [1, 1e8]}\nplots: []\n");
  std::string local = dir.file("local"), out = dir.file("out");
  ASSERT_EQ(run_isogrid(fmt::format("run {} --out {} --no-plot", exp, local)).exit_code, 0);
  for (const char* k : {"1/2", "2/2"}) {
    CommandResult shard = run_isogrid(shard_run(exp, out, k));
    ASSERT_EQ(shard.exit_code, 0) << shard.output;
    EXPECT_FALSE(contains(shard.output, "isoefficiency: traced")) << shard.output;
  }
  CommandResult merged = run_isogrid("collect " + out + " --no-plot");
  ASSERT_EQ(merged.exit_code, 0) << merged.output;
  EXPECT_TRUE(contains(merged.output, "isoefficiency: traced 2 lines")) << merged.output;
  for (const char* file : {"/isoefficiency.csv", "/isoefficiency-probes.csv"})
    EXPECT_EQ(read_file(out + file), read_file(local + file)) << file;
}

// A timeline plot's points are recorded by the shards that compute them; collect brings their tables and traces
// into the merged folder, the same as one machine's run writes, and draws the plot. A shard that lost one is refused.
TEST(Shards, CollectBringsTheTimelinesThePlotsDraw)
{
  TempDir dir;
  std::string exp =
      dir.write("tl.yaml", std::string(kSweep) + "plots:\n  - {kind: timeline, point: [3, 20], file: t.png}\n");
  std::string local = dir.file("local"), out = dir.file("out");
  ASSERT_EQ(run_isogrid(fmt::format("run {} --out {} --no-plot", exp, local)).exit_code, 0);
  for (const char* k : {"1/3", "2/3", "3/3"})
    ASSERT_EQ(run_isogrid(shard_run(exp, out, k)).exit_code, 0) << k;
  int recorded = 0;
  for (unsigned k = 1; k <= 3; ++k)
    for (const char* file : {"/timelines/point-3.csv", "/timelines/point-20.csv"})
      recorded += std::filesystem::exists(shard_folder(out, {k, 3}) + file) ? 1 : 0;
  EXPECT_EQ(recorded, 2) << "each point by the one shard that computes it";
  CommandResult merged = run_isogrid("collect " + out);
  ASSERT_EQ(merged.exit_code, 0) << merged.output;
  for (const char* file :
       {"/timelines/point-3.csv", "/timelines/point-3.paje", "/timelines/point-20.csv", "/timelines/point-20.paje"})
    EXPECT_EQ(read_file(out + file), read_file(local + file)) << file;
  EXPECT_TRUE(std::filesystem::exists(out + "/t.png")) << merged.output;

  // Lost from its shard: refused, and the merged folder is left as it was.
  for (unsigned k = 1; k <= 3; ++k)
    std::filesystem::remove(shard_folder(out, {k, 3}) + "/timelines/point-20.paje");
  std::string before    = read_file(out + "/timelines/point-20.paje");
  CommandResult refused = run_isogrid("collect " + out + " --no-plot");
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_TRUE(contains(refused.output, "point-20.paje is missing")) << refused.output;
  EXPECT_EQ(read_file(out + "/timelines/point-20.paje"), before);
}

// What cannot be merged is refused with nothing written: a shard of another experiment, a point given twice with
// different results, an interrupted shard.
TEST(Shards, CollectRefusesShardsThatDoNotMakeOneRun)
{
  TempDir dir;
  std::string exp = dir.write("e.yaml", kSweep);
  std::string out = dir.file("out");
  ASSERT_EQ(run_isogrid(shard_run(exp, out, "1/2")).exit_code, 0);
  ASSERT_EQ(run_isogrid(shard_run(exp, out, "2/2", "--set m=5")).exit_code, 0);
  CommandResult other = run_isogrid("collect " + out + " --no-plot");
  EXPECT_EQ(other.exit_code, 2) << other.output;
  EXPECT_TRUE(contains(other.output, "ran a different experiment")) << other.output;
  EXPECT_FALSE(std::filesystem::exists(out + "/results.csv"));

  ASSERT_EQ(run_isogrid(shard_run(exp, out, "2/2", "--force")).exit_code, 0);
  std::string csv1     = shard_folder(out, {1, 2}) + "/results.csv";
  std::string original = read_file(csv1);
  // The first row again, with another makespan.
  auto [header1, row1]           = header_and_first_row(csv1);
  std::vector<std::string> cells = split_csv_line(row1);
  size_t makespan                = static_cast<size_t>(column_index(split_csv_line(header1), "sim_makespan"));
  ASSERT_LT(makespan, cells.size());
  cells[makespan] = "12345";
  append_line(csv1, csv_line(cells));
  CommandResult twice = run_isogrid("collect " + out + " --no-plot");
  EXPECT_EQ(twice.exit_code, 2) << twice.output;
  EXPECT_TRUE(contains(twice.output, "appears twice with different results")) << twice.output;
  EXPECT_FALSE(std::filesystem::exists(out + "/results.csv"));
  // A last row torn by a kill mid-write is no row: its point is missing and the merge is refused.
  overwrite(csv1, original.substr(0, original.size() - 1));
  CommandResult torn = run_isogrid("collect " + out + " --no-plot");
  EXPECT_EQ(torn.exit_code, 2) << torn.output;
  EXPECT_TRUE(contains(torn.output, "1 point(s) have no row")) << torn.output;
  EXPECT_FALSE(std::filesystem::exists(out + "/results.csv"));
  overwrite(csv1, original);
  std::string manifest1 = shard_folder(out, {1, 2}) + "/run.json";
  std::string text      = read_file(manifest1);
  text.replace(text.find("\"status\": \"complete\""), 20, "\"status\": \"interrupted\"");
  overwrite(manifest1, text);
  CommandResult interrupted = run_isogrid("collect " + out + " --no-plot");
  EXPECT_EQ(interrupted.exit_code, 2) << interrupted.output;
  EXPECT_TRUE(contains(interrupted.output, "1/2 of")) << interrupted.output;
  CommandResult status = run_isogrid("status " + out);
  EXPECT_TRUE(contains(status.output, "interrupted")) << status.output;
  EXPECT_FALSE(std::filesystem::exists(out + "/results.csv"));
}

TEST(Shards, BadShardIsRefusedBeforeAnythingIsWritten)
{
  TempDir dir;
  std::string exp = dir.write("e.yaml", kSweep);
  for (const char* bad : {"3/2", "0/0", "a/b", "0/3", "three"}) {
    CommandResult r = run_isogrid(shard_run(exp, dir.file("out"), bad));
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_TRUE(contains(r.output, "--shard")) << r.output;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("out")));
  CommandResult none = run_isogrid("collect " + dir.path().string() + " --no-plot");
  EXPECT_EQ(none.exit_code, 2) << none.output;
  EXPECT_TRUE(contains(none.output, "holds no shard")) << none.output;
}

// Without Slurm's clients, submit refuses before it writes anything; --dry-run still prints the scripts.
TEST(Shards, SubmitWithoutSbatchIsRefusedBeforeAnythingIsWritten)
{
  TempDir dir;
  std::string exp   = dir.write("e.yaml", kSweep);
  std::string out   = dir.file("out");
  const char* saved = std::getenv("PATH");
  std::string path  = saved ? saved : "";
  ::setenv("PATH", dir.path().c_str(), 1);  // no sbatch there
  CommandResult r   = run_isogrid(fmt::format("submit {} --out {} --shards 3", exp, out));
  CommandResult dry = run_isogrid(fmt::format("submit {} --out {} --shards 3 --dry-run", exp, out));
  ::setenv("PATH", path.c_str(), 1);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "sbatch is not on PATH")) << r.output;
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_EQ(dry.exit_code, 0) << dry.output;
  EXPECT_TRUE(contains(dry.output, "--shard \"$SLURM_ARRAY_TASK_ID\"/3")) << dry.output;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(SlurmScripts, QuotesWordsAndCompressesTaskIds)
{
  EXPECT_EQ(shell_quote("run"), "run");
  EXPECT_EQ(shell_quote("/a/b-c_d.yaml"), "/a/b-c_d.yaml");
  EXPECT_EQ(shell_quote("my proj"), "'my proj'");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
  EXPECT_EQ(shell_quote(""), "''");
  EXPECT_EQ(shell_quote("$HOME"), "'$HOME'");
  EXPECT_EQ(array_spec({1, 2, 3, 4}), "1-4");
  EXPECT_EQ(array_spec({9, 2, 5, 7, 8, 5}), "2,5,7-9");
  EXPECT_EQ(array_spec({3}), "3");
}

// Task K runs shard K of N with --resume into OUT; collect runs after the array; what may need quoting goes on
// sbatch's command line, each as one argument.
TEST(SlurmScripts, ArrayTaskRunsItsShardAndCollectFollowsTheArray)
{
  SlurmSubmission s;
  s.isogrid         = "/opt/isogrid/bin/isogrid";
  s.experiment      = "/home/me/exp.yaml";
  s.overrides       = {"m=[1,2]", "seed=7"};
  s.out_dir         = "/scratch/me/run 1";
  s.shards          = 10;
  s.tasks           = {2, 3, 7};
  s.cpus_per_task   = 4;
  s.partition       = "long";
  s.sbatch_args     = {"--account=my proj"};
  std::string array = array_script(s);
  EXPECT_TRUE(contains(array, "#SBATCH --array=2-3,7\n")) << array;
  EXPECT_TRUE(contains(array, "#SBATCH --cpus-per-task=4\n")) << array;
  EXPECT_TRUE(contains(array, "exec /opt/isogrid/bin/isogrid run /home/me/exp.yaml --set 'm=[1,2]' --set seed=7 "
                              "--shard \"$SLURM_ARRAY_TASK_ID\"/10 --out '/scratch/me/run 1' --jobs "
                              "\"${SLURM_CPUS_PER_TASK:-1}\" --resume"))
      << array;
  std::vector<std::string> options = array_options(s);
  EXPECT_NE(std::find(options.begin(), options.end(), "--output=/scratch/me/run 1/slurm/shard-%a.log"), options.end());
  EXPECT_NE(std::find(options.begin(), options.end(), "--partition=long"), options.end());
  EXPECT_NE(std::find(options.begin(), options.end(), "--account=my proj"), options.end());
  std::vector<std::string> after = collect_options(s, "4242");
  EXPECT_EQ(after.back(), "--dependency=afterany:4242");
  EXPECT_TRUE(contains(collect_script(s), "exec /opt/isogrid/bin/isogrid collect '/scratch/me/run 1'\n"));
  EXPECT_TRUE(collect_options(s, "").back() == "--account=my proj");  // collect alone: no dependency
}
