// A results folder cannot be corrupted: one run at a time holds it, --force leaves nothing stale, error rows can be
// computed again, a sweep with failed points says so in its exit status, and the output path is checked before
// anything is written.
#include "simulator/core/catalog.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/experiment/experiment.hpp"
#include "simulator/run/results_reader.hpp"
#include "simulator/run/runner.hpp"
#include "tests/test_support.hpp"

#include <chrono>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <thread>

using namespace isogrid;
using namespace isogrid::testing;
namespace fs = std::filesystem;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// x squared, simulated in a child, except that every multiple of 7 fails while `marker` exists: a fault that goes away.
struct FlakyParams {
  double x = 0;
};
struct FlakyMetrics {
  double y;
};

std::string g_marker;  // set by each test before the model runs (children inherit it)

void declare_flaky(ModelSchema<FlakyParams, FlakyMetrics>& s)
{
  s.describe("flaky", "test model", "");
  s.param("x", &FlakyParams::x, "the number squared").required();
  s.metric("y", &FlakyMetrics::y, "x squared");
  s.primary(&FlakyMetrics::y);
}

const ModelSchema<FlakyParams, FlakyMetrics>& flaky_schema() { return schema_of(declare_flaky); }

class FlakyModel : public TypedModel<FlakyParams, FlakyMetrics> {
public:
  FlakyModel() : TypedModel(flaky_schema()) {}

protected:
  void predict(const FlakyParams& p, const NoDecisions&, Face<FlakyMetrics>& out) const override { out.y = p.x * p.x; }
  void simulate(const FlakyParams& p, NoDecisions&, const SimulationContext&, Face<FlakyMetrics>& out) const override
  {
    if (static_cast<long long>(p.x) % 7 == 0 && fs::exists(g_marker))
      throw std::runtime_error("a transient fault");
    out.y = p.x * p.x;
  }
};

struct Folder {
  TempDir dir;
  Catalog catalog;
  Folder()
  {
    catalog.add_model(std::make_unique<FlakyModel>());
    g_marker = dir.file("fault-on");
  }
  Experiment load(const std::string& yaml) { return load_experiment(dir.write("exp.yaml", yaml), {}, catalog); }
  RunResult run(const Experiment& ex, bool resume = false, bool retry = false, bool force = false)
  {
    RunOptions o;
    o.out_dir      = dir.file("out");
    o.jobs         = 2;
    o.resume       = resume;
    o.retry_errors = retry;
    o.force        = force;
    o.progress     = false;
    return run_experiment(ex, o);
  }
  std::string csv() const { return dir.file("out/results.csv"); }
};

// results.csv without wall_s, the one column allowed to differ between runs.
std::string without_wall_time(const std::string& csv)
{
  std::string out;
  for (const auto& row : read_results(csv).rows) {
    for (size_t i = 0; i + 1 < row.size(); ++i)
      out += row[i] + "|";
    out += "\n";
  }
  return out;
}

const char* kSweep = "model: flaky\nmode: simulate\nrepetitions: 2\nsweep:\n  x: {range: [1, 30]}\n";

// A sweep of 30 simulated points of about 75 ms each (a 1 000-worker star): long enough to act on while it runs.
std::string slow_experiment(const TempDir& dir)
{
  return dir.write("slow.yaml", "model: dlt-star\nmode: simulate\nparameters: {m: 1000, C: 0.001}\nsweep:\n"
                                "  V: {logspace: [11, 12, 30]}\n");
}

void wait_for_rows(const std::string& csv, size_t rows)
{
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (fs::exists(csv) && read_results(csv).rows.size() >= rows)
      return;
  }
  ADD_FAILURE() << "no " << rows << " rows in " << csv;
}

}  // namespace

