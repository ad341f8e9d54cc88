// The runner end to end, with a test model whose points misbehave on purpose: error rows, identical results for
// any --jobs, and --resume that recomputes nothing that finished.
#include "simulator/core/catalog.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/aggregates.hpp"
#include "simulator/report/reference_check.hpp"
#include "simulator/run/results_reader.hpp"
#include "simulator/run/run_manifest.hpp"
#include "simulator/run/runner.hpp"
#include "tests/test_support.hpp"

#include <chrono>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <thread>

using namespace isogrid;
using namespace isogrid::testing;

namespace {

// square: predicted x^2; simulated x^2 + noise(seed), except x = 3 (crash), 4 (hang), 5 (throw).
// Every simulated point appends a line to a log file, to count what ran.
struct SquareParams {
  double x = 0;
};
struct SquareMetrics {
  double y;
  double noise;
};

void declare_square(ModelSchema<SquareParams, SquareMetrics>& s)
{
  s.describe("square", "test model", "");
  s.param("x", &SquareParams::x, "the number squared").required();
  s.metric("y", &SquareMetrics::y, "x squared");
  s.metric("noise", &SquareMetrics::noise, "seeded noise");
  s.primary(&SquareMetrics::y);
}

const ModelSchema<SquareParams, SquareMetrics>& square_schema() { return schema_of(declare_square); }

class SquareModel : public TypedModel<SquareParams, SquareMetrics, PointInfo> {
public:
  explicit SquareModel(std::string log) : TypedModel(square_schema()), log_(std::move(log)) {}

protected:
  PointInfo decide(const SquareParams&, const PointInfo& at, const SimulationContext&) const override { return at; }
  void predict(const SquareParams& p, const PointInfo&, Face<SquareMetrics>& out) const override { out.y = p.x * p.x; }
  void simulate(const SquareParams& p, PointInfo& at, const SimulationContext&, Face<SquareMetrics>& out) const override
  {
    std::ofstream(log_, std::ios::app) << at.index << "\n";
    if (p.x == 3)
      std::raise(SIGSEGV);
    if (p.x == 4)
      std::this_thread::sleep_for(std::chrono::seconds(60));
    if (p.x == 5)
      throw std::runtime_error("x = 5 is not allowed");
    out.y     = p.x * p.x;
    out.noise = static_cast<double>(at.seed % 1000) / 1000.0;
  }

private:
  std::string log_;
};

struct Fixture {
  TempDir dir;
  Catalog catalog;
  std::string log = dir.file("ran.log");
  Fixture() { catalog.add_model(std::make_unique<SquareModel>(log)); }

  Experiment load(const std::string& yaml, const std::vector<std::string>& overrides = {})
  {
    return load_experiment(dir.write("exp.yaml", yaml), overrides, catalog);
  }
  RunResult run(const Experiment& ex, const std::string& out, unsigned jobs, bool resume = false, bool force = false)
  {
    RunOptions o = quiet_run(dir.file(out), jobs);
    o.resume     = resume;
    o.force      = force;
    return run_experiment(ex, o);
  }
  size_t simulated_points() const
  {
    std::ifstream in(log);
    size_t n = 0;
    std::string line;
    while (std::getline(in, line))
      ++n;
    return n;
  }
};

// results.csv without the wall_s column, which is the only one allowed to differ between runs.
std::string without_wall_time(const std::string& csv)
{
  ResultsTable t = read_results(csv);
  std::string out;
  for (const auto& row : t.rows) {
    for (size_t i = 0; i + 1 < row.size(); ++i)
      out += row[i] + "|";
    out += "\n";
  }
  return out;
}

const char* kSweep = "model: square\nseed: 5\nrepetitions: 2\nsweep:\n  x: {range: [6, 60]}\n";

// file-size: the size of a file the experiment names, a model with a path parameter.
struct FileSizeParams {
  std::string file;
  double copies = 1;
};
struct FileSizeMetrics {
  double bytes;
};

void declare_file_size(ModelSchema<FileSizeParams, FileSizeMetrics>& s)
{
  s.describe("file-size", "test model", "");
  s.param("file", &FileSizeParams::file, "a file").file().required();
  s.param("copies", &FileSizeParams::copies, "how many times it counts");
  s.metric("bytes", &FileSizeMetrics::bytes, "its size times copies");
  s.primary(&FileSizeMetrics::bytes);
}

class FileSizeModel : public TypedModel<FileSizeParams, FileSizeMetrics> {
public:
  FileSizeModel() : TypedModel(schema_of(declare_file_size)) {}

protected:
  void predict(const FileSizeParams& p, const NoDecisions&, Face<FileSizeMetrics>& out) const override
  {
    out.bytes = p.copies * static_cast<double>(std::filesystem::file_size(p.file));
  }
};

// Runs `body` from folder `cwd`, then returns to where the test was.
template <class Body>
void from_folder(const std::filesystem::path& cwd, Body body)
{
  std::filesystem::path here = std::filesystem::current_path();
  std::filesystem::current_path(cwd);
  body();
  std::filesystem::current_path(here);
}

}  // namespace

