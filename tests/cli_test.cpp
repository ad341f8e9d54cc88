// The isogrid command as a user meets it: help, list, validate, exit codes, Ctrl-C and --resume, reproduce.
#include "simulator/run/results_reader.hpp"
#include "tests/test_support.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <gtest/gtest.h>
#include <map>
#include <thread>

using namespace isogrid;
using namespace isogrid::testing;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// `isogrid reproduce` of a shipped paper folder into dir/report, which must succeed; its REPORT.md.
std::string reproduced_report(const TempDir& dir, const std::string& paper)
{
  CommandResult r =
      run_isogrid(fmt::format("reproduce {} --out {} --jobs 2", source("experiments/" + paper), dir.file("report")));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return read_file(dir.file("report/REPORT.md"));
}

// Characters, not bytes: "—" and "…" are one column each.
size_t utf8_length(const std::string& s)
{
  return static_cast<size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

}  // namespace

TEST(Cli, HelpNamesEveryCommand)
{
  CommandResult r = run_isogrid("--help");
  EXPECT_EQ(r.exit_code, 0);
  for (const char* cmd : {"run", "reproduce", "plot", "validate", "list"})
    EXPECT_TRUE(contains(r.output, cmd)) << cmd;
  CommandResult run = run_isogrid("run --help");
  for (const char* opt : {"--jobs", "--out", "--set", "--resume", "--force"})
    EXPECT_TRUE(contains(run.output, opt)) << opt;
  EXPECT_EQ(run_isogrid("").exit_code, 2);  // a command is required
}

TEST(Cli, ListShowsModelsParametersPoliciesAndPlatforms)
{
  // Alone: an overview that fits on one screen, a line per model and per policy family, with the commands for more.
  CommandResult overview = run_isogrid("list");
  EXPECT_EQ(overview.exit_code, 0);
  for (const char* expected :
       {"MODELS", "dlt-star", "Single-round divisible load on a one-port star", "dlt-sequence", "fastest-link-first",
        "PLATFORM GENERATORS", "isogrid list models NAME", "isogrid list policies FAMILY"})
    EXPECT_TRUE(contains(overview.output, expected)) << expected << "\n" << overview.output;
  size_t lines = static_cast<size_t>(std::count(overview.output.begin(), overview.output.end(), '\n'));
  EXPECT_LE(lines, 50u) << overview.output;
  for (size_t at = 0, end; at < overview.output.size(); at = end + 1) {
    end = overview.output.find('\n', at);
    EXPECT_LE(utf8_length(overview.output.substr(at, end - at)), 110u) << overview.output.substr(at, end - at);
  }
  // One model, one family: the details.
  CommandResult model = run_isogrid("list models dlt-star");
  EXPECT_EQ(model.exit_code, 0);
  for (const char* expected : {"Drozdowski", "efficiency", "unit_bytes", "> 0", "limits in closed form"})
    EXPECT_TRUE(contains(model.output, expected)) << expected << "\n" << model.output;
  EXPECT_FALSE(contains(model.output, "gph-runtime")) << model.output;
  CommandResult family = run_isogrid("list policies load-generator");
  EXPECT_EQ(family.exit_code, 0) << family.output;  // the hint the grid spec's load key gives
  EXPECT_TRUE(contains(family.output, "random-cpu")) << family.output;
  EXPECT_FALSE(contains(family.output, "fastest-link-first")) << family.output;
  EXPECT_TRUE(contains(run_isogrid("list all").output, "unit_bytes"));
  EXPECT_EQ(run_isogrid("list nonsense").exit_code, 2);
  CommandResult typo = run_isogrid("list models dlt-sta");
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_TRUE(contains(typo.output, "did you mean 'dlt-star'")) << typo.output;
  EXPECT_EQ(run_isogrid("list platforms clusters").exit_code, 2);
}

