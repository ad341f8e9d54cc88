// Lists and mappings stay YAML: the settings that were once strings parsed by hand (GpH's alphabet and
// program_parameters, resource selection's schedulers, scaling_factors and max_bandwidths) are read as YAML lists
// and mappings, and every bad entry is reported at its own line and column, before anything runs.
#include "simulator/core/catalog.hpp"
#include "simulator/experiment/experiment.hpp"
#include "simulator/run/runner.hpp"
#include "tests/test_support.hpp"
#include "workloads/gph/gph_model.hpp"
#include "workloads/resource_selection/resource_selection_model.hpp"

#include <gtest/gtest.h>

using namespace isogrid;
using namespace isogrid::testing;

namespace {

std::string beowulf() { return std::string(ISOGRID_SOURCE_DIR) + "/platforms/gph-beowulf.yaml"; }

// A gph-runtime experiment whose parameters end with `tail` (indented by two spaces, from line 6 on).
std::string gph_experiment(const std::string& tail)
{
  return "model: gph-runtime\n"
         "mode: predict\n"
         "parameters:\n"
         "  platform: " +
         beowulf() +
         "\n"
         "  program: parFib\n" +
         tail;
}

// A resource-selection experiment whose parameters end with `tail` (from line 5 on).
std::string selection_experiment(const std::string& tail)
{
  return "model: resource-selection\n"
         "mode: predict\n"
         "parameters:\n"
         "  machines: 8\n" +
         tail;
}

struct Where {
  int line;
  int column;
  std::string key;
  std::string words;  // a fragment of the message
};

void expect_error(const std::string& text, const Where& x)
{
  TempDir dir;
  std::string path = dir.write("exp.yaml", text);
  try {
    load_experiment(path, {}, isogrid::testing::catalog());
    ADD_FAILURE() << "expected an error for:\n" << text;
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().file, path);
    EXPECT_EQ(e.where().line, x.line) << e.what();
    EXPECT_EQ(e.where().column, x.column) << e.what();
    EXPECT_EQ(e.key(), x.key) << e.what();
    EXPECT_NE(std::string(e.what()).find(x.words), std::string::npos) << e.what();
  }
}

Experiment load(const std::string& text)
{
  TempDir dir;
  return load_experiment(dir.write("exp.yaml", text), {}, isogrid::testing::catalog());
}

}  // namespace

// ---- GpH: alphabet -------------------------------------------------------------------------------------------------

TEST(StructuredValues, AlphabetIsAMappingOfSymbolsToClusters)
{
  Experiment ex    = load(gph_experiment("  configuration: 1E4M\n  alphabet: {E: Edin1, M: Muni}\n"));
  gph::GphParams p = gph::gph_runtime_schema().params_of(ex.sweep.point(0));
  ASSERT_EQ(p.alphabet.entries.size(), 2u);
  EXPECT_EQ(p.alphabet.entries[1].first, "M");
  EXPECT_EQ(std::get<std::string>(p.alphabet.entries[1].second), "Muni");
  // The results cell keeps the notation the string had.
  EXPECT_EQ(format_value(ex.sweep.point(0).values[*ex.model->info().param_index("alphabet")]), "E=Edin1, M=Muni");
}

TEST(StructuredValues, AnAlphabetClusterThePlatformLacksIsReportedAtItsValue)
{
  expect_error(gph_experiment("  configuration: FS\n  alphabet: {F: Edin3, S: Nowhere}\n"),
               {7, 27, "parameters.alphabet.S", "unknown cluster 'Nowhere'"});
  // Block style: the culprit's own line.
  expect_error(gph_experiment("  configuration: FS\n  alphabet:\n    F: Edin3\n    S: Nowehre\n"),
               {9, 8, "parameters.alphabet.S", "unknown cluster 'Nowehre'"});
}

TEST(StructuredValues, TheOldAlphabetStringIsRefusedWithTheNewNotation)
{
  expect_error(gph_experiment("  alphabet: \"F=Edin3, S=SBC\"\n"),
               {6, 13, "parameters.alphabet", "expected a mapping of names to words, e.g. {E: Edin1, M: Muni}"});
  expect_error(gph_experiment("  alphabet: {F: {x: Edin3}}\n"), {6, 17, "parameters.alphabet.F", "got a mapping"});
  expect_error(gph_experiment("  alphabet: {}\n"), {6, 13, "parameters.alphabet", "needs at least one entry"});
}