TEST(Runner, ResultsAreIdenticalWhateverTheNumberOfJobs)
{
  Fixture f;
  Experiment ex = f.load(kSweep);
  RunResult one = f.run(ex, "one", 1);
  RunResult two = f.run(ex, "two", 2);
  RunResult six = f.run(ex, "six", 6);
  EXPECT_EQ(one.counts.total, 110u);
  EXPECT_EQ(one.counts.errors, 0u);
  std::string reference = without_wall_time(one.results_csv);
  EXPECT_EQ(without_wall_time(two.results_csv), reference);
  EXPECT_EQ(without_wall_time(six.results_csv), reference);
  ResultsTable t = read_results(two.results_csv);
  ASSERT_EQ(t.rows.size(), 110u);
  for (size_t i = 0; i < t.rows.size(); ++i)
    EXPECT_EQ(t.rows[i][0], std::to_string(i));  // written in point order
  EXPECT_EQ(t.header.back(), "wall_s");
  EXPECT_EQ(t.rows[3][static_cast<size_t>(t.column("pred_y"))], "49");
  EXPECT_EQ(t.rows[3][static_cast<size_t>(t.column("rel_dev"))], "0");
}

TEST(Runner, FailingPointsBecomeErrorRowsAndTheSweepGoesOn)
{
  Fixture f;
  Experiment ex = f.load("model: square\ntimeout: 0.5\nsweep:\n  x: [2, 3, 4, 5, 6]\n");
  RunResult r   = f.run(ex, "out", 2);
  EXPECT_EQ(r.counts.errors, 3u);
  ResultsTable t = read_results(r.results_csv);
  ASSERT_EQ(t.rows.size(), 5u);
  auto cell = [&](size_t row, const char* col) { return t.rows[row][static_cast<size_t>(t.column(col))]; };
  EXPECT_EQ(cell(0, "status"), "ok");
  EXPECT_EQ(cell(1, "status"), "error");
  EXPECT_NE(cell(1, "message").find("crashed: signal 11"), std::string::npos) << cell(1, "message");
  EXPECT_NE(cell(2, "message").find("timed out after 0.5 s"), std::string::npos) << cell(2, "message");
  EXPECT_EQ(cell(3, "message"), "x = 5 is not allowed");
  EXPECT_EQ(cell(4, "status"), "ok");
  EXPECT_EQ(cell(4, "sim_y"), "36");
  EXPECT_EQ(cell(1, "sim_y"), "");
}