TEST(Cli, ValidateReportsGoodAndBadFiles)
{
  CommandResult good = run_isogrid("validate " + source("experiments/drozdowski2003/fig3-isoefficiency-m-V.yaml"));
  EXPECT_EQ(good.exit_code, 0) << good.output;
  EXPECT_TRUE(contains(good.output, "820 point(s)")) << good.output;
  TempDir dir;
  std::string bad = dir.write("bad.yaml", "model: dlt-star\nparameters:\n  V: 0\n  m: 2\n");
  CommandResult r = run_isogrid("validate " + bad);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, bad + ":3:6: parameters.V: V must be > 0, got 0")) << r.output;
}

// Every shipped study loads as written: a renamed parameter, metric or policy fails here rather than in the middle
// of someone's `reproduce`.
TEST(Cli, EveryShippedExperimentValidates)
{
  namespace fs   = std::filesystem;
  size_t studies = 0;
  for (const auto& folder : fs::directory_iterator(source("experiments"))) {
    if (!folder.is_directory())
      continue;
    for (const auto& file : fs::directory_iterator(folder.path())) {
      if (file.path().extension() != ".yaml" || file.path().filename() == "paper.yaml")
        continue;
      CommandResult r = run_isogrid("validate " + file.path().string());
      EXPECT_EQ(r.exit_code, 0) << file.path() << "\n" << r.output;
      EXPECT_TRUE(contains(r.output, "valid experiment")) << r.output;
      studies += 1;
    }
  }
  EXPECT_GE(studies, 40u);  // five papers' folders
}

TEST(Cli, BadInputWritesNothing)
{
  TempDir dir;
  std::string bad = dir.write("bad.yaml", "model: dlt-star\nparameters: {V: 100, m: 2, sequence: random}\n");
  CommandResult r = run_isogrid(fmt::format("run {} --out {}", bad, dir.file("out")));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "known: given, fastest-link-first")) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir.file("out")));
}

TEST(Cli, RunWritesResultsAndRefusesToOverwrite)
{
  TempDir dir;
  std::string exp = source("experiments/drozdowski2003/fig3-isoefficiency-m-V.yaml");
  std::string out = dir.file("out");
  CommandResult r = run_isogrid(fmt::format("run {} --out {} --set m=4 --set mode=predict --no-plot", exp, out));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "41 points")) << r.output;
  EXPECT_TRUE(contains(r.output, "references: 3 of 3 within tolerance")) << r.output;
  ResultsTable t = read_results(out + "/results.csv");
  EXPECT_EQ(t.rows.size(), 41u);
  CommandResult again = run_isogrid(fmt::format("run {} --out {} --set m=4 --no-plot", exp, out));
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_TRUE(contains(again.output, "--resume")) << again.output;
}

// A table or a reference added to a finished run is made by --resume without running a point again; a changed
// parameter is refused.
TEST(Cli, ResumeChecksANewTableWithoutRerunningButRefusesANewParameter)
{
  TempDir dir;
  std::string head = "model: dlt-star\nmode: predict\nparameters: {m: 4}\nsweep:\n  V: [10, 100]\n";
  std::string exp  = dir.write("exp.yaml", head);
  std::string out  = dir.file("out");
  ASSERT_EQ(run_isogrid(fmt::format("run {} --out {} --no-plot", exp, out)).exit_code, 0);
  dir.write("exp.yaml",
            head + "title: with a table\ntables:\n  - {title: T, metrics: [efficiency], face: predicted}\n");
  CommandResult resumed = run_isogrid(fmt::format("run {} --out {} --resume --no-plot --verbose", exp, out));
  EXPECT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_TRUE(contains(resumed.output, "(2 already done, 0 run, 0 errors)")) << resumed.output;
  EXPECT_TRUE(contains(resumed.output, "T (predicted, V=10)")) << resumed.output;
  EXPECT_TRUE(contains(read_file(out + "/REPORT.md"), "T (predicted, V=100)"));
  dir.write("exp.yaml", "model: dlt-star\nmode: predict\nparameters: {m: 5}\nsweep:\n  V: [10, 100]\n");
  CommandResult changed = run_isogrid(fmt::format("run {} --out {} --resume --no-plot", exp, out));
  EXPECT_EQ(changed.exit_code, 2);
  EXPECT_TRUE(contains(changed.output, "was made from a different experiment")) << changed.output;
}

