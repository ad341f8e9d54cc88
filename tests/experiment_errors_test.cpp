// Bad experiment files: each gives an InputError naming file, line and key, before anything runs.
#include "simulator/core/catalog.hpp"
#include "simulator/experiment/experiment.hpp"
#include "tests/test_support.hpp"

#include <gtest/gtest.h>

using namespace isogrid;
using namespace isogrid::testing;

namespace {

const char* kGood = R"(title: ok
model: dlt-star
parameters:
  A: 1
  C: 1
  S: 1000
sweep:
  m: {range: [1, 4]}
  V: {logspace: [3, 5, 3]}
)";

struct Expectation {
  int line;
  std::string key;
  std::string words;  // a fragment of the message
};

// Loads `text` and returns the error; fails the test when it loads.
InputError load_error(const std::string& text, const std::vector<std::string>& overrides = {})
{
  TempDir dir;
  std::string path = dir.write("exp.yaml", text);
  try {
    load_experiment(path, overrides, isogrid::testing::catalog());
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().file, overrides.empty() ? path : e.where().file);
    return e;
  }
  ADD_FAILURE() << "expected an error for:\n" << text;
  return InputError({}, "", "");
}

void expect_error(const std::string& text, const Expectation& x)
{
  InputError e = load_error(text);
  EXPECT_EQ(e.where().line, x.line) << e.what();
  EXPECT_EQ(e.key(), x.key) << e.what();
  EXPECT_NE(std::string(e.what()).find(x.words), std::string::npos) << e.what();
}