TEST(ResultsIntegrity, ErrorRowsAreComputedAgainOnRequest)
{
  Folder f;
  Experiment ex   = f.load(kSweep);
  RunResult clean = f.run(ex);
  ASSERT_EQ(clean.error_rows, 0u);
  std::string expected = without_wall_time(f.csv());

  std::ofstream(g_marker) << "on";
  RunResult faulty = f.run(ex, false, false, /*force=*/true);
  EXPECT_EQ(faulty.counts.errors, 8u);  // x = 7, 14, 21, 28, two repetitions each
  EXPECT_EQ(faulty.error_rows, 8u);
  fs::remove(g_marker);

  RunResult kept = f.run(ex, /*resume=*/true);  // a plain resume keeps error rows, and still counts them
  EXPECT_EQ(kept.counts.ran, 0u);
  EXPECT_EQ(kept.error_rows, 8u);
  RunResult retried = f.run(ex, true, /*retry=*/true);
  EXPECT_EQ(retried.counts.ran, 8u);
  EXPECT_EQ(retried.counts.skipped, 52u);
  EXPECT_EQ(retried.error_rows, 0u);
  EXPECT_EQ(without_wall_time(f.csv()), expected);
  EXPECT_FALSE(fs::exists(f.dir.file("out/results.csv.previous")));
}

// A --retry-errors run stopped half way leaves its own rows and the old ones aside; the next --resume merges them,
// in point order, and ends where a clean run does.
TEST(ResultsIntegrity, AStoppedRetryIsMergedByTheNextResume)
{
  Folder f;
  Experiment ex = f.load(kSweep);
  f.run(ex);
  std::string expected = without_wall_time(f.csv());
  std::string clean    = read_file(f.csv());
  std::ofstream(g_marker) << "on";
  f.run(ex, false, false, true);
  fs::remove(g_marker);
  // What a retry stopped after its first 20 rows leaves: those rows, good ones (x = 7 retried: indices 12 and 13),
  // in results.csv, and the run it retried aside.
  fs::rename(f.csv(), f.dir.file("out/results.csv.previous"));
  std::string prefix;
  size_t start = 0;
  for (int n = 0; n <= 20; ++n)
    start = clean.find('\n', start) + 1;
  std::ofstream(f.csv()) << clean.substr(0, start);
  RunResult merged = f.run(ex, true, true);
  EXPECT_EQ(merged.counts.ran, 6u);  // x = 14, 21, 28: the error rows the stopped retry had not reached
  EXPECT_EQ(merged.error_rows, 0u);
  EXPECT_EQ(without_wall_time(f.csv()), expected);
}

TEST(ResultsIntegrity, ForceRemovesEverythingTheEarlierRunWrote)
{
  TempDir dir;
  std::string out = dir.file("out");
  std::string exp = dir.write("e.yaml", "model: dlt-star\nmode: predict\nrepetitions: 2\nparameters: {m: 3}\nsweep:\n"
                                        "  V: [10, 100]\nplots: [{kind: line, x: V, file: first.png}]\n");
  ASSERT_EQ(run_isogrid(fmt::format("run {} --out {}", exp, out)).exit_code, 0);
  ASSERT_TRUE(fs::exists(out + "/summary.csv"));
  ASSERT_TRUE(fs::exists(out + "/first.png"));
  // `isogrid plot --formats pdf`: the same figure as a PDF, and the report's tables, are the run's too.
  ASSERT_EQ(run_isogrid(fmt::format("plot {} --formats pdf", out)).exit_code, 0);
  ASSERT_TRUE(fs::exists(out + "/first.pdf"));
  dir.write("out/notes.txt", "mine");
  std::string again = dir.write("f.yaml", "model: dlt-star\nmode: predict\nparameters: {m: 3}\nsweep:\n"
                                          "  V: [10, 100]\nplots: []\n");
  CommandResult r   = run_isogrid(fmt::format("run {} --out {} --force", again, out));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_FALSE(fs::exists(out + "/summary.csv"));  // one repetition: none is written, and the old one is gone
  EXPECT_FALSE(fs::exists(out + "/first.png"));
  EXPECT_FALSE(fs::exists(out + "/first.pdf"));
  EXPECT_TRUE(fs::exists(out + "/notes.txt"));  // not the run's
  EXPECT_EQ(read_results(out + "/results.csv").rows.size(), 2u);
}

