// Sweep expansion: generators, point order, seeds, and --set overrides.
#include "base/random.hpp"
#include "simulator/core/catalog.hpp"
#include "simulator/experiment/axis.hpp"
#include "simulator/experiment/experiment.hpp"
#include "tests/test_support.hpp"
#include "workloads/divisible_load/dlt_star_model.hpp"
#include "workloads/stencil/lbm_models.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <set>

using namespace isogrid;
using namespace isogrid::testing;

namespace {

// A point of a dlt-star or lbm-grid sweep, as the model reads it.
dlt::DltStarParams dlt_params(const Point& p) { return dlt::dlt_star_schema().params_of(p); }
stencil::LbmGridParams lbm_params(const Point& p) { return stencil::lbm_grid_schema().params_of(p); }

// An experiment written as `yaml` into dir, loaded with the built-in models.
Experiment load_text(const TempDir& dir, const std::string& yaml, const std::vector<std::string>& overrides = {})
{
  return load_experiment(dir.write("e.yaml", yaml), overrides, isogrid::testing::catalog());
}

}  // namespace

TEST(AxisGenerators, RangeIsInclusiveAndExact)
{
  EXPECT_EQ(range_values(1, 5, 1), (std::vector<double>{1, 2, 3, 4, 5}));
  EXPECT_EQ(range_values(1, 6, 2), (std::vector<double>{1, 3, 5}));
  EXPECT_EQ(range_values(0, 1, 0.1).size(), 11u);  // 0.1 steps reach 1 despite rounding
  EXPECT_DOUBLE_EQ(range_values(0, 1, 0.1)[7], 0.7);
  EXPECT_EQ(range_values(5, 1, -2), (std::vector<double>{5, 3, 1}));
}