std::string replace(std::string text, const std::string& from, const std::string& to)
{
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST(ExperimentErrors, TheGoodFileLoads)
{
  TempDir dir;
  Experiment ex = load_experiment(dir.write("exp.yaml", kGood), {}, isogrid::testing::catalog());
  EXPECT_EQ(ex.sweep.size(), 12u);
  EXPECT_EQ(ex.model->info().name, "dlt-star");
  EXPECT_EQ(ex.hash.size(), 64u);
}

TEST(ExperimentErrors, MalformedYamlGivesLineAndColumn)
{
  InputError e = load_error("model: dlt-star\nparameters: {A: 1\nsweep: [\n");
  EXPECT_GE(e.where().line, 2);
  EXPECT_NE(std::string(e.what()).find("malformed YAML"), std::string::npos) << e.what();
}

TEST(ExperimentErrors, DuplicateKey)
{
  expect_error(replace(kGood, "  C: 1\n", "  C: 1\n  C: 2\n"), {6, "C", "duplicate"});
}

TEST(ExperimentErrors, UnknownTopLevelKeySuggestsTheClosestOne)
{
  expect_error(replace(kGood, "title: ok", "titel: ok"), {1, "titel", "did you mean 'title'"});
}

TEST(ExperimentErrors, UnknownModelListsTheKnownOnes)
{
  expect_error(replace(kGood, "model: dlt-star", "model: dlt-sta"), {2, "model", "did you mean 'dlt-star'?"});
}

TEST(ExperimentErrors, UnknownParameter)
{
  expect_error(replace(kGood, "  A: 1", "  Q: 1"), {4, "parameters.Q", "unknown parameter"});
}

TEST(ExperimentErrors, NegativeSize)
{
  expect_error(replace(kGood, "  S: 1000", "  S: -5"), {6, "parameters.S", "S must be >= 0"});
}

TEST(ExperimentErrors, ZeroRate)
{
  expect_error(replace(kGood, "  C: 1", "  C: 0"), {5, "parameters.C", "C must be > 0"});
}

TEST(ExperimentErrors, NotANumber)
{
  expect_error(replace(kGood, "  A: 1", "  A: fast"), {4, "parameters.A", "expected a finite number"});
}

TEST(ExperimentErrors, WorkerCountMustBeWhole)
{
  expect_error(replace(kGood, "m: {range: [1, 4]}", "m: [1, 2.5]"), {8, "sweep.m[1]", "whole number"});
}

TEST(ExperimentErrors, AxisGeneratorErrors)
{
  expect_error(replace(kGood, "{logspace: [3, 5, 3]}", "{logspace: [3, 5]}"),
               {9, "sweep.V.logspace", "takes [start, stop, count]"});
  expect_error(replace(kGood, "{range: [1, 4]}", "{range: [4, 1]}"), {8, "sweep.m.range", "produces no value"});
  expect_error(replace(kGood, "{range: [1, 4]}", "{steps: [1, 4]}"), {8, "sweep.m.steps", "unknown axis generator"});
  expect_error(replace(kGood, "{logspace: [3, 5, 3]}", "{linspace: [-1, 5, 3]}"),
               {9, "sweep.V.linspace", "V must be > 0"});
}

TEST(ExperimentErrors, ParameterBothFixedAndSwept)
{
  expect_error(replace(kGood, "  S: 1000\n", "  S: 1000\n  m: 3\n"), {9, "sweep.m", "both fixed"});
}

TEST(ExperimentErrors, MissingRequiredParameter)
{
  expect_error(replace(kGood, "  V: {logspace: [3, 5, 3]}\n", ""), {4, "parameters", "missing parameter 'V'"});
}

TEST(ExperimentErrors, ListLengthMustMatchTheWorkerCount)
{
  expect_error(replace(kGood, "  A: 1", "  A: [1, 2, 3]"),
               {4, "parameters.A", "A lists 3 values but m = 1 (at m=1, V=1000)"});
}

TEST(ExperimentErrors, UnknownPolicyListsTheKnownOnes)
{
  expect_error(replace(kGood, "  S: 1000", "  S: 1000\n  sequence: fastest-first"),
               {7, "parameters.sequence", "known: given, fastest-link-first"});
}

TEST(ExperimentErrors, UnknownMode)
{
  expect_error(replace(kGood, "title: ok", "title: ok\nmode: fast"), {2, "mode", "known: predict, simulate, both"});
}

TEST(ExperimentErrors, ReferenceOutsideTheSweep)
{
  std::string text =
      std::string(kGood) +
      "references:\n  metric: efficiency\n  tolerance: 0.01\n  values:\n    - {at: {m: 9, V: 1e3}, value: 1}\n";
  expect_error(text, {14, "references.values[0].at.m", "no point of the sweep has m = 9"});
}

TEST(ExperimentErrors, ReferenceMustPinEverySweptParameter)
{
  std::string text = std::string(kGood) +
                     "references:\n  metric: efficiency\n  tolerance: 0.01\n  values:\n    - {at: {m: 2}, value: 1}\n";
  expect_error(text, {14, "references.values[0].at", "which V"});
}

TEST(ExperimentErrors, ReferenceUnknownMetric)
{
  std::string text =
      std::string(kGood) +
      "references:\n  metric: eficiency\n  tolerance: 0.01\n  values:\n    - {at: {m: 2, V: 1e3}, value: 1}\n";
  expect_error(text, {11, "references.metric", "did you mean 'efficiency'"});
}

TEST(ExperimentErrors, PlotNamesAParameterThatIsNotSwept)
{
  std::string text = std::string(kGood) + "plots:\n  - {kind: contour, x: m, y: C}\n";
  expect_error(text, {11, "plots[0].y", "unknown swept parameter 'C'"});
}

// bins pool every run into bins of x, which only means something when x is a metric.
TEST(ExperimentErrors, PlotBinsNeedAMetricOnX)
{
  expect_error(std::string(kGood) + "plots:\n  - {kind: line, x: m, y: efficiency, bins: 5}\n",
               {11, "plots[0].bins", "bins are for a line plot whose x is a metric"});
  expect_error(std::string(kGood) + "plots:\n  - {kind: contour, x: m, y: V, bins: 5}\n",
               {11, "plots[0].bins", "bins are for a line plot whose x is a metric"});
  expect_error(std::string(kGood) + "plots:\n  - {kind: line, x: speedup, y: efficiency, bins: 1}\n",
               {11, "plots[0].bins", "expected a whole number >= 2"});
}

TEST(ExperimentErrors, MissingPlatformFile)
{
  expect_error(replace(kGood, "  S: 1000", "  S: 1000\n  platform: nowhere.xml"),
               {7, "parameters.platform", "no such file"});
}

TEST(ExperimentErrors, PlatformThatDoesNotLoadIsReportedAtItsKey)
{
  TempDir dir;
  dir.write("broken.xml", "<?xml version='1.0'?>\n<platform version=\"4.1\">\n  <zone id=\"z\" routing=\"Full\">\n"
                          "    <host id=\"a\" speed=\"fast\"/>\n  </zone>\n</platform>\n");
  std::string path = dir.write("exp.yaml", replace(kGood, "  S: 1000", "  S: 1000\n  platform: broken.xml"));
  bool checked     = false;
  try {
    SimulatorChecks checks;
    checks.platform = [&](const std::string& p) -> const PlatformFacts& {
      checked = true;
      EXPECT_EQ(p, dir.file("broken.xml"));
      throw std::runtime_error("bad speed 'fast' at line 4");
    };
    load_experiment(path, {}, isogrid::testing::catalog(), checks);
    ADD_FAILURE() << "expected an error";
  } catch (const InputError& e) {
    EXPECT_TRUE(checked);
    EXPECT_EQ(e.where().line, 7);
    EXPECT_EQ(e.key(), "parameters.platform");
    EXPECT_NE(std::string(e.what()).find("does not load: bad speed 'fast' at line 4"), std::string::npos) << e.what();
  }
}

TEST(ExperimentErrors, OverrideErrorsPointAtTheCommandLine)
{
  InputError e = load_error(kGood, {"V=-1"});
  EXPECT_EQ(e.where().file, "");
  EXPECT_EQ(e.key(), "parameters.V");
  EXPECT_NE(std::string(e.what()).find("command line"), std::string::npos) << e.what();
  InputError f = load_error(kGood, {"novalue"});
  EXPECT_NE(std::string(f.what()).find("expected --set key=value"), std::string::npos) << f.what();
}

TEST(ExperimentErrors, NotAMapping) { expect_error("- just\n- a list\n", {1, "", "is a mapping"}); }

TEST(ExperimentErrors, AFileWithOnlyASweepLoads)
{
  // No `parameters` key at all: every lookup under it must cope with the key being absent.
  TempDir dir;
  Experiment ex = load_experiment(dir.write("exp.yaml", "model: dlt-star\nsweep:\n  m: [1, 2]\n  V: [10, 100]\n"), {},
                                  isogrid::testing::catalog());
  EXPECT_EQ(ex.sweep.size(), 4u);
}

namespace {

// A star of a master and three workers, as a probe would report a platform file (no SimGrid here).
const PlatformFacts& three_workers(const std::string&)
{
  static const PlatformFacts facts = [] {
    PlatformFacts f;
    f.hosts    = {"master", "w-1", "w-2", "w-3"};
    f.clusters = {{"star", {"master", "w-1", "w-2", "w-3"}}};
    f.links    = 3;
    return f;
  }();
  return facts;
}

InputError platform_error(const std::string& text, const std::vector<std::string>& overrides = {})
{
  TempDir dir;
  dir.write("star.xml", "<platform/>");
  SimulatorChecks checks;
  checks.platform = three_workers;
  try {
    load_experiment(dir.write("exp.yaml", text), overrides, isogrid::testing::catalog(), checks);
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "expected an error for:\n" << text;
  return InputError({}, "", "");
}

const char* kOnStar = R"(model: dlt-star
parameters:
  platform: star.xml
  originator: master
  V: 100
sweep:
  m: [1, 3]
)";

}  // namespace

TEST(ExperimentErrors, PointsAreCheckedAgainstThePlatformsHostsBeforeTheFirstPoint)
{
  // source: hand-worked. star.xml has 4 hosts; besides the originator, 3 can be workers, so m = 4 cannot be served.
  InputError m = platform_error(replace(kOnStar, "m: [1, 3]", "m: [1, 3, 4]"));
  EXPECT_EQ(m.key(), "sweep.m[2]");
  EXPECT_EQ(m.where().line, 7);
  EXPECT_EQ(m.where().column, 13);  // the value 4 itself
  EXPECT_NE(std::string(m.what()).find("m = 4 but the platform has only 3 hosts besides the originator master"),
            std::string::npos)
      << m.what();

  InputError o = platform_error(replace(kOnStar, "originator: master", "originator: mastr"));
  EXPECT_EQ(o.key(), "parameters.originator");
  EXPECT_EQ(o.where().line, 4);
  EXPECT_NE(std::string(o.what()).find("did you mean 'master'"), std::string::npos) << o.what();

  // A value the point would ignore: A comes from the platform's speeds.
  InputError a = platform_error(replace(kOnStar, "  V: 100", "  V: 100\n  A: 2"));
  EXPECT_EQ(a.key(), "parameters.A");
  EXPECT_NE(std::string(a.what()).find("has no effect"), std::string::npos) << a.what();

  TempDir dir;
  SimulatorChecks checks;
  checks.platform = three_workers;
  dir.write("star.xml", "<platform/>");
  Experiment ok = load_experiment(dir.write("exp.yaml", kOnStar), {}, isogrid::testing::catalog(), checks);
  EXPECT_EQ(ok.sweep.size(), 2u);
}

TEST(ExperimentErrors, ParametersThatOnlyApplyToAPlatformAreRefusedWithoutOne)
{
  expect_error(replace(kGood, "  S: 1000", "  S: 1000\n  originator: vu-0"),
               {7, "parameters.originator", "originator applies only with platform: without a platform file"});
}

TEST(ExperimentErrors, SimGridSettingsAreCheckedAtTheirKey)
{
  TempDir dir;
  std::string path = dir.write("exp.yaml", std::string(kGood) + "simgrid:\n  network/model: CM02\n  cpu/optim: Foo\n");
  std::vector<std::string> tried;
  SimulatorChecks checks;
  checks.setting = [&](const std::string& s) {
    tried.push_back(s);
    if (s == "cpu/optim:Foo")
      throw std::runtime_error("SimGrid refuses cpu/optim:Foo: Invalid value 'Foo'");
  };
  try {
    load_experiment(path, {}, isogrid::testing::catalog(), checks);
    ADD_FAILURE() << "expected an error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.key(), "simgrid.cpu/optim");
    EXPECT_EQ(e.where().line, 12);
    EXPECT_NE(std::string(e.what()).find("Invalid value 'Foo'"), std::string::npos) << e.what();
  }
  EXPECT_EQ(tried, (std::vector<std::string>{"network/model:CM02", "cpu/optim:Foo"}));
}

TEST(ExperimentErrors, AnExperimentsOwnNetworkModelComesWithoutTheModelsExactCorrections)
{
  // source: docs/getting-started.md promises that --set simgrid.network/model=LV08 shows SimGrid's TCP model; the
  // exact-CM02 factors a model starts with would otherwise stay in force after the model name changed.
  std::vector<std::string> exact = {"network/model:CM02", "network/latency-factor:1", "network/TCP-gamma:0",
                                    "cpu/optim:Lazy"};
  EXPECT_EQ(merge_simgrid_settings(exact, {"network/model:LV08"}),
            (std::vector<std::string>{"cpu/optim:Lazy", "network/model:LV08"}));
  EXPECT_EQ(merge_simgrid_settings(exact, {"network/model:LV08", "network/TCP-gamma:0"}),
            (std::vector<std::string>{"cpu/optim:Lazy", "network/model:LV08", "network/TCP-gamma:0"}));
  EXPECT_EQ(merge_simgrid_settings(exact, {"network/TCP-gamma:4194304"}),
            (std::vector<std::string>{"network/model:CM02", "network/latency-factor:1", "cpu/optim:Lazy",
                                      "network/TCP-gamma:4194304"}));
}

namespace {

// One element of a list parameter swept: the sweep key is on line 7, column 3.
const char* kElement = R"(model: dlt-star
parameters:
  m: 3
  V: 100
  C: [1, 2, 3]
sweep:
  C[1]: [5, 6]
)";

void expect_error_at(const std::string& text, int line, int column, const std::string& key, const std::string& words)
{
  InputError e = load_error(text);
  EXPECT_EQ(e.where().line, line) << e.what();
  EXPECT_EQ(e.where().column, column) << e.what();
  EXPECT_EQ(e.key(), key) << e.what();
  EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
}

}  // namespace