TEST(Cli, InterruptKeepsFinishedRowsAndResumeCompletesTheSweep)
{
  TempDir dir;
  // 30 points of a 1000-worker star: about 75 ms each on one job.
  std::string exp = dir.write("slow.yaml", "model: dlt-star\nparameters: {m: 1000, C: 0.001}\nsweep:\n"
                                           "  V: {logspace: [11, 12, 30]}\n");
  std::string out = dir.file("out");
  pid_t pid       = start_isogrid({"run", exp, "--out", out, "--jobs", "1", "--no-plot"}, dir.file("log"));
  auto deadline   = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  // Interrupt once a few rows are on disk.
  while (std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    // Lines, not a parsed table: the file may be there before its header is (an empty results.csv is refused).
    if (std::filesystem::exists(out + "/results.csv")) {
      std::string text = read_file(out + "/results.csv");
      if (std::count(text.begin(), text.end(), '\n') >= 4)  // the header and 3 rows
        break;
    }
  }
  ::kill(-pid, SIGINT);  // the whole job, as Ctrl-C does
  EXPECT_EQ(wait_isogrid(pid), 130) << read_file(dir.file("log"));
  EXPECT_TRUE(contains(read_file(dir.file("log")), "--resume"));
  EXPECT_TRUE(contains(read_file(out + "/run.json"), "\"status\": \"interrupted\""));
  size_t kept = read_results(out + "/results.csv").rows.size();
  EXPECT_GE(kept, 3u);
  EXPECT_LT(kept, 30u);

  CommandResult resumed = run_isogrid(fmt::format("run {} --out {} --jobs 2 --resume --no-plot", exp, out));
  EXPECT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_TRUE(contains(resumed.output, fmt::format("({} already done, {} run, 0 errors)", kept, 30 - kept)))
      << resumed.output;
  ResultsTable t = read_results(out + "/results.csv");
  ASSERT_EQ(t.rows.size(), 30u);
  for (size_t i = 0; i < 30; ++i) {
    EXPECT_EQ(t.rows[i][0], std::to_string(i));
    EXPECT_EQ(t.rows[i][static_cast<size_t>(t.column("status"))], "ok");
  }
  EXPECT_TRUE(contains(read_file(out + "/run.json"), "\"status\": \"complete\""));
}

TEST(Cli, ReproduceWritesTheReportWithEveryReferenceMet)
{
  TempDir dir;
  std::string report = reproduced_report(dir, "drozdowski2003");
  // 62 of Figs. 3-4 and the extensions, and the spanning tree's 3 efficiencies by hand and its agreement.
  EXPECT_TRUE(contains(report, "66 of 66 reference values and agreements met within tolerance"))
      << report.substr(0, 3000);
  EXPECT_TRUE(contains(report, "| m=4, V=100000 | efficiency | 0.457 | 0.457095 |")) << report;
  // The paper prints no value: the 61 of Figs. 3-4 and the spanning tree are worked out from its equations, and the
  // summary says so instead of reading as agreement with measurements.
  EXPECT_TRUE(contains(report, "| references met | of which derived from the paper's equations |")) << report;
  EXPECT_TRUE(contains(report, "61 of the reference values are derived from the paper's equations rather than printed "
                               "in it (61 met)"))
      << report.substr(0, 3000);
  // Studies in paper.yaml's order, each with its plots.
  size_t fig3 = report.find("## Fig. 3"), fig4 = report.find("## Fig. 4"), ext1 = report.find("## Beyond the paper");
  EXPECT_LT(fig3, fig4);
  EXPECT_LT(fig4, ext1);
  for (const char* png :
       {"fig3-isoefficiency-m-V/fig3-isoefficiency-m-V.png", "fig4-isoefficiency-C-S/fig4-isoefficiency-C-S.png",
        "ext2-result-return/ext2-isoefficiency-m-beta.png"}) {
    EXPECT_TRUE(contains(report, std::string("(") + png + ")")) << png;
    EXPECT_GT(std::filesystem::file_size(dir.file(std::string("report/") + png)), 20000u) << png;
  }
}