TEST(Runner, ResumeRecomputesNothingThatFinished)
{
  Fixture f;
  Experiment ex        = f.load(kSweep);
  RunResult whole      = f.run(ex, "whole", 2);
  std::string expected = without_wall_time(whole.results_csv);

  // An interrupted run: keep rows 0..39 and 70..89 (finished early), drop the rest, and tear the last line.
  RunResult part   = f.run(ex, "part", 2);
  ResultsTable t   = read_results(part.results_csv);
  std::string kept = read_file(part.results_csv).substr(0, read_file(part.results_csv).find('\n') + 1);
  size_t kept_rows = 0;
  for (size_t i = 0; i < t.rows.size(); ++i) {
    if (i < 40 || (i >= 70 && i < 90)) {
      std::string line;
      for (size_t k = 0; k < t.rows[i].size(); ++k)
        line += (k ? "," : "") + t.rows[i][k];
      kept += line + "\n";
      ++kept_rows;
    }
  }
  kept += "91,1,5";  // torn write
  std::ofstream(part.results_csv, std::ios::trunc) << kept;

  size_t before  = f.simulated_points();
  RunResult done = f.run(ex, "part", 2, /*resume=*/true);
  EXPECT_EQ(done.counts.skipped, kept_rows);
  EXPECT_EQ(done.counts.ran, 110u - kept_rows);
  EXPECT_EQ(f.simulated_points() - before, 110u - kept_rows);
  EXPECT_EQ(without_wall_time(done.results_csv), expected);
  // A second resume has nothing left to do.
  RunResult again = f.run(ex, "part", 2, true);
  EXPECT_EQ(again.counts.ran, 0u);
  EXPECT_EQ(without_wall_time(again.results_csv), expected);
}

TEST(Runner, APathIsWrittenTheSameWhateverFolderTheRunIsResumedFrom)
{
  TempDir dir;
  Catalog catalog;
  catalog.add_model(std::make_unique<FileSizeModel>());
  std::filesystem::create_directories(dir.path() / "studies" / "a");
  dir.write("data/one.txt", "12345");
  dir.write("data/two.txt", "1234567890");
  dir.write("studies/a/exp.yaml", "model: file-size\nmode: predict\nsweep:\n  file: [../../data/one.txt, "
                                  "../../data/two.txt]\n  copies: [1, 2, 3]\n");
  auto run = [&](const std::string& cwd, const std::string& experiment, const std::string& out, bool resume) {
    from_folder(dir.path() / cwd, [&] {
      Experiment ex = load_experiment(experiment, {}, catalog);
      RunOptions o;
      o.out_dir  = out;
      o.resume   = resume;
      o.progress = false;
      run_experiment(ex, o);
    });
  };
  std::string clean = dir.file("clean"), resumed = dir.file("resumed");
  run(".", "studies/a/exp.yaml", clean, false);
  std::string rows = without_wall_time(clean + "/results.csv");
  EXPECT_NE(rows.find("|../../data/two.txt|3|"), std::string::npos) << rows;  // as the experiment names it

  // Interrupted after two rows in one folder, resumed from another.
  run("studies", "a/exp.yaml", resumed, false);
  std::string text = read_file(resumed + "/results.csv");
  size_t third     = 0;
  for (int line = 0; line < 3; ++line)
    third = text.find('\n', third) + 1;
  std::filesystem::resize_file(resumed + "/results.csv", third);
  run("studies/a", "exp.yaml", resumed, true);
  EXPECT_EQ(without_wall_time(resumed + "/results.csv"), rows);
  EXPECT_EQ(read_json(resumed + "/run.json")["experiment"]["axes"][0]["values"],
            nlohmann::json({"../../data/one.txt", "../../data/two.txt"}));
}

TEST(Runner, RefusesToOverwriteOrToResumeADifferentExperiment)
{
  Fixture f;
  Experiment ex = f.load(kSweep);
  f.run(ex, "out", 2);
  EXPECT_THROW(f.run(ex, "out", 2), OutputConflict);
  Experiment other = f.load(kSweep, {"seed=6"});
  try {
    f.run(other, "out", 2, true);
    ADD_FAILURE() << "expected a conflict";
  } catch (const OutputConflict& e) {
    EXPECT_NE(std::string(e.what()).find("different experiment"), std::string::npos) << e.what();
  }
  RunResult replaced = f.run(other, "out", 2, false, true);
  EXPECT_EQ(replaced.counts.ran, 110u);
}

