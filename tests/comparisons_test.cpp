// Claims about run-to-run variation and orderings between policies: `statistic:` on references, `comparisons:`,
// and the median and cv columns of summary.csv. Mostly on a hand-made results.csv, so every number is known; then
// end to end through the isogrid command on the DLT model.
#include "simulator/core/catalog.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/experiment/experiment.hpp"
#include "simulator/experiment/statistic.hpp"
#include "simulator/report/run_analysis.hpp"
#include "simulator/report/table.hpp"
#include "simulator/run/results_reader.hpp"
#include "tests/test_support.hpp"

#include <cmath>
#include <fmt/format.h>
#include <gtest/gtest.h>

using namespace isogrid;
using namespace isogrid::testing;

namespace {

// A model that is never run here: it only gives the experiment files its parameters and its metrics.
struct PoliciesParams {
  std::string policy  = "gum1";
  std::string program = "a";
  long long n         = 1;
};
struct PoliciesMetrics {
  double runtime;
  double overhead;
};

void declare_policies(ModelSchema<PoliciesParams, PoliciesMetrics>& s)
{
  s.describe("policies", "test model", "");
  s.param("policy", &PoliciesParams::policy, "load distribution").choices({"gum1", "gum2", "gum3"});
  s.param("program", &PoliciesParams::program, "the program run").choices({"a", "b"});
  s.param("n", &PoliciesParams::n, "processors").at_least(1);
  s.metric("runtime", &PoliciesMetrics::runtime, "seconds", "s");
  s.metric("overhead", &PoliciesMetrics::overhead, "seconds lost", "s");
  s.primary(&PoliciesMetrics::runtime);
}

const ModelSchema<PoliciesParams, PoliciesMetrics>& policies_schema() { return schema_of(declare_policies); }

class PoliciesModel : public TypedModel<PoliciesParams, PoliciesMetrics> {
public:
  PoliciesModel() : TypedModel(policies_schema()) {}
};

// Four combinations (policy slowest) of five repetitions; the fifth repetition of each is an error row.
const char* kSweep = R"(model: policies
mode: simulate
repetitions: 5
sweep:
  policy: [gum1, gum2]
  program: [a, b]
)";

// Runtimes of the ok repetitions: (gum1, a) 1 2 4 9: mean 4, median 3, sd sqrt(38/3); (gum1, b) 10 x4;
// (gum2, a) 3 3 4 6: mean 4, median 3.5, sd sqrt(2); (gum2, b) errors only. An error row's runtime (1000) is
// never counted.
std::string results_csv()
{
  const std::vector<std::vector<double>> runtimes = {{1, 2, 4, 9}, {10, 10, 10, 10}, {3, 3, 4, 6}, {}};
  const char* policy[]                            = {"gum1", "gum1", "gum2", "gum2"};
  const char* program[]                           = {"a", "b", "a", "b"};
  std::string csv = "index,repetition,policy,program,n,seed,status,sim_runtime,sim_overhead,message,wall_s\n";
  for (size_t c = 0; c < 4; ++c)
    for (size_t r = 0; r < 5; ++r) {
      bool ok = r < runtimes[c].size();
      csv += fmt::format("{},{},{},{},1,{},{},{},{},{},0.1\n", c * 5 + r, r, policy[c], program[c], 100 + c * 5 + r,
                         ok ? "ok" : "error", ok ? fmt::format("{}", runtimes[c][r]) : (r == 4 ? "1000" : ""),
                         ok ? fmt::format("{}", runtimes[c][r] / 2) : "", ok ? "" : "crashed");
    }
  return csv;
}

struct Fixture {
  TempDir dir;
  Catalog catalog;
  Fixture() { catalog.add_model(std::make_unique<PoliciesModel>()); }

  Experiment load(const std::string& yaml, const std::vector<std::string>& overrides = {})
  {
    return load_experiment(dir.write("exp.yaml", yaml), overrides, catalog);
  }
  // The analysis of the hand-made results, as `isogrid run` would do it (summary.csv included).
  RunAnalysis analyse(const Experiment& ex)
  {
    dir.write("out/results.csv", results_csv());
    return analyse_run(ex, dir.file("out"));
  }
  InputError error(const std::string& yaml)
  {
    try {
      load(yaml);
    } catch (const InputError& e) {
      EXPECT_EQ(e.where().file, dir.file("exp.yaml"));
      return e;
    }
    ADD_FAILURE() << "expected an error for:\n" << yaml;
    return InputError({}, "", "");
  }
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

void expect_error(const InputError& e, int line, const std::string& key, const std::string& words)
{
  EXPECT_EQ(e.where().line, line) << e.what();
  EXPECT_EQ(e.key(), key) << e.what();
  EXPECT_TRUE(contains(e.what(), words)) << e.what();
  EXPECT_TRUE(contains(e.what(), fmt::format("exp.yaml:{}:", line))) << e.what();
}

}  // namespace

// --- statistic: on references ---