TEST(ResultsIntegrity, ASecondRunOnTheSameFolderIsRefusedWhileTheFirstHoldsIt)
{
  TempDir dir;
  std::string exp = slow_experiment(dir), out = dir.file("out");
  pid_t first = start_isogrid({"run", exp, "--out", out, "--jobs", "1", "--no-plot"}, dir.file("log"));
  wait_for_rows(out + "/results.csv", 2);
  for (const char* extra : {"", "--resume", "--force"}) {
    CommandResult second = run_isogrid(fmt::format("run {} --out {} --jobs 1 --no-plot {}", exp, out, extra));
    EXPECT_EQ(second.exit_code, 2) << extra << ": " << second.output;
    EXPECT_TRUE(contains(second.output, "is in use by another isogrid run (pid " + std::to_string(first) + ")"))
        << second.output;
  }
  EXPECT_EQ(wait_isogrid(first), 0) << read_file(dir.file("log"));
  ResultsTable t = read_results(out + "/results.csv");
  ASSERT_EQ(t.rows.size(), 30u);
  for (size_t i = 0; i < t.rows.size(); ++i)
    EXPECT_EQ(t.rows[i][0], std::to_string(i));
  // Once it is done, the folder is free again.
  EXPECT_EQ(run_isogrid(fmt::format("run {} --out {} --resume --no-plot", exp, out)).exit_code, 0);
}

TEST(ResultsIntegrity, FailedPointsMakeTheExitStatusThree)
{
  TempDir dir;
  // Every point is stopped by a timeout far below its simulation time.
  std::string exp = dir.write("t.yaml", "model: dlt-star\nmode: simulate\ntimeout: 0.001\nparameters: {m: 1000, C: "
                                        "0.001}\nsweep:\n  V: [1e11, 1e12]\n");
  CommandResult r = run_isogrid(fmt::format("run {} --out {} --no-plot", exp, dir.file("out")));
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_TRUE(contains(r.output, "2 error row(s) in")) << r.output;
  EXPECT_TRUE(contains(r.output, "--resume --retry-errors")) << r.output;
  nlohmann::json manifest = read_json(dir.file("out/run.json"));
  EXPECT_EQ(manifest["counts"]["error_rows"], 2);
}

TEST(ResultsIntegrity, TheOutputPathIsCheckedBeforeAnythingIsWritten)
{
  TempDir dir;
  std::string exp  = dir.write("e.yaml", "model: dlt-star\nmode: predict\nparameters: {m: 3, V: 10}\n");
  std::string file = dir.write("a-file", "not a folder");
  CommandResult r  = run_isogrid(fmt::format("run {} --out {}", exp, file));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "is a file, not a folder")) << r.output;
  EXPECT_EQ(read_file(file), "not a folder");
  CommandResult both = run_isogrid(fmt::format("run {} --out {} --resume --force", exp, dir.file("out")));
  EXPECT_EQ(both.exit_code, 2) << both.output;
  EXPECT_FALSE(fs::exists(dir.file("out")));
  CommandResult retry = run_isogrid(fmt::format("run {} --out {} --retry-errors", exp, dir.file("out")));
  EXPECT_EQ(retry.exit_code, 2) << retry.output;
  EXPECT_TRUE(contains(retry.output, "--retry-errors requires --resume")) << retry.output;
  EXPECT_FALSE(fs::exists(dir.file("out")));
}

TEST(ResultsIntegrity, ReproduceNamesTheFolderOfAPaperWrittenWithATrailingSlash)
{
  TempDir dir;
  std::string command = fmt::format("cd {} && {} reproduce {}/ --no-plot > log 2>&1", dir.path().string(),
                                    ISOGRID_BINARY, source("experiments/examples"));
  EXPECT_EQ(std::system(command.c_str()), 0) << read_file(dir.file("log"));
  EXPECT_TRUE(fs::exists(dir.file("results/examples/REPORT.md"))) << read_file(dir.file("log"));
  EXPECT_FALSE(fs::exists(dir.file("results/REPORT.md")));
}