TEST(Cli, ReproduceFailsWhenAReferenceIsMissed)
{
  TempDir dir;
  dir.write("paper/study.yaml", "title: wrong on purpose\nmodel: dlt-star\nmode: predict\nparameters: {m: 2, S: 1000}\n"
                                "sweep:\n  V: [1000, 10000]\nreferences:\n  metric: efficiency\n  tolerance: 0.001\n"
                                "  values:\n    - {at: {V: 1000}, value: 0.5}\n    - {at: {V: 10000}, value: 0.9}\n");
  CommandResult r = run_isogrid(fmt::format("reproduce {} --out {} --no-plot", dir.file("paper"), dir.file("out")));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  std::string report = read_file(dir.file("out/REPORT.md"));
  EXPECT_TRUE(contains(report, "1 of 2 reference values met")) << report;
  EXPECT_TRUE(contains(report, "MISS")) << report;
}

TEST(Cli, ReproduceKorkhovFindsTheThresholdsFromSimulation)
{
  TempDir dir;
  std::string report = reproduced_report(dir, "korkhov2009");
  // The gamma >= 0.8 thresholds of eqs. 4.36-4.39, read off simulated runs (both faces shown).
  for (const char* row : {"| beta_for_gamma_0.8 | C=2 | grid_efficiency = 0.8 | beta | 46 | 46 |",
                          "| beta_for_gamma_0.8 | C=3 | grid_efficiency = 0.8 | beta | 74 | 74 |",
                          "| beta_for_gamma_0.8 | C=4 | grid_efficiency = 0.8 | beta | 102 | 102 |",
                          "| N_x_for_gamma_0.8 | C=2 | grid_efficiency = 0.8 | N_x | 119.6 | 119.6 |"})
    EXPECT_TRUE(contains(report, row)) << row;
  // source: the same N_x thresholds found by search (`isoefficiency:` in thresholds.yaml) agree with those the grid's
  // crossings read off within the grid's step, 2.6 slices (both are exact here: the design rule's N_x = 29.9p,
  // 48.1p, 66.3p, p = 4), each line with far fewer points than the 266 values of N_x the grid runs per C.
  ResultsTable traced                 = read_results(dir.file("report/thresholds/isoefficiency.csv"));
  const std::map<double, double> rule = {{2, 119.6}, {3, 192.4}, {4, 265.2}};
  size_t lines_at_08                  = 0;
  for (const auto& row : traced.rows) {
    if (number_cell(row, traced.column("level")) != 0.8)
      continue;
    ++lines_at_08;
    EXPECT_EQ(row[static_cast<size_t>(traced.column("status"))], "found");
    EXPECT_NEAR(number_cell(row, traced.column("N_x")), rule.at(number_cell(row, traced.column("C"))), 2.6);
    EXPECT_LE(number_cell(row, traced.column("probes")), 20);
  }
  EXPECT_EQ(lines_at_08, 6u);  // 3 values of C, 2 faces
  EXPECT_TRUE(contains(report, "| grid_efficiency | 0.8 | simulated | C | N_x = -26 + 72.8 * C |")) << report;
  // Fig. 4.3's 5 %, on every point of the DAS-2 sweep, and the estimation procedure recovering the calibration.
  EXPECT_TRUE(contains(report, "| time | 5% of predicted | 560 | 0 |")) << report;
  EXPECT_TRUE(contains(report, "| grid_speedup | 5% of predicted | 560 | 0 |")) << report;
  EXPECT_TRUE(contains(report, "| tau_grid | 5% of predicted | 36 | 0 |")) << report;
  EXPECT_FALSE(contains(report, "MISS"));
  EXPECT_FALSE(contains(report, "NOT MET"));
  for (const char* png :
       {"fig4-3-predicted-vs-simulated", "fig4-4-time-vs-grain-size", "fig4-5-grid-speedup-vs-grain-size",
        "fig4-6-grid-speedup-vs-p", "fig4-7-grid-efficiency-vs-p", "fig4-8-grid-speedup-vs-beta",
        "fig4-9-grid-efficiency-vs-beta"})
    EXPECT_TRUE(std::filesystem::exists(dir.file(std::string("report/das2-sweep/") + png + ".png"))) << png;
  // Repeated points get their mean and standard deviation.
  ResultsTable summary = read_results(dir.file("report/noise/summary.csv"));
  EXPECT_EQ(summary.rows.size(), 15u);
  EXPECT_EQ(summary.rows[0][static_cast<size_t>(summary.column("repetitions_ok"))], "8");
  EXPECT_GE(summary.column("sim_grid_efficiency_std"), 0);
}