TEST(ReferenceStatistic, MedianSdCvMinMaxOverTheRepetitionsOfAPoint)
{
  Fixture f;
  Experiment ex = f.load(std::string(kSweep) + R"(references:
  - metric: runtime
    statistic: median
    tolerance: {rel: 1e-6}
    values:
      - {at: {policy: gum1, program: a}, value: 3}
      - {at: {policy: gum2, program: a}, value: 3.5}
      - {at: {policy: gum1, program: a}, value: 0.8897565, statistic: cv}
      - {at: {policy: gum1, program: a}, value: 3.5590261, statistic: sd}
      - {at: {policy: gum1, program: a}, value: 1, statistic: min}
      - {at: {policy: gum1, program: a}, value: 9, statistic: max}
      - {at: {policy: gum1, program: a}, value: 4, statistic: mean}
      - {at: {policy: gum2, program: a}, value: 0.3, statistic: cv}
      - {at: {policy: gum2, program: b}, value: 1}
)");
  ASSERT_EQ(ex.references.size(), 9u);
  EXPECT_EQ(ex.references[0].statistic, Statistic::Median);
  EXPECT_EQ(ex.references[2].statistic, Statistic::Cv);
  EXPECT_EQ(ex.references[6].statistic, Statistic::Mean);
  RunAnalysis a = f.analyse(ex);
  const auto& r = a.references;
  ASSERT_EQ(r.size(), 9u);
  EXPECT_EQ(r[0].rows, 4u);  // the error row (runtime 1000) is not one of them
  EXPECT_DOUBLE_EQ(r[0].simulated, 3);
  EXPECT_DOUBLE_EQ(r[1].simulated, 3.5);  // an even count: the middle two averaged
  EXPECT_DOUBLE_EQ(r[2].simulated, std::sqrt(38.0 / 3) / 4);
  EXPECT_DOUBLE_EQ(r[3].simulated, std::sqrt(38.0 / 3));
  EXPECT_DOUBLE_EQ(r[4].simulated, 1);
  EXPECT_DOUBLE_EQ(r[5].simulated, 9);
  EXPECT_DOUBLE_EQ(r[6].simulated, 4);
  EXPECT_DOUBLE_EQ(r[7].simulated, std::sqrt(2.0) / 4);
  for (size_t i = 0; i < 7; ++i)
    EXPECT_TRUE(r[i].passed()) << i;
  EXPECT_FALSE(r[7].passed());  // 0.354 is not 0.3
  EXPECT_FALSE(r[8].passed());  // no ok row
  EXPECT_EQ(r[8].rows, 0u);
  EXPECT_EQ(count_failures(r), 2u);
  // The tables say which statistic a value is, unless it is the mean.
  std::string md = markdown_table(references_table(ex, r));
  EXPECT_TRUE(contains(md, "| policy=gum1, program=a | runtime (cv) | 0.889756 | - | - | 0.889757 |")) << md;
  EXPECT_TRUE(contains(md, "| policy=gum1, program=a | runtime (median) | 3 |")) << md;
  EXPECT_TRUE(contains(md, "| policy=gum1, program=a | runtime | 4 |")) << md;
  EXPECT_TRUE(contains(text_table(references_table(ex, r)), "runtime (sd)"));
}

TEST(ReferenceStatistic, UnknownNamesListTheKnownOnes)
{
  Fixture f;
  std::string refs = std::string(kSweep) + "references:\n  metric: runtime\n  tolerance: 0.1\n";
  expect_error(f.error(refs + "  statistic: medians\n  values:\n    - {at: {policy: gum1, program: a}, value: 1}\n"),
               10, "references.statistic",
               "unknown statistic 'medians' (did you mean 'median'?); known: mean, median, sd, cv, min, max, geomean");
  expect_error(f.error(refs + "  values:\n    - {at: {policy: gum1, program: a}, value: 1, statistic: stdev}\n"), 11,
               "references.values[0].statistic", "unknown statistic 'stdev'");
}

// Sanjay's Table 4.1 gives geometric means: exp of the mean log, undefined for a value that is not positive.
TEST(ReferenceStatistic, GeometricMeanOfPositiveValues)
{
  EXPECT_DOUBLE_EQ(summarise(Statistic::Geomean, {2, 8}), 4);
  EXPECT_NEAR(summarise(Statistic::Geomean, {1, 10, 100}), 10, 1e-12);
  EXPECT_TRUE(std::isnan(summarise(Statistic::Geomean, {3, 0})));
  EXPECT_TRUE(std::isnan(summarise(Statistic::Geomean, {})));
  // 2, 4, 6: variance 4 (sd 2), and variance over the mean 4 / 4 = 1 (Al Zain et al.'s Var%, read literally).
  EXPECT_NEAR(summarise(Statistic::Var, {2, 4, 6}), 4, 1e-12);
  EXPECT_NEAR(summarise(Statistic::VarMean, {2, 4, 6}), 1, 1e-12);
  EXPECT_TRUE(std::isnan(summarise(Statistic::Var, {3})));
  EXPECT_TRUE(std::isnan(summarise(Statistic::VarMean, {-1, 1})));
  EXPECT_EQ(statistic_name(Statistic::VarMean), "var_mean");
}

// --- summary.csv ---