TEST(Runner, PredictOnlyRunsInProcess)
{
  Fixture f;
  Experiment ex = f.load("model: square\nmode: predict\nsweep:\n  x: [3, 4, 5]\n");
  RunResult r   = f.run(ex, "out", 2);
  EXPECT_EQ(r.counts.errors, 0u);  // the crashing simulate() is never called
  EXPECT_EQ(f.simulated_points(), 0u);
  ResultsTable t = read_results(r.results_csv);
  EXPECT_EQ(t.column("sim_y"), -1);
  EXPECT_EQ(t.column("rel_dev"), -1);
  EXPECT_EQ(t.rows[2][static_cast<size_t>(t.column("pred_y"))], "25");
}

TEST(Runner, ManifestRecordsProvenance)
{
  Fixture f;
  Experiment ex = f.load(kSweep);
  RunOptions o;
  o.out_dir         = f.dir.file("out");
  o.jobs            = 2;
  o.progress        = false;
  o.command_line    = "isogrid run exp.yaml";
  o.simgrid_version = "3.32.0";
  run_experiment(ex, o);
  std::string manifest = read_file(f.dir.file("out/run.json"));
  for (const char* expected : {"\"status\": \"complete\"", "\"simgrid_version\": \"3.32.0\"",
                               "\"command_line\": \"isogrid run exp.yaml\"", "\"isogrid_version\"", "\"hash\": \""})
    EXPECT_NE(manifest.find(expected), std::string::npos) << expected;
  EXPECT_NE(manifest.find(ex.hash), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(f.dir.file("out/experiment.yaml")));
}

// run.json lists an axis's values for the plots, up to kListedAxisValues; a longer axis by its count only (the
// plots then read results.csv's values, in their order).
TEST(Runner, ManifestListsShortAxesAndCountsLongOnes)
{
  Fixture f;
  auto axis_in_manifest = [&](const std::string& sweep) {
    Experiment ex = f.load("model: square\nmode: predict\nsweep:\n  x: " + sweep + "\n");
    f.run(ex, "out", 1, false, true);
    return nlohmann::json::parse(read_file(f.dir.file("out/run.json")))["experiment"]["axes"].at(0);
  };
  nlohmann::json listed = axis_in_manifest("[3, 4.5, 5]");
  EXPECT_EQ(listed["name"], "x");
  EXPECT_EQ(listed["values"], nlohmann::json({"3", "4.5", "5"}));
  EXPECT_FALSE(listed.contains("count"));
  nlohmann::json counted = axis_in_manifest("{linspace: [0, 1, " + std::to_string(kListedAxisValues + 1) + "]}");
  EXPECT_EQ(counted["name"], "x");
  EXPECT_EQ(counted["count"], kListedAxisValues + 1);
  EXPECT_FALSE(counted.contains("values"));
  EXPECT_EQ(axis_in_manifest("{linspace: [0, 1, " + std::to_string(kListedAxisValues) + "]}")["values"].size(),
            kListedAxisValues);
}

// --- On the DLT model: references held against one face, and a sweep over one element of a list ---

namespace {

std::vector<ReferenceOutcome> run_and_check(const std::string& yaml, const std::vector<std::string>& overrides,
                                            TempDir& dir, const std::string& out, Experiment* loaded = nullptr)
{
  Experiment ex = load_experiment(dir.write("exp.yaml", yaml), overrides, isogrid::testing::catalog());
  RunOptions o;
  o.out_dir        = dir.file(out);
  o.jobs           = 2;
  o.progress       = false;
  RunResult r      = run_experiment(ex, o);
  ResultsData data = ResultsData::for_analyses(ex, r.results_csv);
  auto outcomes    = check_references(ex, data, compute_crossings(ex, data));
  if (loaded)
    *loaded = std::move(ex);
  return outcomes;
}

}  // namespace