// `isogrid plan`: Argollo et al.'s three-phase methodology (Eqs. 1-5) on their testbed, as the paper's Tables 2-5.
namespace {

std::string testbed() { return source("platforms/argollo-testbed.yaml"); }

}  // namespace

TEST(Cli, PlanGivesThePapersEstimatesOnTheArgolloTestbed)
{
  CommandResult r = run_isogrid("plan " + testbed());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* line :
       {"task           1e+12 flop; CV = 4 + 2310244 = 2310248 bytes (command + result)",
        // Phase 1: the local cluster is computation-bound.
        "AvPerf         1.754e-3 tasks/s", "go to Multi-Cluster Analysis",
        // Table 2: 1.000, 1.771, Spain's link carrying 9.308e-3 of its 23.570e-3 tasks/s (5.307, 39 %), 8.077 (50 %).
        "  Argentina        3           -   1.754             -    1.754         1.000             100%  computation",
        "  Brazil           5        25.3   3.106        11.214    3.106         1.771             100%  computation",
        "  Spain            8        21.0  23.570         9.308    9.308         5.307              39%  Internet",
        "  Total           16           -  28.430             -   14.168         8.077              50%",
        // Table 3: the 3 fastest Spanish workers, 8.885e-3 tasks/s, all at 100 %.
        "  Spain            3        21.0   8.885         9.308    8.885         5.065             100%  computation",
        "  Total           11           -  13.745             -   13.745         7.836             100%",
        "  Spain          Spain-1 Spain-2 Spain-3 (3 of 8)",
        "held back by the Internet: Spain; go to Application Tuning",
        // Phase 3: S = AvPerf CV / TPut = 2.53, rounded up to 3; Brazil's link does not bind. Table 4.
        "  Brazil    3.106        25.3     0.28              1",
        "  Spain    23.570        21.0     2.53              3",
        "  Spain            8        21.0  23.570        27.924   23.570        13.437             100%  computation",
        "  Total           16           -  28.430             -   28.430        16.208             100%",
        // Table 5's estimated columns.
        // Each row below is one line, written in two pieces.
        // NOLINTBEGIN(bugprone-suspicious-missing-comma)
        "  all       Intermediate evaluation in the MCA phase: all clusters, all resources       16         8.077"
        "              50%",
        "  selected  After the MCA phase: all clusters, selected resources                       11         7.836"
        "             100%",
        "  tuned     After the AT phase: all clusters, all resources, tuned application          16        16.208"
        "             100%"})
    // NOLINTEND(bugprone-suspicious-missing-comma)
    EXPECT_TRUE(contains(r.output, line)) << line << "\n" << r.output;
}