TEST(SummaryCsv, MeanStdMedianAndCvOfEveryMetric)
{
  Fixture f;
  Experiment ex = f.load(kSweep);
  f.analyse(ex);
  ResultsTable s = read_results(f.dir.file("out/summary.csv"));
  ASSERT_EQ(s.rows.size(), 4u);
  int mean = s.column("sim_runtime_mean");
  ASSERT_GE(mean, 0);
  EXPECT_EQ(s.column("sim_runtime_std"), mean + 1);
  EXPECT_EQ(s.column("sim_runtime_median"), mean + 2);
  EXPECT_EQ(s.column("sim_runtime_cv"), mean + 3);
  auto cell = [&](size_t row, const char* col) { return s.rows[row][static_cast<size_t>(s.column(col))]; };
  EXPECT_EQ(cell(0, "repetitions_ok"), "4");
  EXPECT_EQ(cell(0, "sim_runtime_mean"), "4");
  EXPECT_EQ(cell(0, "sim_runtime_median"), "3");
  EXPECT_DOUBLE_EQ(std::stod(cell(0, "sim_runtime_std")), std::sqrt(38.0 / 3));
  EXPECT_DOUBLE_EQ(std::stod(cell(0, "sim_runtime_cv")), std::sqrt(38.0 / 3) / 4);
  EXPECT_EQ(cell(1, "sim_runtime_cv"), "0");
  EXPECT_EQ(cell(2, "sim_runtime_median"), "3.5");
  // No ok repetition: every statistic is an empty cell.
  EXPECT_EQ(cell(3, "repetitions_ok"), "0");
  for (const char* col : {"sim_runtime_mean", "sim_runtime_std", "sim_runtime_median", "sim_runtime_cv"})
    EXPECT_EQ(cell(3, col), "") << col;
}

// --- comparisons: ---

// Each claim is read off the four pairs of repetitions (repetition r of gum2 against repetition r of gum1):
// gum2 - gum1 on program a is 2, 1, 0, -3, whose mean 0 has the 95 % interval 0 ± t(3) sqrt(14/3) / 2 = ± 3.437.
TEST(Comparisons, FourPairsShowAClearClaimAndNotTheCloseOnes)
{
  Fixture f;
  Experiment ex = f.load(std::string(kSweep) + R"(comparisons:
  - source: "gum2 never slower than gum1"
    metric: runtime
    left: {policy: gum2}
    right: {policy: gum1}
    relation: "<="
    at: {program: a}
  - source: "gum2 strictly faster"
    metric: runtime
    left: {policy: gum2}
    right: {policy: gum1}
    relation: "<"
    at: {program: a}
  - source: "gum2 halves the coefficient of variation"
    metric: runtime
    left: {policy: gum2}
    right: {policy: gum1}
    relation: "<="
    factor: 0.5
    statistic: cv
    at: {program: a}
  - source: "medians within 10 % below"
    metric: runtime
    left: {policy: gum2}
    right: {policy: gum1}
    relation: ">="
    factor: 0.9
    statistic: median
    at: {program: a}
  - source: "program a runs faster than b under gum1"
    metric: runtime
    left: {program: a}
    right: {program: b}
    relation: "<"
    at: {policy: gum1}
)");
  ASSERT_EQ(ex.comparisons.size(), 5u);
  EXPECT_EQ(ex.comparisons[2].relation, Relation::LessOrEqual);
  EXPECT_EQ(ex.comparisons[2].factor, 0.5);
  RunAnalysis a = f.analyse(ex);
  const auto& c = a.comparisons;
  ASSERT_EQ(c.size(), 5u);  // `at` leaves one group each
  for (const auto& o : c) {
    EXPECT_EQ(o.left_rows, 4u);
    EXPECT_EQ(o.right_rows, 4u);
    EXPECT_EQ(o.evidence.pairs, 4u);
  }
  // Equal means (4 and 4): neither "<=" nor "<" is shown.
  EXPECT_DOUBLE_EQ(c[0].left, 4);
  EXPECT_DOUBLE_EQ(c[0].right, 4);
  EXPECT_DOUBLE_EQ(c[0].evidence.estimate, 0);
  EXPECT_NEAR(c[0].evidence.high, 3.182446 * std::sqrt(14.0 / 3) / 2, 1e-5);
  EXPECT_EQ(c[0].evidence.finding, Finding::NotShown);
  EXPECT_DOUBLE_EQ(c[0].evidence.t_p, 0.5);
  EXPECT_DOUBLE_EQ(c[0].evidence.wilcoxon_p, 5.0 / 8);  // W+ = 1 + 2 of ranks 1..3: 5 subsets of 8 sum to <= 3
  EXPECT_DOUBLE_EQ(c[0].evidence.sign_p, 7.0 / 8);      // one negative of three
  EXPECT_FALSE(c[0].passed());
  EXPECT_FALSE(c[1].passed());
  EXPECT_FALSE(c[1].missing());
  // cv 0.354 against 0.5 x 0.890: the estimate is below 0, but four pairs bootstrap to an interval that reaches it.
  EXPECT_DOUBLE_EQ(c[2].left, std::sqrt(2.0) / 4);
  EXPECT_DOUBLE_EQ(c[2].right, std::sqrt(38.0 / 3) / 4);
  EXPECT_TRUE(c[2].evidence.bootstrap);
  EXPECT_DOUBLE_EQ(c[2].evidence.estimate, std::sqrt(2.0) / 4 - 0.5 * std::sqrt(38.0 / 3) / 4);
  EXPECT_LT(c[2].evidence.low, c[2].evidence.estimate);
  EXPECT_GT(c[2].evidence.high, 0);
  EXPECT_FALSE(c[2].passed());
  // Medians 3.5 >= 0.9 x 3, but the pairs' gum2 - 0.9 gum1 = 2.1, 1.2, 0.4, -2.1 have mean 0.4 and the interval
  // [-2.473, 3.273]. The signed-rank test sees 2.1 and -2.1 as tied (ranks 3.5 each): W- = 3.5, mean 5, variance
  // 7.5 - 6/48, p = Phi((3.5 - 5 + 0.5) / sqrt(7.375)).
  EXPECT_DOUBLE_EQ(c[3].left, 3.5);
  EXPECT_DOUBLE_EQ(c[3].right, 3);
  EXPECT_NEAR(c[3].evidence.estimate, 0.4, 1e-12);
  EXPECT_NEAR(c[3].evidence.low, 0.4 - 3.182446 * std::sqrt(9.78 / 3) / 2, 1e-5);
  EXPECT_NEAR(c[3].evidence.wilcoxon_p, 0.5 * std::erfc(1 / std::sqrt(7.375) / std::sqrt(2.0)), 1e-9);
  EXPECT_FALSE(c[3].passed());
  // Program a against b under gum1: 1 - 10, 2 - 10, 4 - 10, 9 - 10 = -9, -8, -6, -1, mean -6, sd sqrt(38/3): the
  // interval -6 ± 5.663 lies below 0.
  EXPECT_EQ(c[4].group, "policy=gum1");
  EXPECT_DOUBLE_EQ(c[4].evidence.estimate, -6);
  EXPECT_NEAR(c[4].evidence.high, -6 + 3.182446 * std::sqrt(38.0 / 3) / 2, 1e-5);
  EXPECT_EQ(c[4].evidence.finding, Finding::Holds);
  EXPECT_DOUBLE_EQ(c[4].evidence.sign_p, 1.0 / 16);
  EXPECT_TRUE(c[4].passed());
  EXPECT_EQ(count_failures(c), 4u);
  EXPECT_EQ(a.failures(), 4u);
  EXPECT_EQ(a.checks(), 5u);

  std::string md = markdown_sections(comparison_sections(ex, c));
  EXPECT_TRUE(contains(md, "| program=a | 4 | 4 | left <= right | 0 [-3.437, 3.437] | t 0.5, W 0.62, sign 0.88 | 4 | "
                           "not shown |"))
      << md;
  EXPECT_TRUE(contains(md, "| policy=gum1 | 4 | 10 | left < right | -6 [-11.66, -0.3368] | t 0.022, W 0.062, sign "
                           "0.062 | 4 | holds |"))
      << md;
  EXPECT_TRUE(contains(md, "| program=a | 0.353553 | 0.889757 | left <= 0.5 × right | -0.09132 [")) << md;
  EXPECT_TRUE(contains(md, "**runtime (cv, simulated): left policy=gum2 vs right policy=gum1 at program=a: 0 of 1 "
                           "group held [gum2 halves the coefficient of variation]**"))
      << md;
  std::string text = text_sections(comparison_sections(ex, c));
  EXPECT_TRUE(contains(text, "left >= 0.9 × right")) << text;
  EXPECT_TRUE(contains(text, "cv(left) - 0.5 × cv(right) [95 % CI, bootstrap]")) << text;
}