TEST(ReferenceFaces, AReferenceIsHeldAgainstItsOwnFaceOnly)
{
  // One worker: the equations give V (C + A) = 200; a link at 0.9 of its bandwidth makes the simulation
  // 100 / 0.9 + 100 = 211.1. An "estimated" column matches the first, an "experimental" one the second.
  const char* yaml = R"(model: dlt-star
simgrid: {network/bandwidth-factor: 0.9}
parameters: {m: 1, V: 100}
references:
  - metric: makespan
    face: predicted
    tolerance: {rel: 1e-9}
    values:
      - {at: {}, value: 200}
      - {at: {}, value: 200, face: both}
      - {at: {}, value: 200, face: simulated}
  - metric: makespan
    face: simulated
    tolerance: {rel: 1e-3}
    values:
      - {at: {}, value: 211.1}
      - {at: {}, value: 211.1, face: predicted}
)";
  TempDir dir;
  Experiment ex;
  auto both = run_and_check(yaml, {}, dir, "both", &ex);
  ASSERT_EQ(both.size(), 5u);
  EXPECT_DOUBLE_EQ(both[0].predicted, 200);
  EXPECT_TRUE(std::isnan(both[0].simulated));  // not this reference's face: shown as "-", not counted
  EXPECT_TRUE(both[0].passed());
  EXPECT_NEAR(both[1].simulated, 211.1, 0.1);
  EXPECT_FALSE(both[1].passed());  // both faces: the simulated one misses
  EXPECT_FALSE(both[2].passed());
  EXPECT_TRUE(both[3].passed());
  EXPECT_TRUE(std::isnan(both[3].predicted));
  EXPECT_FALSE(both[4].passed());
  EXPECT_EQ(count_failures(both), 3u);
  std::string table = markdown_table(references_table(ex, both));
  EXPECT_NE(table.find("| 200 | 200 | +0.00e+00 ok | - | - |"), std::string::npos) << table;

  // A predict-only run computes no simulated face: a reference for it fails as not computed.
  auto predicted = run_and_check(yaml, {"mode=predict"}, dir, "predicted");
  ASSERT_EQ(predicted.size(), 5u);
  EXPECT_TRUE(predicted[0].passed());
  EXPECT_FALSE(predicted[2].passed());
  EXPECT_FALSE(predicted[3].passed());
  EXPECT_TRUE(std::isnan(predicted[3].predicted) && std::isnan(predicted[3].simulated));
}

TEST(ElementAxes, RunEndToEnd)
{
  // The second of three links swept: each point is the whole list with that element replaced, in results.csv
  // and in the model's metrics, which match a run of the same list given whole.
  TempDir dir;
  const char* fixed = "model: dlt-star\nmode: predict\nparameters: {m: 3, V: 100, C: [1, 4, 3]}\n";
  auto whole        = load_experiment(dir.write("whole.yaml", fixed), {}, isogrid::testing::catalog());
  RunOptions o;
  o.out_dir            = dir.file("whole");
  o.progress           = false;
  ResultsTable w       = read_results(run_experiment(whole, o).results_csv);
  std::string makespan = w.rows[0][static_cast<size_t>(w.column("pred_makespan"))];

  std::string yaml =
      std::string("model: dlt-star\nparameters: {m: 3, V: 100, C: [1, 2, 3]}\nsweep:\n  C[1]: [1, 2, 4]\n"
                  "crossings:\n  - {name: slow_link, metric: makespan, level: ") +
      makespan +
      ", along: \"C[1]\"}\n"
      "references:\n  - {metric: makespan, tolerance: {rel: 1e-6}, values: [{at: {\"C[1]\": 4}, value: " +
      makespan + "}]}\n  - {crossing: slow_link, tolerance: {rel: 1e-6}, values: [{at: {}, value: 4}]}\n";
  Experiment ex;
  auto outcomes  = run_and_check(yaml, {}, dir, "element", &ex);
  ResultsTable t = read_results(dir.file("element/results.csv"));
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(t.rows[1][static_cast<size_t>(t.column("C"))], "1;2;3");
  EXPECT_EQ(t.rows[2][static_cast<size_t>(t.column("C"))], "1;4;3");
  EXPECT_EQ(t.rows[2][static_cast<size_t>(t.column("pred_makespan"))], makespan);
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_EQ(outcomes[0].point, "C[1]=4");
  EXPECT_EQ(outcomes[0].rows, 1u);
  EXPECT_TRUE(outcomes[0].passed()) << outcomes[0].predicted << " " << outcomes[0].simulated;
  EXPECT_TRUE(outcomes[1].passed()) << outcomes[1].predicted << " " << outcomes[1].simulated;
  std::string manifest = read_file(dir.file("element/run.json"));
  EXPECT_NE(manifest.find("\"name\": \"C[1]\""), std::string::npos) << manifest;
}

