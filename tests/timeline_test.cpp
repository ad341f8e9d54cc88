// Per-point timelines (simulator/core/timeline.hpp): the recorder's table, and a run whose timeline plot names a
// point writes that point's timeline beside results.csv without changing a row.
#include "simulator/core/timeline.hpp"
#include "simulator/run/output_folder.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <unistd.h>
#include <vector>

namespace isogrid {
namespace {

TEST(Timeline, WritesATidyTableInTheOrderRecorded)
{
  Timeline t;
  t.interval("merita", "run 1", "queue wait", "CDAC, LoadLeveler", 100, 5000.5);
  t.level("merita", "CDAC", "jobs queued", 0.25, 3);
  std::ostringstream csv;
  t.write_csv(csv);
  EXPECT_EQ(csv.str(), "kind,group,resource,state,label,start_s,end_s,value\n"
                       "interval,merita,run 1,queue wait,\"CDAC, LoadLeveler\",100,5000.5,0\n"
                       "level,merita,CDAC,jobs queued,,0.25,0.25,3\n");
}

// A MerITA stream of three runs on the Sec. 6.7 grid, its second point's timeline drawn: the run writes
// timelines/point-1.csv (the oracle's and MerITA's runs, the batch queues' lengths) and the plot, and its rows are
// those of the same run without the plot.
TEST(Timeline, ARunWritesTheTimelineOfThePointItsPlotNamesAndTheSameRows)
{
  testing::TempDir dir;
  const std::string experiment = R"(title: "timeline"
model: merita
mode: simulate
repetitions: 2
parameters: {grid: section-6.7, submissions: 3, mean_gap_h: 4}
)";
  std::string plain            = dir.write("plain.yaml", experiment + "plots: []\n");
  std::string drawn            = dir.write("drawn.yaml", experiment + R"(plots:
  - {kind: timeline, point: 1, groups: [merita, oracle], file: stream.png}
)");
  testing::CommandResult a     = testing::run_isogrid("run " + plain + " --no-progress -o " + dir.file("plain"));
  testing::CommandResult b     = testing::run_isogrid("run " + drawn + " --no-progress -o " + dir.file("drawn"));
  ASSERT_EQ(a.exit_code, 0) << a.output;
  ASSERT_EQ(b.exit_code, 0) << b.output;
  EXPECT_EQ(testing::rows_but_wall_time(dir.file("plain")), testing::rows_but_wall_time(dir.file("drawn")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("plain/timelines")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("drawn/timelines/point-0.csv")));
  std::string timeline = testing::read_file(dir.file("drawn/timelines/point-1.csv"));
  EXPECT_EQ(timeline.rfind("kind,group,resource,state,label,start_s,end_s,value\n", 0), 0u);
  for (const char* expected : {"interval,merita,run 1,run,", "interval,oracle,run 3,", "level,merita,CDAC-LoadLeveler"})
    EXPECT_NE(timeline.find(expected), std::string::npos) << expected;
  EXPECT_TRUE(std::filesystem::exists(dir.file("drawn/stream.png")));
  // --force replaces the run, its timelines with it.
  testing::CommandResult again =
      testing::run_isogrid("run " + plain + " --no-progress --force -o " + dir.file("drawn"));
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_FALSE(std::filesystem::exists(dir.file("drawn/timelines")));
}

// Every simulated model, on a small sweep: the run whose timeline plot names its points writes a timeline for each
// that holds events, and its rows are those of the same run without the plot (recording changes no result). The
// walkthrough model is held to the same in its own folder (workloads/examples/), which alone may name it.
TEST(Timeline, EveryModelRecordsAndKeepsItsRows)
{
  testing::TempDir dir;
  const std::string das2                                         = testing::source("platforms/das2.yaml");
  const std::vector<std::pair<std::string, std::string>> studies = {
      {"dlt", "model: dlt-star\nparameters: {V: 100, A: 1, C: 0.1, S: 0.5}\nsweep:\n  m: [2, 3]\n"},
      {"tree", "model: spanning-tree\nsweep:\n  m: [4, 6]\n"},
      {"lbm", "model: lbm-grid\nparameters: {platform: " + das2 + ", N_y: 10, p: 3, C: 2}\nsweep:\n  N_x: [36, 48]\n"},
      {"estimation",
       "model: lbm-estimation\nparameters: {platform: " + das2 + ", N_y: 10, p: 3, C: 2}\nsweep:\n  N_x: [36, 48]\n"},
      {"farm", "model: hierarchical-farm\nparameters: {platform: " + testing::source("platforms/argollo-testbed.yaml") +
                   ", tasks: 60, task_flops: 1e10, cluster: total}\nsweep:\n  plan_step: [all, tuned]\n"},
      {"gph", "model: gph-runtime\nparameters: {platform: " + testing::source("platforms/gph-beowulf.yaml") +
                  ", alphabet: {E: Edin1, M: Muni}, configuration: 1E4M, program: raytracer, program_parameters: "
                  "{rows: 40}}\nsweep:\n  runtime: [grid-gum1, grid-gum2]\n"},
      {"selection", "model: resource-selection\nmode: simulate\nparameters: {schedulers: [dp, be]}\nsweep:\n"
                    "  machines: [16, 24]\n"},
      {"plans", "model: rescheduling-plan\nmode: simulate\nparameters: {application: MD, machines: 64, "
                "checkpoint_mb: 1000, restart: 30}\nsweep:\n  rcost: [60, 180]\n"},
      {"campaign", "model: performance-modelling\nmode: simulate\nparameters: {platform: " +
                       testing::source("platforms/sanjay/amd-48.yaml") +
                       ", application: phased-MD, cpu_load: dedicated, bandwidth_load: dedicated}\nsweep:\n"
                       "  predictions: [5, 6]\n"},
  };
  for (const auto& [name, study] : studies) {
    std::string plain = dir.write(name + "-plain.yaml", study + "plots: []\n");
    std::string drawn =
        dir.write(name + "-drawn.yaml", study + "plots:\n  - {kind: timeline, point: [0, 1], file: t.png}\n");
    testing::CommandResult a =
        testing::run_isogrid("run " + plain + " --no-plot --no-progress -o " + dir.file(name + "-a"));
    testing::CommandResult b =
        testing::run_isogrid("run " + drawn + " --no-plot --no-progress -o " + dir.file(name + "-b"));
    ASSERT_EQ(a.exit_code, 0) << name << "\n" << a.output;
    ASSERT_EQ(b.exit_code, 0) << name << "\n" << b.output;
    EXPECT_EQ(testing::rows_but_wall_time(dir.file(name + "-a")), testing::rows_but_wall_time(dir.file(name + "-b")))
        << name;
    for (const char* point : {"0", "1"}) {
      std::string table = testing::read_file(dir.file(name + "-b/timelines/point-" + point + ".csv"));
      EXPECT_GT(std::count(table.begin(), table.end(), '\n'), 2) << name << " point " << point << " recorded:\n"
                                                                 << table;
    }
  }
}

// `isogrid timeline EXP --point N` (or --where) runs the point again with its timeline recorded and writes the table
// and its chart into the results folder; a point past the sweep, an experiment that only predicts, or a --where that
// chooses more than 20 points is refused with nothing written.
TEST(Timeline, TheTimelineCommandRecordsChosenPoints)
{
  testing::TempDir dir;
  std::string star         = dir.write("star.yaml", R"(title: "a star"
model: dlt-star
parameters: {V: 100, A: 1, C: 0.1, S: 0.5}
sweep:
  m: [2, 3]
)");
  testing::CommandResult r = testing::run_isogrid("timeline " + star + " --point 1 -o " + dir.file("out"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string table = testing::read_file(dir.file("out/timelines/point-1.csv"));
  EXPECT_EQ(table.rfind("kind,group,resource,state,label,start,end,value\n", 0), 0u) << table;
  EXPECT_NE(table.find("interval,star,P3,compute,part,"), std::string::npos) << "m = 3 at point 1\n" << table;
  EXPECT_TRUE(std::filesystem::exists(dir.file("out/timelines/point-1.png")));
  EXPECT_TRUE(std::filesystem::exists(dir.file("out/timelines/point-1.pdf"))) << "a PDF for a paper beside the PNG";
  EXPECT_TRUE(std::filesystem::exists(dir.file("out/timelines/point-1.paje")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("out/results.csv"))) << "a timeline runs no sweep";

  testing::CommandResult past = testing::run_isogrid("timeline " + star + " --point 2 -o " + dir.file("past"));
  EXPECT_EQ(past.exit_code, 2) << past.output;
  EXPECT_NE(past.output.find("point 2 is past the sweep, whose points are 0 .. 1"), std::string::npos) << past.output;
  EXPECT_FALSE(std::filesystem::exists(dir.file("past")));
  testing::CommandResult predicted =
      testing::run_isogrid("timeline " + star + " --set mode=predict --point 0 -o " + dir.file("predicted"));
  EXPECT_EQ(predicted.exit_code, 2) << predicted.output;
  EXPECT_NE(predicted.output.find("only predicts"), std::string::npos) << predicted.output;
  EXPECT_FALSE(std::filesystem::exists(dir.file("predicted")));

  // --where chooses points by their parameters: m == 3 is point 1. More than 20 are refused.
  testing::CommandResult chosen =
      testing::run_isogrid("timeline " + star + " --where 'm == 3' --no-plot -o " + dir.file("chosen"));
  ASSERT_EQ(chosen.exit_code, 0) << chosen.output;
  EXPECT_TRUE(std::filesystem::exists(dir.file("chosen/timelines/point-1.csv")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("chosen/timelines/point-0.csv")));
  std::string many = dir.write("many.yaml", R"(model: dlt-star
parameters: {V: 100, A: 1, C: 0.1, S: 0.5}
sweep:
  m: {range: [1, 21]}
)");
  testing::CommandResult too_many =
      testing::run_isogrid("timeline " + many + " --where 'm >= 1' -o " + dir.file("many"));
  EXPECT_EQ(too_many.exit_code, 2) << too_many.output;
  EXPECT_NE(too_many.output.find("chooses 21 points"), std::string::npos) << too_many.output;
  EXPECT_FALSE(std::filesystem::exists(dir.file("many")));

  // A folder another run holds (here this test process) is refused, and nothing is written into it.
  {
    OutputLock held(dir.file("held"));
    testing::CommandResult locked = testing::run_isogrid("timeline " + star + " --point 1 -o " + dir.file("held"));
    EXPECT_EQ(locked.exit_code, 2) << locked.output;
    EXPECT_NE(locked.output.find("is in use by another isogrid run (pid " + std::to_string(::getpid()) + ")"),
              std::string::npos)
        << locked.output;
    EXPECT_FALSE(std::filesystem::exists(dir.file("held/timelines")));
  }
}

// The Pajé trace beside a recorded timeline is read by pajeng's pj_dump (installed by scripts/install-deps.sh
// --test): a container per group, per zone (the PEs' clusters) and per row, and each row's time in each state is the
// table's. A GpH run: its PEs' states, and its sparks, whose overlapping stays are counts (variables) whose integral
// is the stays' total time.
TEST(Timeline, ThePajeTraceIsReadByPjDumpAndHoldsTheTablesTimes)
{
  testing::TempDir dir;
  std::string gph          = dir.write("gph.yaml", "model: gph-runtime\nmode: simulate\nparameters:\n  platform: " +
                                                       testing::source("platforms/gph-beowulf.yaml") + R"(
  alphabet: {E: Edin1, M: Muni}
  configuration: 1E4M
  program: raytracer
  program_parameters: {rows: 40}
  runtime: grid-gum2
)");
  testing::CommandResult r = testing::run_isogrid("timeline " + gph + " --point 0 --no-plot -o " + dir.file("out"));
  ASSERT_EQ(r.exit_code, 0) << r.output;

  // The table: per "group: resource" and state, the time spent; the zones of the rows with events.
  std::map<std::string, std::map<std::string, double>> table;
  std::map<std::string, std::string> zone;  // "group: resource" -> "group: zone", as declared
  std::set<std::string> groups, zones;
  std::istringstream csv(testing::read_file(dir.file("out/timelines/point-0.csv")));
  std::string line;
  std::getline(csv, line);
  while (std::getline(csv, line)) {
    std::vector<std::string> f;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');)
      f.push_back(cell);
    ASSERT_EQ(f.size(), 8u) << line;
    if (f[0] == "row") {
      zone[f[1] + ": " + f[2]] = f[1] + ": " + f[4];
      continue;
    }
    groups.insert(f[1]);
    table[f[1] + ": " + f[2]][f[3]] += std::stod(f[6]) - std::stod(f[5]);
  }
  for (const auto& [row, states] : table)
    zones.insert(zone.at(row));
  ASSERT_EQ(groups, (std::set<std::string>{"PEs", "fishes", "sparks"}));

  // pj_dump's: states' durations, and the integral of the sparks' counts.
  std::string command = "pj_dump -l 12 " + dir.file("out/timelines/point-0.paje") + " 2>&1";
  FILE* pipe          = ::popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string dump;
  std::array<char, 4096> chunk{};
  while (size_t n = std::fread(chunk.data(), 1, chunk.size(), pipe))
    dump.append(chunk.data(), n);
  ASSERT_EQ(::pclose(pipe), 0) << "pj_dump (pajeng, installed by scripts/install-deps.sh --test) refused it:\n"
                               << dump.substr(0, 2000);
  std::map<std::string, std::map<std::string, double>> traced;
  size_t containers = 0;
  std::istringstream lines(dump);
  while (std::getline(lines, line)) {
    std::vector<std::string> f;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');)
      f.push_back(cell.substr(cell.find_first_not_of(' ')));
    if (f[0] == "Container") {
      containers += 1;
    } else if (f[0] == "State") {
      ASSERT_EQ(f.size(), 8u) << line;
      traced[f[1]][f[7]] += std::stod(f[5]);
    } else if (f[0] == "Variable") {
      ASSERT_EQ(f.size(), 7u) << line;
      ASSERT_EQ(f[2].rfind("open: ", 0), 0u) << line;
      traced[f[1]][f[2].substr(6)] += std::stod(f[5]) * std::stod(f[6]);
    }
  }
  EXPECT_EQ(containers, 1 + groups.size() + zones.size() + table.size()) << "the root, a group, zone and row each";
  EXPECT_EQ(zones.size(), 6u) << "the PEs, their fishes and their sparks in Edin1 and in Muni";
  size_t compared = 0;
  for (const auto& [row, states] : table)
    for (const auto& [state, seconds] : states) {
      if (seconds == 0)
        continue;  // instants: no state lasts
      EXPECT_NEAR(traced[row][state], seconds, 1e-9 * (1 + seconds)) << row << " " << state;
      compared += 1;
    }
  EXPECT_GT(compared, 20u);
  EXPECT_GT(traced["sparks: pe 1 Muni (main)"]["shipped"], 0) << "the counts of overlapping stays, integrated";
  EXPECT_GT(traced["PEs: pe 1 Muni (main)"]["compute"], 0);
}

}  // namespace
}  // namespace isogrid