// A side may name its own metric: two metrics of the same points (overhead is half the runtime in every ok row),
// or a metric of one side of the sweep against another metric of the other side.
TEST(Comparisons, SidesCanCompareTwoMetrics)
{
  Fixture f;
  Experiment ex = f.load(std::string(kSweep) + R"(comparisons:
  - source: "overhead below runtime"
    left: {metric: overhead}
    right: {metric: runtime}
    relation: "<"
  - source: "gum2's overhead at most half gum1's runtime"
    metric: runtime
    left: {policy: gum2, metric: overhead}
    right: {policy: gum1}
    relation: "<="
    factor: 0.5
    at: {program: a}
)");
  ASSERT_EQ(ex.comparisons.size(), 2u);
  EXPECT_NE(ex.comparisons[0].metric, ex.comparisons[0].right_metric);
  RunAnalysis a = f.analyse(ex);
  const auto& c = a.comparisons;
  ASSERT_EQ(c.size(), 5u);  // four (policy, program) groups, then one
  EXPECT_EQ(c[0].group, "policy=gum1, program=a");
  // overhead - runtime = -runtime / 2 on every pair of a row with itself: under gum1 on program a -0.5, -1, -2, -4.5,
  // every one below 0, yet four pairs of that spread give the interval -2 ± 2.832: not shown. Under gum1 on b every
  // pair is -5 (an interval of width 0), under gum2 on a -1.5, -1.5, -2, -3 (-2 ± 1.125): both hold.
  EXPECT_DOUBLE_EQ(c[0].left, 2);
  EXPECT_DOUBLE_EQ(c[0].right, 4);
  EXPECT_NEAR(c[0].evidence.high, -2 + 3.182446 * std::sqrt(9.5 / 3) / 2, 1e-5);
  EXPECT_EQ(c[0].evidence.finding, Finding::NotShown);
  EXPECT_EQ(c[1].evidence.finding, Finding::Holds);
  EXPECT_EQ(c[1].evidence.low, -5);
  EXPECT_EQ(c[1].evidence.high, -5);
  EXPECT_EQ(c[2].evidence.finding, Finding::Holds);
  EXPECT_NEAR(c[2].evidence.high, -2 + 3.182446 * std::sqrt(0.5) / 2, 1e-5);
  EXPECT_TRUE(c[3].missing());  // (gum2, b) has only error rows
  // gum2's overhead (1.5, 1.5, 2, 3) against 0.5 x gum1's runtime (0.5, 1, 2, 4.5): equal means, not shown.
  EXPECT_DOUBLE_EQ(c[4].left, 2);
  EXPECT_DOUBLE_EQ(c[4].right, 4);
  EXPECT_DOUBLE_EQ(c[4].evidence.estimate, 0);
  EXPECT_EQ(c[4].evidence.finding, Finding::NotShown);
  std::string md = markdown_sections(comparison_sections(ex, c));
  EXPECT_TRUE(contains(md, "**metrics (mean, simulated): left overhead vs right runtime: 2 of 4 groups held")) << md;
  EXPECT_TRUE(contains(md, "left overhead at policy=gum2 vs right runtime at policy=gum1 at program=a")) << md;
  // The same metric on both sides with the same values compares nothing.
  InputError e = f.error(std::string(kSweep) + "comparisons:\n  - left: {metric: runtime}\n    right: {metric: "
                                               "runtime}\n    relation: \"<\"\n");
  EXPECT_TRUE(contains(e.what(), "select the same points and metric")) << e.what();
}