// The reader takes back what the CSV sink writes: plain cells, quoted ones with commas and doubled quotes, empty
// cells anywhere.
TEST(ResultsReader, SplitsWhatTheSinkWrites)
{
  EXPECT_EQ(split_csv_line("1,2.5,,ok"), (std::vector<std::string>{"1", "2.5", "", "ok"}));
  EXPECT_EQ(split_csv_line("\"sa, be\",x,\"say \"\"hi\"\"\""), (std::vector<std::string>{"sa, be", "x", "say \"hi\""}));
  EXPECT_EQ(split_csv_line(",a,"), (std::vector<std::string>{"", "a", ""}));
  EXPECT_EQ(split_csv_line(""), (std::vector<std::string>{""}));
  EXPECT_EQ(split_csv_line("\"\""), (std::vector<std::string>{""}));
}

// Points that name the same SimGrid platform file start from a process that prepared it once (a fork server); the
// others are forked from the runner as before. No SimGrid here: "preparing" a platform is remembering its name.
namespace {

std::string prepared_platform;  // set by the fork server's preparation, never in the runner itself

struct EchoParams {
  std::string platform;
  double x = 0;
};
struct EchoMetrics {
  double prepared;  // 1 when the point's process had its own platform prepared before it started
  double y;
};

void declare_echo(ModelSchema<EchoParams, EchoMetrics>& s)
{
  s.describe("platform-echo", "test model", "");
  s.param("platform", &EchoParams::platform, "a platform").platform().required();
  s.param("x", &EchoParams::x, "a number").required();
  s.metric("prepared", &EchoMetrics::prepared, "the platform was prepared before the point");
  s.metric("y", &EchoMetrics::y, "x squared");
  s.primary(&EchoMetrics::y);
}

class EchoModel : public TypedModel<EchoParams, EchoMetrics> {
public:
  EchoModel() : TypedModel(schema_of(declare_echo)) {}

protected:
  void predict(const EchoParams& p, const NoDecisions&, Face<EchoMetrics>& out) const override { out.y = p.x * p.x; }
  void simulate(const EchoParams& p, NoDecisions&, const SimulationContext&, Face<EchoMetrics>& out) const override
  {
    out.prepared = prepared_platform == p.platform ? 1 : 0;
    out.y        = p.x * p.x;
  }
};

}  // namespace