TEST(Cli, PlanInetOverrideChangesOnlyThatCluster)
{
  CommandResult r = run_isogrid("plan " + testbed() + " --inet Spain=23");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // The 23.0 KB/s measured during the Table 2 run: Spain's link carries 10.195e-3 tasks/s, speedup 5.81.
  EXPECT_TRUE(contains(r.output, "  Spain            8        23.0  23.570        10.195   10.195         5.81"))
      << r.output;
  EXPECT_TRUE(contains(r.output, "  Brazil           5        25.3   3.106        11.214    3.106         1.771"))
      << r.output;
  EXPECT_FALSE(contains(r.output, "5.307")) << r.output;
  EXPECT_TRUE(contains(r.output, "Internet       Spain=23 KiB/s (--inet)")) << r.output;
}

TEST(Cli, PlanPrintsMarkdownTables)
{
  CommandResult r = run_isogrid("plan " + testbed() + " --markdown");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "## Phase 2: Multi-Cluster Analysis")) << r.output;
  EXPECT_TRUE(contains(r.output, "| cluster | workers | Inet KiB/s | AvPerf | MaxPerf_inet | EstPerf | est. speedup | "
                                 "est. efficiency | bound |\n|---|---:|---:|---:|---:|---:|---:|---:|---|\n"))
      << r.output;
  EXPECT_TRUE(contains(r.output, "| Spain | 8 | 21.0 | 23.570 | 9.308 | 9.308 | 5.307 | 39% | Internet |")) << r.output;
  EXPECT_TRUE(contains(r.output, "| Spain | 23.570 | 21.0 | 2.53 | 3 |")) << r.output;
}

TEST(Cli, PlanRejectsBadInputWithExitTwo)
{
  struct Case {
    std::string arguments, expected;
  };
  for (const Case& c : std::vector<Case>{
           {"plan " + testbed() + " --inet Spian=23",
            "--inet: unknown remote cluster 'Spian' (did you mean 'Spain'?); known: Brazil, Spain"},
           {"plan " + testbed() + " --inet Spain=0", "'Spain=0': expected CLUSTER=KiB/s with a positive number"},
           {"plan " + testbed() + " --inet Spain=fast", "'Spain=fast': expected CLUSTER=KiB/s"},
           {"plan " + testbed() + " --inet Spain=1e999", "'Spain=1e999': expected CLUSTER=KiB/s"},
           {"plan " + testbed() + " --inet Spain", "'Spain': expected CLUSTER=KiB/s"},
           {"plan " + testbed() + " --inet Argentina=10", "Argentina is the local cluster"},
           {"plan " + testbed() + " --threshold 1.5",
            "--threshold: expected an efficiency in (0, 1], e.g. 0.85, got 1.5"},
           {"plan " + testbed() + " --threshold 0", "--threshold: expected an efficiency in (0, 1]"},
           {"plan " + testbed() + " --result-bytes -1", "--result-bytes: expected a positive number, got -1"},
           {"plan " + testbed() + " --task-flops 0", "--task-flops: expected a positive number, got 0"},
           {"plan " + source("platforms/examples/star-10.yaml"), "a star has no clusters"},
           {"plan " + source("platforms/examples/star-4.xml"), "needs an isogrid YAML grid spec with clusters"},
           {"plan /no/such/platform.yaml", "File does not exist: /no/such/platform.yaml"}}) {
    CommandResult r = run_isogrid(c.arguments);
    EXPECT_EQ(r.exit_code, 2) << c.arguments << "\n" << r.output;
    EXPECT_TRUE(contains(r.output, c.expected)) << c.arguments << "\n" << r.output;
  }
}