TEST(Comparisons, AGroupWithoutOkRowsOnASideIsMissing)
{
  Fixture f;
  // No `at`: one group per program. (gum2, b) has only error rows.
  Experiment ex = f.load(std::string(kSweep) + R"(comparisons:
  - {metric: runtime, left: {policy: gum2}, right: {policy: gum1}, relation: "<="}
)");
  RunAnalysis a = f.analyse(ex);
  const auto& c = a.comparisons;
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0].group, "program=a");
  EXPECT_FALSE(c[0].missing());
  EXPECT_EQ(c[0].evidence.finding, Finding::NotShown);  // equal means over four pairs
  EXPECT_EQ(c[1].group, "program=b");
  EXPECT_TRUE(c[1].missing());
  EXPECT_FALSE(c[1].passed());
  EXPECT_EQ(c[1].left_rows, 0u);
  EXPECT_EQ(c[1].right_rows, 4u);
  EXPECT_TRUE(std::isnan(c[1].left));
  EXPECT_DOUBLE_EQ(c[1].right, 10);
  EXPECT_EQ(a.failures(), 2u);
  std::string md = markdown_sections(comparison_sections(ex, c));
  EXPECT_TRUE(contains(md, "| program=b | - | 10 | left <= right | - | - | - | missing: no ok row on the left |"))
      << md;
}

TEST(Comparisons, OverridesThatNarrowTheSweepLeaveThemOut)
{
  // --set policy=gum1 fixes the compared parameter: the left side is gone, and so is the comparison (as references
  // that no longer fit are); a typo is still an error.
  Fixture f;
  std::string yaml = std::string(kSweep) + R"(comparisons:
  - {metric: runtime, left: {policy: gum2}, right: {policy: gum1}, relation: "<="}
  - {metric: runtime, left: {program: a}, right: {program: b}, relation: "<="}
)";
  Experiment ex    = f.load(yaml, {"policy=gum1"});
  ASSERT_EQ(ex.comparisons.size(), 1u);
  EXPECT_EQ(slot_values_text(ex.comparisons[0].left, ex.model->info()), "program=a");
  std::string typo = std::string(kSweep) +
                     "comparisons:\n  - {metric: runtime, left: {program: a}, right: {program: b}, "
                     "relation: \"<=\", statistic: mode}\n";
  try {
    f.load(typo, {"policy=gum1"});
    ADD_FAILURE() << "expected an error";
  } catch (const InputError& e) {
    EXPECT_TRUE(contains(e.what(), "unknown statistic 'mode'")) << e.what();
  }
}

TEST(Comparisons, ACheckOnAFaceThatWasNotComputedIsMissing)
{
  // mode=both (from the command line, as a quick look would) but results.csv holds the simulated face only.
  Fixture f;
  Experiment ex = f.load(std::string(kSweep) + R"(comparisons:
  - {metric: runtime, left: {policy: gum2}, right: {policy: gum1}, relation: "<", face: predicted}
)",
                         {"mode=both"});
  RunAnalysis a = f.analyse(ex);  // results.csv has no pred_runtime column
  ASSERT_EQ(a.comparisons.size(), 2u);
  EXPECT_TRUE(a.comparisons[0].missing());
  EXPECT_EQ(count_failures(a.comparisons), 2u);
}