TEST(StructuredValues, AnAlphabetSweptOverMappingsNamesTheEntryOfTheFailingPoint)
{
  expect_error(gph_experiment("  configuration: 1E\nsweep:\n  alphabet: [{E: Edin1}, {E: Nowhere}]\n"),
               {8, 30, "sweep.alphabet[1].E", "unknown cluster 'Nowhere'"});
}

// ---- GpH: program_parameters ---------------------------------------------------------------------------------------

TEST(StructuredValues, ProgramParametersApplyToTheProgramTheyName)
{
  Experiment ex = load(gph_experiment("  configuration: 4E\n  alphabet: {E: Edin1}\n"
                                      "  program_parameters: {queens: {depth: 1}, parFib: {n: 20, work_scale: 2}}\n"));
  EXPECT_EQ(format_value(ex.sweep.point(0).values[*ex.model->info().param_index("program_parameters")]),
            "queens: depth=1; parFib: n=20, work_scale=2");
  // parFib(20) at twice the work: the predicted runtime is twice that of parFib(20) alone.
  auto runtime = [&](const std::string& overrides) {
    Experiment e =
        load(gph_experiment("  configuration: 4E\n  alphabet: {E: Edin1}\n  program_parameters: " + overrides + "\n"));
    return gph::gph_runtime_schema().metrics_of(evaluate_point(e, e.sweep.point(0), {}).predicted).runtime;
  };
  EXPECT_NEAR(runtime("{queens: {depth: 1}, parFib: {n: 20, work_scale: 2}}"), 2 * runtime("{n: 20}"), 1e-9);
  EXPECT_NEAR(runtime("{queens: {n: 4}}"), runtime("{}"), 1e-12);  // another program's group changes nothing
}

TEST(StructuredValues, ProgramParametersReportTheirCulpritWhereItIsWritten)
{
  struct Case {
    std::string overrides;  // program_parameters as written on line 8 (and 9)
    Where at;
  };
  const std::vector<Case> cases = {
      {"  program_parameters: {queens: {dept: 1}}\n",
       {8, 33, "parameters.program_parameters.queens.dept", "unknown queens parameter 'dept' (did you mean 'depth'?)"}},
      {"  program_parameters: {chess: {n: 8}}\n",
       {8, 24, "parameters.program_parameters.chess", "unknown program 'chess'"}},
      {"  program_parameters: {n: abc}\n",
       {8, 27, "parameters.program_parameters.n", "expected a finite number, got 'abc'"}},
      {"  program_parameters:\n    parFib: {n: 20.5}\n",
       {9, 17, "parameters.program_parameters.parFib.n", "parFib parameter n must be a whole number"}},
      {"  program_parameters: {work_scale: -1}\n",
       {8, 36, "parameters.program_parameters.work_scale", "work_scale must be > 0"}},
      {"  program_parameters: {queens: {depth: {x: 1}}}\n",
       {8, 40, "parameters.program_parameters.queens.depth", "got a mapping"}},
      {"  program_parameters: \"n=45\"\n",
       {8, 23, "parameters.program_parameters", "expected a mapping of names to numbers"}},
  };
  for (const Case& c : cases)  // lines 6 and 7 hold the configuration and the alphabet
    expect_error(gph_experiment("  configuration: 4E\n  alphabet: {E: Edin1}\n" + c.overrides), c.at);
}

// ---- resource selection: schedulers, scaling_factors, max_bandwidths ----------------------------------------------

TEST(StructuredValues, SchedulersAreAListOfRegisteredPolicies)
{
  Experiment ex = load(selection_experiment("  schedulers: [dp, be]\n"));
  auto p        = scheduling::resource_selection_schema().params_of(ex.sweep.point(0));
  EXPECT_EQ(p.schedulers, (std::vector<std::string>{"dp", "be"}));
  EXPECT_EQ(format_value(ex.sweep.point(0).values[*ex.model->info().param_index("schedulers")]), "dp, be");
  expect_error(selection_experiment("  schedulers: [dp, tabu]\n"),
               {5, 20, "parameters.schedulers[1]",
                "unknown resource-selection policy 'tabu'; known: sa, ga, aco, bb, "
                "dp, be"});
  expect_error(selection_experiment("  schedulers:\n    - dp\n    - dp\n"),
               {7, 7, "parameters.schedulers[1]", "dp is listed twice"});
  expect_error(selection_experiment("  schedulers: []\n"),
               {5, 15, "parameters.schedulers", "needs at least one value"});
  expect_error(selection_experiment("  schedulers: \"sa, ga\"\n"),
               {5, 15, "parameters.schedulers", "unknown resource-selection policy 'sa, ga'"});
}