// Two of Al Zain et al.'s studies as a user runs them: Table 3's GRID-GUM1 runtimes within the stated tolerances
// (parFib 15 %, sumEuler 20 %), and Table 8's claim that GRID-GUM2 is never more than 5 % slower than GRID-GUM1 on
// any of its ten homogeneous high-latency grids.
TEST(Cli, AlZainTable3RuntimesAndTable8OrderingHold)
{
  TempDir dir;
  CommandResult t3 = run_isogrid(
      fmt::format("run {} --out {} --jobs 2 --no-plot",
                  source("experiments/alzain2008/table3-homogeneous-high-latency-low-comm.yaml"), dir.file("t3")));
  EXPECT_EQ(t3.exit_code, 0) << t3.output;
  EXPECT_TRUE(contains(t3.output, "references: 12 of 12 within tolerance")) << t3.output;
  // One repetition of each point (the shipped file takes the median of 3, which `isogrid reproduce
  // experiments/alzain2008` checks): the ordering must hold on a single run of each configuration too, at a third of
  // the minute the three took.
  CommandResult t8 =
      run_isogrid(fmt::format("run {} --out {} --jobs 2 --no-plot --set repetitions=1",
                              source("experiments/alzain2008/table8-homogeneous-high-latency.yaml"), dir.file("t8")));
  EXPECT_EQ(t8.exit_code, 0) << t8.output;
  EXPECT_TRUE(contains(t8.output, "comparisons: 10 of 10 groups held")) << t8.output;
}

// Each study of a reproduce runs under its own SimGrid settings: the engine one study prepared in the parent (for its
// workers to adopt) leaked its exact-network settings into the next study (an LV08 ring took 3.027 s a lap instead
// of 3.065 s; here a DLT star under LV08 would finish at the exact network's closed form).
TEST(Cli, ReproduceRunsEachStudyUnderItsOwnSimGridSettings)
{
  TempDir dir;
  const std::string star = "model: dlt-star\nmode: both\nparameters: {m: 3, C: 0.01, S: 1e-3}\n"
                           "sweep:\n  V: [100, 200]\nplots: []\n";
  dir.write("paper/a-exact.yaml", star);
  dir.write("paper/b-lv08.yaml", star + "simgrid: {network/model: LV08}\n");
  CommandResult both = run_isogrid(fmt::format("reproduce {} --out {} --no-plot", dir.file("paper"), dir.file("both")));
  ASSERT_EQ(both.exit_code, 0) << both.output;
  for (const char* study : {"a-exact", "b-lv08"}) {
    std::string alone = dir.file(std::string("alone-") + study);
    CommandResult r =
        run_isogrid(fmt::format("run {}/paper/{}.yaml --out {} --no-plot", dir.path().string(), study, alone));
    ASSERT_EQ(r.exit_code, 0) << r.output;
    ResultsTable reproduced = read_results(dir.file(std::string("both/") + study + "/results.csv"));
    ResultsTable run_alone  = read_results(alone + "/results.csv");
    int makespan            = reproduced.column("sim_makespan");
    ASSERT_EQ(reproduced.rows.size(), run_alone.rows.size());
    for (size_t i = 0; i < reproduced.rows.size(); ++i)
      EXPECT_EQ(reproduced.rows[i][makespan], run_alone.rows[i][makespan]) << study << " row " << i;
  }
  // The two settings do give two makespans: the closed form exactly on the exact network, not under LV08's factors.
  ResultsTable exact = read_results(dir.file("both/a-exact/results.csv"));
  ResultsTable lv08  = read_results(dir.file("both/b-lv08/results.csv"));
  int sim = exact.column("sim_makespan"), pred = exact.column("pred_makespan");
  for (size_t i = 0; i < exact.rows.size(); ++i) {
    double closed_form = std::stod(exact.rows[i][pred]);
    EXPECT_NEAR(std::stod(exact.rows[i][sim]), closed_form, 1e-9 * closed_form) << "row " << i;
    EXPECT_GT(std::abs(std::stod(lv08.rows[i][sim]) - closed_form), 1e-6 * closed_form) << "row " << i;
  }
}