TEST(Comparisons, AnEquivalenceHoldsWhenBothOneSidedClaimsDo)
{
  // "within ±m of f × right" is read as the two one-sided tests (TOST): left <= (1 + m) f right and
  // left >= (1 - m) f right, each at 2.5 % one-sided (the 95 % interval on its side).
  Fixture f;
  Experiment ex = f.load(std::string(kSweep) + R"yaml(comparisons:
  - source: "overhead is half the runtime, within 1 %"
    left: {metric: overhead}
    right: {metric: runtime}
    relation: within
    margin: 0.01
    factor: 0.5
    at: {policy: gum1}
  - source: "overhead is the runtime, within 1 % (it is half)"
    left: {metric: overhead}
    right: {metric: runtime}
    relation: within
    margin: 0.01
    at: {policy: gum1, program: b}
  - source: "gum2 within 10 % of gum1"
    metric: runtime
    left: {policy: gum2}
    right: {policy: gum1}
    relation: within
    margin: 0.1
    at: {program: a}
)yaml");
  ASSERT_EQ(ex.comparisons.size(), 3u);
  EXPECT_EQ(ex.comparisons[0].relation, Relation::Within);
  EXPECT_EQ(ex.comparisons[0].relation_text(), "left within ±1 % of 0.5 × right");
  EXPECT_TRUE(ex.comparisons[0].holds(5.04, 10));
  EXPECT_FALSE(ex.comparisons[0].holds(5.06, 10));
  EXPECT_FALSE(ex.comparisons[0].holds(4.94, 10));
  RunAnalysis a = f.analyse(ex);
  const auto& c = a.comparisons;
  ASSERT_EQ(c.size(), 4u);  // programs a and b under gum1, then one group each
  // overhead = runtime / 2 on every row: both one-sided claims hold on every pair.
  EXPECT_EQ(c[0].evidence.finding, Finding::Holds);
  EXPECT_EQ(c[1].evidence.finding, Finding::Holds);
  EXPECT_TRUE(c[1].passed());
  // 5 against 10 is 50 % below, far outside ±1 %: the lower claim is contradicted.
  EXPECT_EQ(c[2].evidence.finding, Finding::Contradicted);
  EXPECT_DOUBLE_EQ(c[2].evidence.estimate, -5);
  // gum2 - gum1 = 2, 1, 0, -3 around equal means: neither bound shown. The interval is that of the plain
  // difference, and the p-value the larger of the two one-sided tests' (gum2 - 1.1 gum1 below 0, gum2 - 0.9 gum1
  // above 0), each worked out on its own differences.
  EXPECT_EQ(c[3].evidence.finding, Finding::NotShown);
  EXPECT_DOUBLE_EQ(c[3].evidence.estimate, 0);
  EXPECT_NEAR(c[3].evidence.high, 3.182446 * std::sqrt(14.0 / 3) / 2, 1e-5);
  std::vector<double> upper = {3 - 1.1 * 1, 3 - 1.1 * 2, 4 - 1.1 * 4, 6 - 1.1 * 9};
  std::vector<double> lower = {3 - 0.9 * 1, 3 - 0.9 * 2, 4 - 0.9 * 4, 6 - 0.9 * 9};
  double tost_p             = std::max(paired_mean_evidence(upper, ClaimSide::Below, false).t_p,
                                       paired_mean_evidence(lower, ClaimSide::Above, false).t_p);
  EXPECT_DOUBLE_EQ(c[3].evidence.t_p, tost_p);
  EXPECT_GT(c[3].evidence.t_p, 0.3);
}

TEST(Comparisons, BadInputsNameFileLineAndKey)
{
  Fixture f;
  std::string head  = std::string(kSweep) + "comparisons:\n  - metric: runtime\n";  // the comparison starts on line 8
  std::string sides = "    left: {policy: gum2}\n    right: {policy: gum1}\n";      // lines 9, 10
  expect_error(f.error(head + sides + "    relation: \"<=\"\n    statistic: avg\n"), 12, "comparisons[0].statistic",
               "unknown statistic 'avg'");
  expect_error(f.error(head + sides + "    relation: \"<=\"\n    statistic: avg\n"), 12, "comparisons[0].statistic",
               "known: mean, median, sd, cv, min, max");
  expect_error(f.error(head + sides + "    relation: \"=<\"\n"), 11, "comparisons[0].relation",
               "unknown relation '=<'");
  expect_error(f.error(head + sides + "    relation: \"=<\"\n"), 11, "comparisons[0].relation",
               "known: <, <=, >, >=, within");
  expect_error(f.error(head + sides + "    relation: within\n"), 8, "comparisons[0]", "missing required key 'margin'");
  expect_error(f.error(head + sides + "    relation: within\n    margin: 5\n"), 12, "comparisons[0].margin",
               "margin is relative: 0.05 for within 5 %");
  expect_error(f.error(head + sides + "    relation: \"<=\"\n    margin: 0.05\n"), 12, "comparisons[0].margin",
               "margin is for relation: within");
  expect_error(f.error(head + sides), 8, "comparisons[0]", "missing required key 'relation'");
  expect_error(f.error(head + "    left: {policy: gum2}\n    right: {program: b}\n    relation: \"<\"\n"), 10,
               "comparisons[0].right.program", "right names program, which left does not");
  expect_error(f.error(head + "    left: {policy: gum2, program: a}\n    right: {policy: gum1}\n    relation: \"<\"\n"),
               10, "comparisons[0].right", "right does not name program");
  expect_error(f.error(head + "    left: {policy: gum3}\n    right: {policy: gum1}\n    relation: \"<\"\n"), 9,
               "comparisons[0].left.policy", "no point of the sweep has policy = gum3");
  expect_error(f.error(head + "    left: {policy: gum2}\n    right: {policy: gum2}\n    relation: \"<\"\n"), 10,
               "comparisons[0].right", "left and right select the same points");
  expect_error(f.error(head + sides + "    relation: \"<\"\n    at: {policy: gum1}\n"), 12, "comparisons[0].at.policy",
               "policy is what left and right compare");
  expect_error(f.error(head + sides + "    relation: \"<\"\n    at: {n: 2}\n"), 12, "comparisons[0].at.n",
               "no point of the sweep has n = 2");
  expect_error(f.error(head + sides + "    relation: \"<\"\n    face: estimated\n"), 12, "comparisons[0].face",
               "unknown face 'estimated'");
  expect_error(f.error(head + sides + "    relation: \"<\"\n    factor: 0\n"), 12, "comparisons[0].factor",
               "expected a number > 0");
  expect_error(f.error(head + sides + "    relation: \"<\"\n    tolerance: 0.1\n"), 12, "comparisons[0].tolerance",
               "unknown comparison key");
  // A predict-only run has no simulated face to compare.
  std::string predict      = std::string(kSweep) + "comparisons:\n  - {metric: runtime, left: {policy: gum2}, "
                                                   "right: {policy: gum1}, relation: \"<\"}\n";
  std::string predict_only = predict.replace(predict.find("mode: simulate"), 14, "mode: predict");
  expect_error(f.error(predict_only), 8, "comparisons[0]", "add face: predicted");
}