TEST(ExperimentErrors, ElementAxisLoads)
{
  TempDir dir;
  Experiment ex = load_experiment(dir.write("exp.yaml", kElement), {}, isogrid::testing::catalog());
  EXPECT_EQ(ex.sweep.size(), 2u);
}

TEST(ExperimentErrors, ElementAxisNeedsTheWholeListUnderParameters)
{
  expect_error_at(replace(kElement, "  C: [1, 2, 3]\n", ""), 6, 3, "sweep.C[1]",
                  "C[1] sweeps one element of C: give the whole list under parameters");
  expect_error_at(replace(kElement, "  C: [1, 2, 3]", "  C: 2"), 7, 3, "sweep.C[1]", "give the whole list");
}

TEST(ExperimentErrors, ElementAxisIndexWithinTheList)
{
  expect_error_at(replace(kElement, "C[1]", "C[3]"), 7, 3, "sweep.C[3]",
                  "C[3] is past the end of C, whose list under parameters has 3 element(s), indices 0 to 2");
}

TEST(ExperimentErrors, ListSweptBothWholeAndByElement)
{
  expect_error_at(std::string(kElement) + "  C: [[1, 1, 1]]\n", 8, 3, "sweep.C", "C[1] and C both sweep C");
  expect_error_at(replace(kElement, "  C[1]", "  C: [[1, 1, 1]]\n  C[1]"), 8, 3, "sweep.C[1]",
                  "C and C[1] both sweep C");
}