TEST(AxisGenerators, LogspaceHitsEveryDecadeExactly)
{
  auto v = logspace_values(0, 10, 41);
  ASSERT_EQ(v.size(), 41u);
  for (int k = 0; k <= 10; ++k)
    EXPECT_EQ(v[static_cast<size_t>(4 * k)], std::pow(10.0, k)) << k;
  auto g = geomspace_values(1e-8, 1e5, 27);
  EXPECT_EQ(g.front(), 1e-8);
  EXPECT_EQ(g.back(), 1e5);
  EXPECT_EQ(g[16], 1.0);
  EXPECT_EQ(g[2], 1e-7);
  // Whole powers of an exact ratio come out exact: 6, 12, 24, 48, 96 (not 23.999999999999993).
  EXPECT_EQ(geomspace_values(6, 96, 5), (std::vector<double>{6, 12, 24, 48, 96}));
  EXPECT_EQ(linspace_values(0, 1, 5), (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
}

TEST(AxisGenerators, StringFormReadsLikeTheMappingForm)
{
  EXPECT_TRUE(looks_like_generator("logspace(0, 10, 41)"));
  EXPECT_TRUE(looks_like_generator(" range(1,20) "));
  EXPECT_FALSE(looks_like_generator("given"));
  TempDir dir;
  std::string a = dir.write("a.yaml", "model: dlt-star\nsweep:\n  m: range(1, 20, 2)\n  V: 'logspace(0, 10, 41)'\n");
  std::string b =
      dir.write("b.yaml", "model: dlt-star\nsweep:\n  m: {range: [1, 20, 2]}\n  V: {logspace: [0, 10, 41]}\n");
  Experiment ea = load_experiment(a, {}, isogrid::testing::catalog());
  Experiment eb = load_experiment(b, {}, isogrid::testing::catalog());
  ASSERT_EQ(ea.sweep.size(), eb.sweep.size());
  EXPECT_EQ(ea.sweep.size(), 10u * 41u);
  for (uint64_t i = 0; i < ea.sweep.size(); i += 37)
    EXPECT_EQ(ea.sweep.point(i).values, eb.sweep.point(i).values);
}

TEST(SweepOrder, FirstAxisSlowestRepetitionsFastest)
{
  TempDir dir;
  Experiment ex = load_text(dir, "model: dlt-star\nrepetitions: 2\nsweep:\n  m: [1, 2]\n  V: [10, 20, 30]\n");
  ASSERT_EQ(ex.sweep.size(), 12u);
  std::vector<std::pair<double, double>> order;
  for (uint64_t i = 0; i < ex.sweep.size(); ++i) {
    Point p = ex.sweep.point(i);
    EXPECT_EQ(p.index, i);
    EXPECT_EQ(p.repetition, i % 2);
    EXPECT_EQ(p.combination, i / 2);
    order.emplace_back(static_cast<double>(dlt_params(p).m), dlt_params(p).V);
  }
  EXPECT_EQ(order[0], std::make_pair(1.0, 10.0));
  EXPECT_EQ(order[1], std::make_pair(1.0, 10.0));
  EXPECT_EQ(order[2], std::make_pair(1.0, 20.0));
  EXPECT_EQ(order[6], std::make_pair(2.0, 10.0));
  EXPECT_EQ(order[11], std::make_pair(2.0, 30.0));
}

TEST(SweepSeeds, DerivedFromExperimentSeedCombinationAndRepetition)
{
  TempDir dir;
  Experiment three = load_text(dir, "model: dlt-star\nseed: 42\nrepetitions: 3\nsweep:\n  m: [1, 2]\n  V: [10, 20]\n");
  std::string path = dir.file("e.yaml");  // the file load_text wrote, loaded again with overrides
  Experiment five  = load_experiment(path, {"repetitions=5"}, isogrid::testing::catalog());
  Experiment other = load_experiment(path, {"seed=43"}, isogrid::testing::catalog());
  std::set<uint64_t> seen;
  for (uint64_t c = 0; c < 4; ++c)
    for (uint32_t r = 0; r < 3; ++r) {
      uint64_t s = three.sweep.point(c * 3 + r).seed;
      EXPECT_EQ(s, derive_seed(42, c, r));
      EXPECT_EQ(s, five.sweep.point(c * 5 + r).seed);  // adding repetitions keeps earlier seeds
      EXPECT_NE(s, other.sweep.point(c * 3 + r).seed);
      seen.insert(s);
    }
  EXPECT_EQ(seen.size(), 12u);
}

TEST(Overrides, BareNamesFixOrSweepParameters)
{
  TempDir dir;
  std::string path = dir.write("e.yaml", "model: dlt-star\nparameters: {V: 100}\nsweep:\n  m: [1, 2, 3]\n");
  Experiment fixed = load_experiment(path, {"m=5"}, isogrid::testing::catalog());
  EXPECT_EQ(fixed.sweep.size(), 1u);
  EXPECT_EQ(dlt_params(fixed.sweep.point(0)).m, 5);
  Experiment swept = load_experiment(path, {"V=logspace(1, 3, 3)"}, isogrid::testing::catalog());
  EXPECT_EQ(swept.sweep.size(), 9u);
  EXPECT_EQ(dlt_params(swept.sweep.point(8)).V, 1000);
  Experiment mapping = load_experiment(path, {"V={geomspace: [10, 1000, 3]}"}, isogrid::testing::catalog());
  EXPECT_EQ(mapping.sweep.size(), 9u);
  EXPECT_EQ(dlt_params(mapping.sweep.point(7)).V, 100);
  Experiment list = load_experiment(path, {"parameters.A=[1, 2, 3]", "m=3"}, isogrid::testing::catalog());
  EXPECT_EQ(dlt_params(list.sweep.point(0)).A.expanded(3), (std::vector<double>{1, 2, 3}));
  EXPECT_TRUE(dlt_params(list.sweep.point(0)).A.is_list());
  Experiment top = load_experiment(path, {"seed=9", "mode=predict"}, isogrid::testing::catalog());
  EXPECT_EQ(top.seed, 9u);
  EXPECT_EQ(top.mode, RunMode::Predict);
  EXPECT_NE(top.hash, fixed.hash);  // the hash covers the overrides
}

TEST(SweepSeeds, SameSeedAcrossGivesPairedPoints)
{
  TempDir dir;
  Experiment ex =
      load_text(dir, "model: dlt-star\nrepetitions: 2\nsame_seed_across: [sequence]\nparameters: {m: 2}\nsweep:\n"
                     "  V: [10, 20]\n  sequence: [given, fastest-link-first, slowest-link-first]\n");
  ASSERT_EQ(ex.sweep.size(), 12u);
  std::set<uint64_t> seeds;
  for (uint64_t i = 0; i < ex.sweep.size(); ++i) {
    Point p = ex.sweep.point(i);
    // Same V and repetition, whatever the sequence: same seed.
    Point first = ex.sweep.point((i / 6) * 6 + p.repetition);
    EXPECT_EQ(p.seed, first.seed) << i;
    seeds.insert(p.seed);
  }
  EXPECT_EQ(seeds.size(), 4u);  // 2 loads x 2 repetitions
  InputError e = [&] {
    try {
      load_text(dir, read_file(dir.file("e.yaml")), {"same_seed_across=[sequenc]"});
    } catch (const InputError& err) {
      return err;
    }
    return InputError({}, "", "no error");
  }();
  EXPECT_NE(std::string(e.what()).find("did you mean 'sequence'"), std::string::npos) << e.what();
}

TEST(SweepWhere, KeepsOnlyThePointsThatSatisfyTheCondition)
{
  TempDir dir;
  Experiment ex = load_text(dir, "model: lbm-grid\nrepetitions: 2\nwhere: \"N_x / (p * C) >= 1\"\n"
                                 "parameters: {N_y: 10}\nsweep:\n  N_x: [4, 16]\n  C: [1, 2]\n  p: [1, 4, 8]\n");
  // (N_x, C, p) kept: N_x=4: (1,1), (1,4), (2,1); N_x=16: all but (2,16)... i.e. p*C <= N_x.
  size_t kept = 0;
  for (uint64_t i = 0; i < ex.sweep.size(); ++i) {
    auto p    = lbm_params(ex.sweep.point(i));
    bool want = p.N_x / (p.p[0] * static_cast<double>(p.C)) >= 1;
    EXPECT_EQ(ex.includes(i), want) << i;
    kept += want ? 1 : 0;
  }
  EXPECT_EQ(ex.included_points, kept);
  EXPECT_EQ(kept, 2u * (3 + 6));
  // Errors point into the condition.
  std::string bad =
      dir.write("bad.yaml", "model: lbm-grid\nwhere: N_x / (px * C) >= 1\nsweep:\n  N_x: [4]\n  N_y: [1]\n  p: [1]\n");
  try {
    load_experiment(bad, {}, isogrid::testing::catalog());
    ADD_FAILURE() << "expected an error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().line, 2);
    EXPECT_EQ(e.where().column, 15);  // the 'px' inside the condition
    EXPECT_NE(std::string(e.what()).find("unknown parameter 'px' (did you mean 'p'?)"), std::string::npos) << e.what();
  }
  std::string none =
      dir.write("none.yaml", "model: lbm-grid\nwhere: N_x > 100\nsweep:\n  N_x: [4]\n  N_y: [1]\n  p: [1]\n");
  EXPECT_THROW(load_experiment(none, {}, isogrid::testing::catalog()), InputError);
}

TEST(SweepOrder, CombinationAtInvertsPointDecoding)
{
  TempDir dir;
  Experiment ex = load_text(dir, "model: dlt-star\nrepetitions: 3\nsweep:\n  m: [1, 2, 3]\n  V: [10, 20]\n"
                                 "  sequence: [given, fastest-link-first]\n");
  for (uint64_t i = 0; i < ex.sweep.size(); ++i) {
    Point p = ex.sweep.point(i);
    std::vector<size_t> positions;
    for (const auto& axis : ex.sweep.axes()) {
      size_t k = 0;
      while (!values_match(axis.values[k], p.values[axis.param]))
        ++k;
      positions.push_back(k);
    }
    EXPECT_EQ(ex.sweep.combination_at(positions), p.combination) << i;
  }
}

TEST(ElementAxes, EachPointIsTheBaseListWithTheSweptElementReplaced)
{
  TempDir dir;
  Experiment ex = load_text(dir, "model: lbm-grid\nparameters: {N_x: 100, N_y: 10, C: 3, p: [1, 2, 3], "
                                 "delta: [1, 2, 3]}\nsweep:\n  delta[1]: [5, 6]\n");
  ASSERT_EQ(ex.sweep.size(), 2u);
  const Axis& axis = ex.sweep.axes().front();
  EXPECT_EQ(axis.name, "delta[1]");
  EXPECT_EQ(axis.element, std::optional<size_t>(1));
  auto delta = [](const Experiment& e, uint64_t i) { return lbm_params(e.sweep.point(i)).delta.expanded(3); };
  EXPECT_EQ(delta(ex, 0), (std::vector<double>{1, 5, 3}));
  EXPECT_EQ(delta(ex, 1), (std::vector<double>{1, 6, 3}));

  // Two elements of one list, with generators: the cartesian product of both.
  std::string two = dir.write("two.yaml", "model: lbm-grid\nparameters: {N_x: 100, N_y: 10, C: 3, p: [1, 2, 3]}\n"
                                          "sweep:\n  p[0]: {range: [1, 2]}\n  p[2]: 'linspace(4, 8, 2)'\n");
  Experiment both = load_experiment(two, {}, isogrid::testing::catalog());
  ASSERT_EQ(both.sweep.size(), 4u);
  std::vector<std::vector<double>> ps;
  for (uint64_t i = 0; i < 4; ++i)
    ps.push_back(lbm_params(both.sweep.point(i)).p.expanded(3));
  EXPECT_EQ(ps, (std::vector<std::vector<double>>{{1, 2, 4}, {1, 2, 8}, {2, 2, 4}, {2, 2, 8}}));

  // --set sweeps an element like any parameter; sweeping the whole list replaces the element axes.
  std::string path = dir.file("e.yaml");  // the file load_text wrote, loaded again with overrides
  Experiment set   = load_experiment(path, {"delta[1]=linspace(5, 100, 20)"}, isogrid::testing::catalog());
  ASSERT_EQ(set.sweep.size(), 20u);
  EXPECT_EQ(delta(set, 19), (std::vector<double>{1, 100, 3}));
  Experiment one = load_experiment(path, {"delta[1]=7"}, isogrid::testing::catalog());
  ASSERT_EQ(one.sweep.size(), 1u);
  EXPECT_EQ(delta(one, 0), (std::vector<double>{1, 7, 3}));
  Experiment whole = load_experiment(path, {"delta=[[1, 1, 1], [2, 2, 2]]"}, isogrid::testing::catalog());
  ASSERT_EQ(whole.sweep.axes().size(), 1u);
  EXPECT_EQ(whole.sweep.axes().front().name, "delta");
  EXPECT_EQ(delta(whole, 1), (std::vector<double>{2, 2, 2}));
}

TEST(ElementAxes, AreNamedLikeSweptParametersEverywhere)
{
  TempDir dir;
  Experiment ex = load_text(dir, R"(model: lbm-grid
repetitions: 2
same_seed_across: ["delta[1]"]
parameters: {N_y: 10, C: 3, p: [1, 2, 3], delta: [1e5, 1e5, 1e5]}
sweep:
  N_x: [100, 200]
  delta[1]: [5e4, 1e5, 2e5]
crossings:
  - {name: slow, metric: grid_speedup, level: 2, along: "delta[1]", for_each: [N_x]}
  - {name: by_element, metric: grid_speedup, level: 2, along: N_x, for_each: ["delta[1]"]}
references:
  metric: grid_speedup
  tolerance: {rel: 0.5}
  values:
    - {at: {N_x: 200, "delta[1]": 2e5}, value: 3}
    - {at: {"delta[1]": 2e5}, crossing: by_element, value: 150}
plots:
  - {kind: contour, x: "delta[1]", y: N_x}
  - {kind: line, x: N_x, series: "delta[1]", select: {"delta[1]": [5e4, 2e5]}}
)");
  ASSERT_EQ(ex.sweep.size(), 12u);
  for (uint64_t i = 0; i < ex.sweep.size(); ++i)  // the same draws whatever delta[1]
    EXPECT_EQ(ex.sweep.point(i).seed, ex.sweep.point((i / 6) * 6 + i % 2).seed) << i;
  EXPECT_EQ(ex.crossings[0].along_param.element, std::optional<size_t>(1));
  EXPECT_EQ(ex.crossings[1].for_each.front().element, std::optional<size_t>(1));
  ASSERT_EQ(ex.references.size(), 2u);
  EXPECT_EQ(ex.references[0].at[1].first.element, std::optional<size_t>(1));
  EXPECT_EQ(ex.plots[0].x, "delta[1]");
  ASSERT_EQ(ex.plots[1].select.size(), 1u);
  EXPECT_EQ(ex.plots[1].select[0].first, "delta[1]");
  EXPECT_EQ(ex.plots[1].select[0].second, (std::vector<std::string>{"50000", "200000"}));
}

TEST(Plots, AnEmptyPlotListStaysEmptyWhateverSetDoes)
{
  // source: issue 14. `plots: []` says "no plot"; --set used to bring the default plot back. Without a `plots:` key
  // the default plot is drawn, and --set that drops every listed plot falls back to it too.
  TempDir dir;
  const std::string base = "model: dlt-star\nparameters: {A: 1, C: 0.1, S: 0}\nsweep:\n  m: [1, 2]\n  V: [10, 100]\n";
  EXPECT_TRUE(load_text(dir, base + "plots: []\n", {"mode=predict"}).plots.empty());
  EXPECT_TRUE(load_text(dir, base + "plots: []\n").plots.empty());
  EXPECT_EQ(load_text(dir, base, {"mode=predict"}).plots.size(), 1u);
  EXPECT_EQ(load_text(dir, base + "plots: [{kind: line, x: V, series: m}]\n", {"m=3"}).plots.size(), 1u);
}

TEST(Plots, TheDefaultPlotShowsEverySweptParameterOrIsNotDrawn)
{
  // A contour shows two swept parameters and panels a third; a fourth it could only hold at one value, and
  // facet_unshown refuses that (Sanjay's Table 3.9 sweeps four and has no plots: its default plot failed).
  TempDir dir;
  const std::string base = "model: dlt-star\nparameters: {S: 0}\nsweep:\n  m: [1, 2]\n  V: [10, 100]\n  A: [1, 2]\n";
  auto three             = load_text(dir, base).plots;
  ASSERT_EQ(three.size(), 1u);
  EXPECT_EQ(three[0].x, "m");
  EXPECT_EQ(three[0].y, "V");
  EXPECT_TRUE(load_text(dir, base + "  C: [0.1, 0.2]\n").plots.empty());
}