// --- tables: summaries a paper prints, next to its values ---

// Per group, each metric's statistics over the ok rows (overhead is runtime / 2), the ratio of the means, and the
// paper's values in brackets; a group whose rows all failed shows dashes and 0 rows.
TEST(SummaryTables, StatisticsPerGroupWithThePapersValues)
{
  Fixture f;
  Experiment ex = f.load(std::string(kSweep) + R"(tables:
  - title: "Table 1"
    metrics: [runtime, overhead]
    statistics: [mean, max, geomean]
    relative_to: overhead
    paper:
      runtime: [4.5, 8, 4]
      overhead: [2.25, 5, 2]
)");
  RunAnalysis a = f.analyse(ex);
  ASSERT_EQ(a.tables.size(), 4u);  // one per (policy, program)
  const SummaryTableOutcome& first = a.tables[0];
  EXPECT_EQ(first.group, "policy=gum1, program=a");
  EXPECT_EQ(first.rows_ok, (std::vector<size_t>{4, 4}));
  EXPECT_DOUBLE_EQ(first.cells[0][0], 4);  // (1 + 2 + 4 + 9) / 4
  EXPECT_DOUBLE_EQ(first.cells[0][1], 9);
  EXPECT_NEAR(first.cells[0][2], std::pow(1.0 * 2 * 4 * 9, 0.25), 1e-12);  // 72^(1/4)
  EXPECT_DOUBLE_EQ(first.cells[1][0], 2);
  EXPECT_DOUBLE_EQ(first.relative[0], 2);
  EXPECT_DOUBLE_EQ(first.relative[1], 1);
  EXPECT_DOUBLE_EQ(a.tables[2].cells[0][0], 4);  // gum2, a: 3 3 4 6
  EXPECT_DOUBLE_EQ(a.tables[2].cells[0][1], 6);
  EXPECT_EQ(a.tables[3].rows_ok, (std::vector<size_t>{0, 0}));  // gum2, b: errors only
  EXPECT_TRUE(std::isnan(a.tables[3].cells[0][0]));

  std::string md = markdown_sections(summary_table_sections(ex, a.tables));
  EXPECT_TRUE(contains(md, "**Table 1 (simulated, policy=gum1, program=a)**")) << md;
  EXPECT_TRUE(contains(md,
                       "| metric | mean ± 95 % CI (paper) | max (paper) | geomean (paper) | mean / mean of overhead "
                       "(paper) | rows |"))
      << md;
  // The mean's interval: t(3) sqrt(38/3) / 2 = 5.663 for 1, 2, 4, 9.
  EXPECT_NEAR(first.mean_half_width[0], 3.182446 * std::sqrt(38.0 / 3) / 2, 1e-5);
  EXPECT_TRUE(contains(md, "| runtime | 4 ± 5.663 (4.5) | 9 (8) | 2.913 (4) | 2 (2) | 4 |")) << md;
  EXPECT_TRUE(contains(md, "| runtime | - (4.5) | - (8) | - (4) | - (2) | 0 |")) << md;
  std::string text = text_sections(summary_table_sections(ex, a.tables));
  EXPECT_TRUE(contains(text, "Table 1 (simulated, policy=gum2, program=a)")) << text;
}

TEST(SummaryTables, BadInputsNameFileLineAndKey)
{
  Fixture f;
  std::string head = std::string(kSweep) + "tables:\n  - metrics: [runtime]\n";  // the table starts on line 8
  expect_error(f.error(std::string(kSweep) + "tables:\n  - metrics: [runtime, speed]\n"), 8, "tables[0].metrics[1]",
               "unknown metric of model policies 'speed'");
  expect_error(f.error(head + "    statistics: [mean, average]\n"), 9, "tables[0].statistics[1]",
               "unknown statistic 'average'");
  expect_error(f.error(head + "    statistics: [mean, sd]\n    paper: {runtime: [1]}\n"), 10, "tables[0].paper.runtime",
               "expected 2 value(s), one per statistic (mean, sd), got 1");
  expect_error(f.error(head + "    paper: {overhead: [1]}\n"), 9, "tables[0].paper.overhead",
               "overhead is not a row of this table");
  expect_error(f.error(head + "    relative_to: speed\n"), 9, "tables[0].relative_to", "unknown metric");
  expect_error(f.error(head + "    face: predicted\n"), 9, "tables[0].face",
               "the experiment does not compute the predicted face (mode: simulate)");
  expect_error(f.error(head + "    rows: [runtime]\n"), 9, "tables[0].rows", "unknown table key");
  expect_error(f.error(std::string(kSweep) + "tables:\n  - title: no metrics\n"), 8, "tables[0]",
               "missing required key 'metrics'");
}