TEST(Runner, PointsSharingAnXmlPlatformStartFromOneProcessThatPreparedIt)
{
  TempDir dir;
  Catalog catalog;
  catalog.add_model(std::make_unique<EchoModel>());
  std::string a = dir.write("a.xml", "<platform/>"), b = dir.write("b.xml", "<platform/>");
  std::string spec = dir.write("c.yaml", "clusters: []");
  std::string log  = dir.file("prepared.log");
  Experiment ex =
      load_experiment(dir.write("exp.yaml", fmt::format("model: platform-echo\nmode: simulate\nrepetitions: 3\n"
                                                        "sweep:\n  x: {{range: [1, 10]}}\n  platform: [{}, {}, {}]\n",
                                                        a, b, spec)),
                      {}, catalog);
  auto run = [&](const std::string& out, unsigned jobs, bool shared) {
    RunOptions o = quiet_run(dir.file(out), jobs);
    if (shared)
      o.prepare_platform = [&](const SimulationContext&, const std::string& platform) {
        prepared_platform = platform;
        std::ofstream(log, std::ios::app) << platform << "\n";
      };
    return read_results(run_experiment(ex, o).results_csv);
  };
  ResultsTable alone = run("alone", 2, false), one = run("one", 1, true), two = run("two", 2, true);
  ASSERT_EQ(one.rows.size(), 90u);
  size_t platform = static_cast<size_t>(one.column("platform")),
         prepared = static_cast<size_t>(one.column("sim_prepared"));
  for (size_t i = 0; i < one.rows.size(); ++i) {
    bool xml = one.rows[i][platform].find(".yaml") == std::string::npos;
    EXPECT_EQ(one.rows[i][prepared], xml ? "1" : "0") << i;  // a grid spec is not shared
    EXPECT_EQ(two.rows[i][prepared], one.rows[i][prepared]) << i;
    EXPECT_EQ(alone.rows[i][prepared], "0") << i;
    for (size_t c = 0; c + 1 < one.rows[i].size(); ++c) {  // all but wall_s
      if (c != prepared) {
        EXPECT_EQ(one.rows[i][c], alone.rows[i][c]) << i << " " << one.header[c];
      }
    }
  }
  EXPECT_EQ(prepared_platform, "");  // never prepared here
  // Once per platform file and run: the two runs with servers, each platform alternating along the sweep.
  std::ifstream in(log);
  std::map<std::string, int> times;
  for (std::string line; std::getline(in, line);)
    ++times[line];
  EXPECT_EQ(times, (std::map<std::string, int>{{a, 2}, {b, 2}}));
}

TEST(Runner, APlatformFileChangedDuringTheRunFailsItsPointsInsteadOfMixingTwoPlatforms)
{
  // b.xml is rewritten while the run goes (by a.xml's server, as it prepares): b's server, which starts later,
  // refuses it, and b's points are error rows that say so; none of them ran on the changed file.
  TempDir dir;
  Catalog catalog;
  catalog.add_model(std::make_unique<EchoModel>());
  std::string a = dir.write("a.xml", "<platform/>"), b = dir.write("b.xml", "<platform/>");
  Experiment ex      = load_experiment(dir.write("exp.yaml", fmt::format("model: platform-echo\nmode: simulate\n"
                                                                              "sweep:\n  platform: [{}, {}]\n  x: [1, 2, 3]\n",
                                                                         a, b)),
                                       {}, catalog);
  RunOptions o       = quiet_run(dir.file("out"), 1);
  o.prepare_platform = [&](const SimulationContext&, const std::string& platform) {
    prepared_platform = platform;
    if (platform == a)
      std::ofstream(b) << "<platform version=\"4.1\"/>";
  };
  RunResult r    = run_experiment(ex, o);
  ResultsTable t = read_results(r.results_csv);
  auto cell      = [&](size_t row, const char* col) { return t.rows[row][static_cast<size_t>(t.column(col))]; };
  ASSERT_EQ(t.rows.size(), 6u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(cell(i, "status"), "ok") << i;
    EXPECT_EQ(cell(i, "sim_prepared"), "1") << i;
    EXPECT_EQ(cell(i + 3, "status"), "error") << i;
    EXPECT_NE(cell(i + 3, "message").find("b.xml changed on disk since the run started"), std::string::npos)
        << cell(i + 3, "message");
  }
  EXPECT_EQ(r.counts.errors, 3u);
}