TEST(ExperimentErrors, ElementAxisSyntax)
{
  for (const char* bad : {"C[a]", "C[1", "C1]", "C[-1]", "C[01]", "C[1][2]"})
    expect_error_at(replace(kElement, "C[1]", bad), 7, 3, std::string("sweep.") + bad, "is written name[index]");
  expect_error_at(replace(kElement, "C[1]", "Q[1]"), 7, 3, "sweep.Q[1]", "unknown parameter of model dlt-star 'Q'");
  expect_error_at(replace(kElement, "C[1]", "m[0]"), 7, 3, "sweep.m[0]", "m is a single value, not a list");
}

TEST(ExperimentErrors, ElementAxisValuesAreNumbersWithinBounds)
{
  expect_error_at(replace(kElement, "[5, 6]", "[[5, 6]]"), 7, 10, "sweep.C[1][0]", "expected a finite number");
  expect_error_at(replace(kElement, "[5, 6]", "[5, 0]"), 7, 13, "sweep.C[1][1]", "C must be > 0");
  expect_error_at(replace(kElement, "[5, 6]", "{linspace: [0, 1, 3]}"), 7, 20, "sweep.C[1].linspace", "C must be > 0");
}

TEST(ExperimentErrors, ReferenceOnAnElementAxis)
{
  std::string refs = "references:\n  metric: makespan\n  tolerance: 0.01\n  values:\n";
  TempDir dir;
  Experiment ex = load_experiment(dir.write("exp.yaml", kElement + refs + "    - {at: {\"C[1]\": 6}, value: 1}\n"), {},
                                  isogrid::testing::catalog());
  ASSERT_EQ(ex.references.size(), 1u);
  EXPECT_EQ(ex.references[0].at[0].first.element, std::optional<size_t>(1));
  expect_error(kElement + refs + "    - {at: {\"C[1]\": 7}, value: 1}\n",
               {12, "references.values[0].at.C[1]", "no point of the sweep has C[1] = 7"});
  expect_error(kElement + refs + "    - {at: {C: [1, 5, 3]}, value: 1}\n",
               {12, "references.values[0].at", "which C[1]"});
  expect_error(kElement + refs + "    - {at: {\"C[x]\": 6}, value: 1}\n",
               {12, "references.values[0].at.C[x]", "name[index]"});
}

TEST(ExperimentErrors, ReferenceFaceIsPredictedSimulatedOrBoth)
{
  std::string group = std::string(kGood) + "references:\n  metric: efficiency\n  tolerance: 0.01\n  face: estimated\n"
                                           "  values:\n    - {at: {m: 2, V: 1e3}, value: 1}\n";
  expect_error_at(group, 13, 9, "references.face", "unknown face 'estimated'; known: predicted, simulated, both");
  std::string entry = std::string(kGood) + "references:\n  metric: efficiency\n  tolerance: 0.01\n"
                                           "  values:\n    - {at: {m: 2, V: 1e3}, value: 1, face: simulate}\n";
  expect_error_at(entry, 14, 44, "references.values[0].face", "unknown face 'simulate' (did you mean 'simulated'?)");
}