// --- end to end: isogrid run and reproduce on the DLT model ---

TEST(Comparisons, ReproduceReportsEveryGroupAndFailsOnAFailedOne)
{
  // One worker: makespan V (C + A) = 2V. Two: alpha_2 = alpha_1 / 2, so T = 2 alpha_1 = 4V/3. Two workers take
  // two thirds of one worker's time: within 0.667 of it, not within 0.6.
  TempDir dir;
  dir.write("paper/study.yaml", R"(title: two workers against one
model: dlt-star
mode: predict
parameters: {A: 1, C: 1, S: 0}
sweep:
  m: [1, 2]
  V: [100, 1000]
comparisons:
  - source: "two thirds of the time"
    metric: makespan
    face: predicted
    left: {m: 2}
    right: {m: 1}
    relation: "<="
    factor: 0.667
  - metric: makespan
    face: predicted
    left: {m: 2}
    right: {m: 1}
    relation: "<"
    factor: 0.6
    at: {V: 1000}
)");
  CommandResult run =
      run_isogrid(fmt::format("run {} --out {} --no-plot", dir.file("paper/study.yaml"), dir.file("run")));
  EXPECT_EQ(run.exit_code, 0) << run.output;  // `run` reports; `reproduce` judges, and so does `run --strict`
  EXPECT_TRUE(contains(run.output, "comparisons: 2 of 3 groups held")) << run.output;
  EXPECT_TRUE(contains(run.output, "2 of 2 groups held (2 on a single run): two thirds of the time (left <= 0.667 × "
                                   "right)"))
      << run.output;
  EXPECT_TRUE(contains(run.output, "0 of 1 group held (1 on a single run)")) << run.output;
  EXPECT_TRUE(contains(run.output, "left < 0.6 × right")) << run.output;
  EXPECT_TRUE(contains(run.output, "checks: 2 of 3 met, 1 missed (--strict makes a miss exit 1)")) << run.output;
  EXPECT_FALSE(contains(run.output, "| V=100")) << run.output;  // the tables are in REPORT.md, or with --verbose
  EXPECT_TRUE(contains(read_file(dir.file("run/REPORT.md")),
                       "| V=1000 | 1333.33 | 2000 | left < 0.6 × right | - | - | 1 "
                       "| does not hold (single run) |"));
  CommandResult strict = run_isogrid(
      fmt::format("run {} --out {} --no-plot --strict --verbose", dir.file("paper/study.yaml"), dir.file("strict")));
  EXPECT_EQ(strict.exit_code, 1) << strict.output;
  EXPECT_TRUE(contains(strict.output, "V=1000")) << strict.output;

  CommandResult r = run_isogrid(fmt::format("reproduce {} --out {} --no-plot", dir.file("paper"), dir.file("out")));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "comparison groups held 2/3")) << r.output;
  std::string report = read_file(dir.file("out/REPORT.md"));
  for (const char* row :
       {"| V=100 | 133.333 | 200 | left <= 0.667 × right | - | - | 1 | holds (single run) |",
        "| V=1000 | 1333.33 | 2000 | left <= 0.667 × right | - | - | 1 | holds (single run) |",
        "| V=1000 | 1333.33 | 2000 | left < 0.6 × right | - | - | 1 | does not hold (single run) |",
        "2 of 3 comparison groups hold.", "2 of 3 reference values, agreements and comparison groups met",
        "| comparisons held |", "| 2/3 |"})
    EXPECT_TRUE(contains(report, row)) << row << "\n" << report;
}

TEST(Tables, LatexAndCsvHoldTheTableAsItIs)
{
  // REPORT.md's tables beside it for a paper: booktabs LaTeX that pdflatex compiles as it is (special characters
  // escaped, the report's symbols in math mode) and RFC 4180 CSV.
  Table t{{"group", "left − 0.95 × right [95 % CI]", "p"},
          {{"program=a_b", "-0.2 ± 0.1", "t < 0.05 & W ≥ 0.1"}, {"x, y", "\"q\" γ", "{1}"}}};
  EXPECT_EQ(latex_table(t, "Table 2: 50 % of $V"),
            "\\begin{table}\n\\centering\n\\caption{Table 2: 50 \\% of \\$V}\n"
            "\\begin{tabular}{lrl}\n\\toprule\n"
            "group & left $-$ 0.95 $\\times$ right [95 \\% CI] & p \\\\\n\\midrule\n"
            "program=a\\_b & -0.2 $\\pm$ 0.1 & t $<$ 0.05 \\& W $\\ge$ 0.1 \\\\\n"
            "x, y & \"q\" $\\gamma$ & \\{1\\} \\\\\n"
            "\\bottomrule\n\\end{tabular}\n\\end{table}\n");
  EXPECT_EQ(latex_table(t).substr(0, 22), "\\begin{tabular}{lrl}\n\\");
  EXPECT_EQ(csv_table(t), "group,left − 0.95 × right [95 % CI],p\n"
                          "program=a_b,-0.2 ± 0.1,t < 0.05 & W ≥ 0.1\n"
                          "\"x, y\",\"\"\"q\"\" γ\",{1}\n");
}