TEST(StructuredValues, ScalingFactorsAndBandwidthsAreListsOfPositiveNumbers)
{
  Experiment ex = load(selection_experiment("  scaling_factors: [0.6, 1.4]\n  max_bandwidths: []\n"));
  auto p        = scheduling::resource_selection_schema().params_of(ex.sweep.point(0));
  EXPECT_EQ(p.scaling_factors, (std::vector<double>{0.6, 1.4}));
  EXPECT_TRUE(p.max_bandwidths.empty());  // the thesis's capacities
  EXPECT_EQ(scheduling::resource_selection_schema()
                .params_of(load(selection_experiment("  scaling_factors: 1.2\n")).sweep.point(0))
                .scaling_factors,
            (std::vector<double>{1.2}));  // one number is a list of one
  expect_error(selection_experiment("  scaling_factors: [0.6, fast]\n"),
               {5, 26, "parameters.scaling_factors[1]", "expected a finite number, got 'fast'"});
  expect_error(selection_experiment("  max_bandwidths: [1000, -5]\n"),
               {5, 26, "parameters.max_bandwidths[1]", "max_bandwidths must be > 0, got -5"});
  expect_error(selection_experiment("  scaling_factors: {a: 1}\n"),
               {5, 20, "parameters.scaling_factors", "expected a list"});
}

// On the command line a list or a mapping is one value of a parameter that holds one, and a list of them sweeps it.
TEST(StructuredValues, SetFixesAListParameterWithAList)
{
  TempDir dir;
  std::string path = dir.write("exp.yaml", selection_experiment(""));
  Experiment fixed =
      load_experiment(path, {"schedulers=[dp, be]", "scaling_factors=[0.6, 1.4]"}, isogrid::testing::catalog());
  EXPECT_EQ(fixed.sweep.size(), 1u);
  auto p = scheduling::resource_selection_schema().params_of(fixed.sweep.point(0));
  EXPECT_EQ(p.schedulers, (std::vector<std::string>{"dp", "be"}));
  EXPECT_EQ(p.scaling_factors, (std::vector<double>{0.6, 1.4}));
  Experiment swept = load_experiment(path, {"schedulers=[[dp, be], [be]]"}, isogrid::testing::catalog());
  EXPECT_EQ(swept.sweep.size(), 2u);
  EXPECT_EQ(scheduling::resource_selection_schema().params_of(swept.sweep.point(1)).schedulers,
            (std::vector<std::string>{"be"}));
  // A number-or-list parameter: [1, 2] could be A for two workers or two values of A, so the path must say which.
  std::string dlt = dir.write("dlt.yaml", "model: dlt-star\nparameters: {m: 2, V: 10}\n");
  try {
    load_experiment(dlt, {"A=[1, 2]"}, isogrid::testing::catalog());
    ADD_FAILURE() << "A=[1, 2] is ambiguous";
  } catch (const InputError& e) {
    EXPECT_EQ(e.key(), "A");
    EXPECT_NE(std::string(e.what()).find("--set 'parameters.A=[1, 2]' to fix it or --set 'sweep.A=[1, 2]'"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(load_experiment(dlt, {"sweep.A=[1, 2]"}, isogrid::testing::catalog()).sweep.size(), 2u);
  Experiment one = load_experiment(dlt, {"parameters.A=[1, 3]"}, isogrid::testing::catalog());
  EXPECT_EQ(one.sweep.size(), 1u);
  EXPECT_EQ(format_value(one.sweep.fixed()[*one.model->info().param_index("A")]), "1;3");
  EXPECT_EQ(load_experiment(dlt, {"A=[[1, 2], [2, 1]]"}, isogrid::testing::catalog()).sweep.size(), 2u);
  EXPECT_EQ(load_experiment(dlt, {"A=range(1, 3)"}, isogrid::testing::catalog()).sweep.size(), 3u);
}

TEST(StructuredValues, AListParameterSweptOverLists)
{
  Experiment ex = load(selection_experiment("sweep:\n  schedulers: [[dp, be], [be]]\n"));
  ASSERT_EQ(ex.sweep.size(), 2u);
  auto second = scheduling::resource_selection_schema().params_of(ex.sweep.point(1));
  EXPECT_EQ(second.schedulers, (std::vector<std::string>{"be"}));
  expect_error(selection_experiment("sweep:\n  scaling_factors: {range: [1, 3]}\n"),
               {6, 28, "sweep.scaling_factors.range",
                "scaling_factors takes a list of numbers, so it can only be swept over a list of them"});
}
