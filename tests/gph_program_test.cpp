// The GpH program model (workloads/gph/program.hpp, kernels.hpp): every kernel's closed-form sequential work and
// spark count against a full expansion of its tree, the published parfib and sumEuler code against direct
// recursions, and the default instances against Al Zain et al.'s Table 1 (sequential runtimes on an Edin1 PE) and
// Table 6 (threads on 16 PEs). No SimGrid here: these are pure data.
#include "workloads/gph/kernels.hpp"
#include "workloads/gph/program.hpp"

#include <cmath>
#include <deque>
#include <gtest/gtest.h>
#include <numeric>

using namespace isogrid::gph;

namespace {

uint64_t calls_by_recursion(int n) { return n < 2 ? 1 : 1 + calls_by_recursion(n - 1) + calls_by_recursion(n - 2); }

uint64_t sparks_by_recursion(int n, int threshold)
{
  if (n < threshold || n < 2)
    return 0;
  return 1 + sparks_by_recursion(n - 1, threshold) + sparks_by_recursion(n - 2, threshold);
}

// hcf x 0 = x; hcf x y = hcf y (rem x y), counting the equations applied.
uint64_t hcf_calls(uint64_t x, uint64_t y) { return y == 0 ? 1 : 1 + hcf_calls(y, x % y); }

// Walks the tree and checks it against the closed forms; returns the totals.
TreeTotals expect_closed_forms(const Program& p)
{
  TreeTotals t = expand_fully(p);
  EXPECT_NEAR(t.work, p.sequential_work(), 1e-9 * p.sequential_work()) << p.name();
  EXPECT_EQ(t.sparks, p.spark_count()) << p.name();
  return t;
}

void expect_same_node(const Node& x, const Node& y)
{
  EXPECT_EQ(x.before, y.before);
  EXPECT_EQ(x.after, y.after);
  EXPECT_EQ(x.sparked, y.sparked);
  EXPECT_EQ(x.inline_child, y.inline_child);
  EXPECT_EQ(x.result_bytes, y.result_bytes);
  EXPECT_EQ(x.graph_bytes, y.graph_bytes);
}

// The subtree's work below a key, sparks and inline children alike.
double subtree_work(const Program& p, const NodeKey& key)
{
  Node n   = p.expand(key);
  double w = n.work();
  for (const NodeKey& c : n.sparked)
    w += subtree_work(p, c);
  if (n.inline_child)
    w += subtree_work(p, *n.inline_child);
  return w;
}

}  // namespace

// ---- parFib ----------------------------------------------------------------------------------------------------

TEST(GphParFib, CallCountIsTwiceFibonacciMinusOne)
{
  for (int n = 0; n <= 25; ++n)
    EXPECT_EQ(parfib_calls(n), calls_by_recursion(n)) << n;
  EXPECT_EQ(fibonacci(42), 267914296u);
  EXPECT_EQ(parfib_calls(41), 535828591u);
  EXPECT_EQ(parfib_calls(45), 3672623805u);
}

TEST(GphParFib, SparkCountMatchesRecursion)
{
  for (int threshold : {0, 1, 2, 3, 5, 10, 19})
    for (int n = 0; n <= 24; ++n)
      EXPECT_EQ(parfib_sparks(n, threshold), sparks_by_recursion(n, threshold)) << n << " " << threshold;
  EXPECT_EQ(parfib_sparks(41, 19), 75024u);     // F(25) - 1
  EXPECT_EQ(parfib_sparks(41, 0), 267914295u);  // no cut-off: F(42) - 1
}

TEST(GphParFib, FullExpansionMatchesClosedForm)
{
  ParFib cut({20, 8, 1e-6, 5.6});
  TreeTotals t = expect_closed_forms(cut);
  EXPECT_EQ(t.sparks, 609u);             // F(15) - 1
  EXPECT_EQ(t.nodes, 1219u);             // every internal node has two children
  EXPECT_NEAR(t.work, 21891e-6, 1e-15);  // parfib_calls(20) = 21 891

  ParFib plain({15, 0, 1e-6, 5.6});
  t = expect_closed_forms(plain);
  EXPECT_EQ(t.sparks, 986u);  // F(16) - 1
  EXPECT_EQ(t.nodes, 1973u);  // = parfib_calls(15): no cut-off, every call is a node
  EXPECT_EQ(t.max_depth, 14u);
}

TEST(GphParFib, NodesSparkNf2AndEvaluateNf1Inline)
{
  ParFib p;
  double unit = 465.1 / 535828591.0;
  Node top    = p.expand(p.root());
  EXPECT_DOUBLE_EQ(top.before, unit / 2);
  EXPECT_DOUBLE_EQ(top.after, unit / 2);
  ASSERT_EQ(top.sparked.size(), 1u);
  EXPECT_EQ(top.sparked[0], (NodeKey{39, 0, 0}));
  EXPECT_EQ(top.inline_child, (NodeKey{40, 0, 0}));
  EXPECT_DOUBLE_EQ(top.result_bytes, 5.6);
  EXPECT_DOUBLE_EQ(top.graph_bytes, 5.6);

  Node leaf = p.expand({18, 0, 0});            // below the threshold 19
  EXPECT_DOUBLE_EQ(leaf.before, 8361 * unit);  // parfib_calls(18)
  EXPECT_DOUBLE_EQ(leaf.after, 0);
  EXPECT_TRUE(leaf.sparked.empty());
  EXPECT_FALSE(leaf.inline_child.has_value());
  EXPECT_NEAR(p.expand({17, 0, 0}).before, 4.485e-3, 1e-6);  // the finest spark: parfib 17, 4.5 ms

  EXPECT_THROW(p.expand({42, 0, 0}), std::invalid_argument);
  EXPECT_THROW(p.expand({-1, 0, 0}), std::invalid_argument);
}

// ---- sumEuler --------------------------------------------------------------------------------------------------

TEST(GphSumEuler, HcfCallsAreEuclidsSteps)
{
  EXPECT_EQ(euler_hcf_calls(1), 0u);
  EXPECT_EQ(euler_hcf_calls(2), 2u);
  EXPECT_EQ(euler_hcf_calls(3), 5u);
  EXPECT_EQ(euler_hcf_calls(5), 12u);
  for (int64_t n = 1; n <= 300; ++n) {
    uint64_t direct = 0;
    for (uint64_t k = 1; k < static_cast<uint64_t>(n); ++k)
      direct += hcf_calls(static_cast<uint64_t>(n), k);
    EXPECT_EQ(euler_hcf_calls(n), direct) << n;
  }
}

TEST(GphSumEuler, EstimateIsWithinAFewPerMilleOfTheExactCountPerChunk)
{
  for (auto [first, tolerance] : {std::pair<int64_t, double>{1, 5e-3}, {10001, 1e-3}, {32401, 1e-3}}) {
    double exact = 0, estimate = 0;
    for (int64_t n = first; n < first + 400; ++n) {
      exact += static_cast<double>(euler_hcf_calls(n));
      estimate += euler_hcf_calls_estimate(n);
    }
    EXPECT_NEAR(estimate / exact, 1.0, tolerance) << first;
  }
}

TEST(GphSumEuler, DefaultHas82ChunksOfTheDescendingList)
{
  SumEuler p;
  ASSERT_EQ(p.chunk_count(), 82u);
  EXPECT_EQ(p.chunk_range(0), (std::pair<int64_t, int64_t>{32800, 32401}));
  EXPECT_EQ(p.chunk_range(81), (std::pair<int64_t, int64_t>{400, 1}));
  EXPECT_THROW(p.chunk_range(82), std::out_of_range);
  for (size_t i = 1; i < p.chunk_count(); ++i)
    EXPECT_LT(p.chunk_work(i), p.chunk_work(i - 1)) << i;
  // The first chunk costs 40.47 s, the last 0.143 s (Σ (n-1)(A ln n + B) x 318 ns; by hand, 400 x 32 600 x
  // (A ln 32 600 + B) = 1.271e8 calls and ∫_0^400 x (A ln x + B) dx = 4.49e5 calls).
  EXPECT_NEAR(p.chunk_work(0), 40.468, 0.001);
  EXPECT_NEAR(p.chunk_work(81), 0.14284, 0.00001);

  Node root = p.expand(p.root());
  ASSERT_EQ(root.sparked.size(), 82u);
  for (size_t i = 0; i < 82; ++i)
    EXPECT_EQ(root.sparked[i], (NodeKey{1, static_cast<int64_t>(i), 0}));
  EXPECT_DOUBLE_EQ(root.work(), 0);
  Node first = p.expand(root.sparked[0]);
  EXPECT_DOUBLE_EQ(first.before, p.chunk_work(0));
  EXPECT_TRUE(first.sparked.empty());
  EXPECT_DOUBLE_EQ(first.graph_bytes, 90.3);
  EXPECT_THROW(p.expand({1, 82, 0}), std::invalid_argument);
}

TEST(GphSumEuler, UnevenChunksAndExactCostsExpandToTheClosedForm)
{
  SumEulerParameters s;
  s.lower        = 1;
  s.upper        = 1000;
  s.chunk        = 300;
  s.exact        = true;
  s.call_seconds = 1e-6;
  SumEuler p(s);
  ASSERT_EQ(p.chunk_count(), 4u);
  EXPECT_EQ(p.chunk_range(0), (std::pair<int64_t, int64_t>{1000, 701}));
  EXPECT_EQ(p.chunk_range(3), (std::pair<int64_t, int64_t>{100, 1}));
  uint64_t calls = 0;
  for (int64_t n = 1; n <= 1000; ++n)
    calls += euler_hcf_calls(n);
  EXPECT_NEAR(p.sequential_work(), static_cast<double>(calls) * 1e-6, 1e-9);
  TreeTotals t = expect_closed_forms(p);
  EXPECT_EQ(t.sparks, 4u);
  EXPECT_EQ(t.nodes, 5u);

  s.lower = 37;  // a range that does not start at 1
  s.exact = false;
  SumEuler q(s);
  EXPECT_EQ(q.chunk_count(), 4u);
  EXPECT_EQ(q.chunk_range(3), (std::pair<int64_t, int64_t>{100, 37}));
  expect_closed_forms(q);
}

// ---- queens ----------------------------------------------------------------------------------------------------

TEST(GphQueens, SearchNodesOfKnownBoards)
{
  EXPECT_EQ(queens_search_nodes(4), 17u);    // 1 + 4 + 6 + 4 + 2
  EXPECT_EQ(queens_search_nodes(8), 2057u);  // 1 + 8 + 42 + 140 + 344 + 568 + 550 + 312 + 92
  EXPECT_EQ(queens_search_nodes(13), 4674890u);
}

TEST(GphQueens, FullExpansionMatchesClosedForm)
{
  for (auto [depth, sparks] : {std::pair<int, uint64_t>{0, 0}, {1, 8}, {2, 50}, {4, 534}}) {
    Queens p({8, depth, 0, 1e-3, 851.9});
    TreeTotals t = expect_closed_forms(p);
    EXPECT_NEAR(t.work, 2.057, 1e-12) << depth;
    EXPECT_EQ(t.sparks, sparks) << depth;
    EXPECT_EQ(t.max_depth, static_cast<uint64_t>(depth));
  }
  Queens serial({8, 2, 0.2, 1e-3, 851.9});
  TreeTotals t = expect_closed_forms(serial);
  EXPECT_NEAR(t.work, 2.057 / 0.8, 1e-12);
  Node root = serial.expand(serial.root());
  EXPECT_NEAR(root.before, 1e-3 + 0.2 * 2.057 / 0.8 / 2, 1e-12);
  EXPECT_NEAR(root.after, 0.2 * 2.057 / 0.8 / 2, 1e-12);
}

TEST(GphQueens, DefaultFirstRowTasksAreCoarseAndRegular)
{
  Queens p;
  EXPECT_EQ(p.spark_count(), 145u);  // 13 first-row placements + 132 second-row ones
  Node root = p.expand(p.root());
  ASSERT_EQ(root.sparked.size(), 13u);
  EXPECT_EQ(root.sparked[0], (NodeKey{1, 2, 0}));  // column 0: its left diagonal moves to column 1
  std::vector<double> share;
  for (const NodeKey& k : root.sparked)
    share.push_back(subtree_work(p, k) / p.sequential_work());
  EXPECT_NEAR(share.front(), 0.0648, 5e-5);  // edge columns
  EXPECT_NEAR(share[6], 0.0831, 5e-5);       // the middle column
  EXPECT_NEAR(share.front(), share.back(), 1e-15);
  Node second = p.expand(root.sparked[0]);
  EXPECT_EQ(second.sparked.size(), 11u);
  EXPECT_TRUE(p.expand(second.sparked[0]).sparked.empty());
  EXPECT_THROW(p.expand({7, 0, 0}), std::invalid_argument);  // three rows placed: below the sparked depth
}

// ---- raytracer -------------------------------------------------------------------------------------------------

TEST(GphRaytracer, DefaultSplitsTheCostlyGroupsIntoRows)
{
  Raytracer p;
  EXPECT_EQ(p.spark_count(), 352u);
  int split     = 0;
  double traced = 0, cheapest = 1e300, dearest = 0;
  for (int g = 0; g < 32; ++g) {
    EXPECT_EQ(p.group_rows(g), (std::pair<int, int>{20 * g, 20 * g + 20}));
    split += p.group_splits(g);
    traced += p.group_work(g);
  }
  for (int r = 0; r < 640; ++r) {
    cheapest = std::min(cheapest, p.row_work(r));
    dearest  = std::max(dearest, p.row_work(r));
  }
  EXPECT_EQ(split, 16);
  EXPECT_NEAR(traced, 0.97 * 2782.7, 1e-6);
  EXPECT_GT(dearest / cheapest, 20.0);  // highly irregular rows

  Node root = p.expand(p.root());
  EXPECT_NEAR(root.before, 0.015 * 2782.7, 1e-6);
  EXPECT_NEAR(root.after, 0.015 * 2782.7, 1e-6);
  EXPECT_EQ(root.sparked.size(), 32u);
  EXPECT_DOUBLE_EQ(root.graph_bytes, 321.8);
  for (int g = 0; g < 32; ++g) {
    Node group = p.expand({1, g, 0});
    EXPECT_DOUBLE_EQ(group.result_bytes, 20 * 640 * 64.0);
    if (p.group_splits(g)) {
      ASSERT_EQ(group.sparked.size(), 20u);
      EXPECT_EQ(group.sparked.front(), (NodeKey{2, 20 * g, 0}));
      EXPECT_DOUBLE_EQ(group.before, 0);
      Node row = p.expand(group.sparked.front());
      EXPECT_DOUBLE_EQ(row.before, p.row_work(20 * g));
      EXPECT_DOUBLE_EQ(row.result_bytes, 640 * 64.0);
    } else {
      EXPECT_TRUE(group.sparked.empty());
      EXPECT_DOUBLE_EQ(group.before, p.group_work(g));
      EXPECT_THROW(p.expand({2, 20 * g, 0}), std::invalid_argument);  // its rows are never sparked
    }
  }
}

TEST(GphRaytracer, UnevenGroupsExpandToTheClosedForm)
{
  RaytracerParameters s;
  s.rows        = 50;
  s.width       = 10;
  s.groups      = 7;
  s.seed        = 3;
  s.split_above = 0.8;
  Raytracer p(s);
  for (int r = 0; r < 50; ++r) {
    auto [first, end] = p.group_rows(p.group_of(r));
    EXPECT_LE(first, r);
    EXPECT_LT(r, end);
  }
  EXPECT_EQ(p.group_rows(6), (std::pair<int, int>{42, 50}));
  TreeTotals t    = expect_closed_forms(p);
  uint64_t sparks = 7;
  for (int g = 0; g < 7; ++g)
    if (p.group_splits(g))
      sparks += static_cast<uint64_t>(p.group_rows(g).second - p.group_rows(g).first);
  EXPECT_EQ(t.sparks, sparks);
  EXPECT_GT(t.sparks, 7u);  // some group splits
}

// ---- matMult ---------------------------------------------------------------------------------------------------

// Each block fetches its row block of A (piece b) and its column block of B (piece blocks + c) from the main PE:
// 30 x 360 entries of 2.75 B in fetches of 625 B is 47.52, so 48 fetches a piece; the spark carries only its thunk.
TEST(GphMatMult, DefaultBlocksAreRegularAndFetchTheirInputs)
{
  MatMult p;
  EXPECT_EQ(p.spark_count(), 144u);
  Node root = p.expand(p.root());
  ASSERT_EQ(root.sparked.size(), 144u);
  EXPECT_EQ(root.sparked[13], (NodeKey{1, 1, 1}));
  EXPECT_TRUE(root.shared_inputs.empty());
  for (const NodeKey& k : root.sparked) {
    Node block = p.expand(k);
    EXPECT_NEAR(block.before, 916.3 / 144, 1e-9);
    EXPECT_DOUBLE_EQ(block.result_bytes, 30 * 30 * 2.75);
    EXPECT_DOUBLE_EQ(block.graph_bytes, 208.9);
    EXPECT_DOUBLE_EQ(block.fetch_bytes, 625);
    EXPECT_EQ(block.fetches, 0u);
    ASSERT_EQ(block.shared_inputs.size(), 2u);
    EXPECT_EQ(block.shared_inputs[0].id, static_cast<std::uint64_t>(k.b));
    EXPECT_EQ(block.shared_inputs[1].id, static_cast<std::uint64_t>(12 + k.c));
    EXPECT_EQ(block.shared_inputs[0].fetches, 48u);
    EXPECT_EQ(block.shared_inputs[1].fetches, 48u);
  }
  EXPECT_THROW(p.expand({1, 12, 0}), std::invalid_argument);
}

TEST(GphMatMult, UnevenBlocksExpandToTheClosedForm)
{
  MatMult p({10, 3, 0.25, 1e-3, 8, 100});
  EXPECT_EQ(p.block_size(0), 3);
  EXPECT_EQ(p.block_size(2), 4);
  TreeTotals t = expect_closed_forms(p);
  EXPECT_NEAR(t.work, 1.0 / 0.75, 1e-12);
  EXPECT_EQ(t.sparks, 9u);
  EXPECT_NEAR(p.expand({1, 2, 2}).before, 4 * 4 * 10 * 1e-3, 1e-15);
  Node block = p.expand({1, 0, 2});  // 3 rows: 240 B, 4 columns: 320 B, one fetch of 625 B each
  EXPECT_DOUBLE_EQ(block.graph_bytes, 100);
  ASSERT_EQ(block.shared_inputs.size(), 2u);
  EXPECT_EQ(block.shared_inputs[0].fetches, 1u);
  EXPECT_EQ(block.shared_inputs[1].id, 5u);
  EXPECT_EQ(block.shared_inputs[1].fetches, 1u);
  EXPECT_EQ(MatMult({10, 3, 0.25, 1e-3, 8, 100, 50}).expand({1, 0, 2}).shared_inputs[1].fetches, 7u);  // 320 / 50

  // fetch_bytes 0: the inputs travel with the spark, packed with its thunk.
  Node shipped = MatMult({10, 3, 0.25, 1e-3, 8, 100, 0}).expand({1, 0, 2});
  EXPECT_DOUBLE_EQ(shipped.graph_bytes, 100 + (3 + 4) * 10 * 8.0);
  EXPECT_TRUE(shipped.shared_inputs.empty());
}

// ---- linSolv ---------------------------------------------------------------------------------------------------

TEST(GphLinSolv, DefaultIsAChainOfStagesSparkingUnequalTasks)
{
  LinSolv p;
  TreeTotals t = expect_closed_forms(p);
  EXPECT_EQ(t.sparks, 242u);
  EXPECT_EQ(t.nodes, 264u);     // 22 stages + 242 tasks
  EXPECT_EQ(t.max_depth, 22u);  // the last stage's tasks hang under 21 inline stages
  Node stage = p.expand(p.root());
  EXPECT_NEAR(stage.before, 0.08 * 828.9 / 44, 1e-12);
  EXPECT_NEAR(stage.after, 0.08 * 828.9 / 44, 1e-12);
  EXPECT_EQ(stage.sparked.size(), 11u);
  EXPECT_EQ(stage.inline_child, (NodeKey{0, 1, 0}));
  EXPECT_FALSE(p.expand({0, 21, 0}).inline_child.has_value());
  double mean = 0.92 * 828.9 / 242, lo = 1e300, hi = 0;
  for (int s = 0; s < 22; ++s)
    for (int k = 0; k < 11; ++k) {
      lo = std::min(lo, p.task_work(s, k));
      hi = std::max(hi, p.task_work(s, k));
    }
  EXPECT_GE(lo, 0.25 * mean * 0.95);  // weights 1 +- 0.75, renormalised
  EXPECT_LE(hi, 1.75 * mean * 1.05);
  EXPECT_GT(hi / lo, 4.0);
  EXPECT_THROW(p.expand({1, 22, 0}), std::invalid_argument);
}

TEST(GphLinSolv, SmallChainExpandsToTheClosedForm)
{
  LinSolvParameters s;
  s.stages             = 3;
  s.tasks              = 2;
  s.sequential_seconds = 10;
  TreeTotals t         = expect_closed_forms(LinSolv(s));
  EXPECT_NEAR(t.work, 10, 1e-12);
  EXPECT_EQ(t.sparks, 6u);
}

// ---- every kernel ------------------------------------------------------------------------------------------------

TEST(GphKernels, DefaultsMatchTable1AndBoundTable6Threads)
{
  std::vector<std::string> names = kernels().names();
  EXPECT_EQ(names, (std::vector<std::string>{"parFib", "sumEuler", "queens", "raytracer", "matMult", "linSolv"}));
  const std::vector<uint64_t> sparks{75024, 82, 145, 352, 144, 242};
  for (size_t i = 0; i < names.size(); ++i) {
    const KernelSpec& spec = kernels().get(names[i]);
    auto p                 = make_kernel(names[i]);
    EXPECT_EQ(p->name(), names[i]);
    EXPECT_NEAR(p->sequential_work(), spec.paper.sequential_seconds, 0.01 * spec.paper.sequential_seconds) << names[i];
    EXPECT_NEAR(p->sequential_work(), spec.paper.sequential_seconds, 1e-6) << names[i];  // in fact exactly
    EXPECT_EQ(p->spark_count(), sparks[i]) << names[i];
    EXPECT_GE(p->spark_count(), spec.paper.threads16) << names[i];
    EXPECT_DOUBLE_EQ(p->packet_bytes(), spec.paper.packet_bytes) << names[i];
    // The default trees are small enough (at most 150 049 nodes) to walk.
    expect_closed_forms(*p);
  }
}

TEST(GphKernels, ExpandIsDeterministic)
{
  for (const std::string& name : kernels().names()) {
    auto p = make_kernel(name), q = make_kernel(name);
    std::deque<NodeKey> todo{p->root()};
    for (int visited = 0; visited < 300 && !todo.empty(); ++visited) {
      NodeKey k = todo.front();
      todo.pop_front();
      Node a = p->expand(k);
      expect_same_node(a, p->expand(k));
      expect_same_node(a, q->expand(k));
      todo.insert(todo.end(), a.sparked.begin(), a.sparked.end());
      if (a.inline_child)
        todo.push_back(*a.inline_child);
    }
    EXPECT_THROW(p->expand({99, 99, 99}), std::invalid_argument) << name;
  }
}

TEST(GphKernels, ParametersRoundTripAndAreChecked)
{
  for (const std::string& name : kernels().names()) {
    auto p = make_kernel(name);
    ProgramParameters defaults;
    for (const isogrid::ParamSpec& s : kernels().get(name).parameters)
      defaults[s.name] = std::get<double>(*s.default_value);
    EXPECT_EQ(p->parameters(), defaults) << name;
    EXPECT_DOUBLE_EQ(make_kernel(name, p->parameters())->sequential_work(), p->sequential_work());
  }
  EXPECT_NEAR(make_kernel("parFib", {{"n", 45}})->sequential_work(), 3187.8, 0.1);
  EXPECT_EQ(make_kernel("parFib", {{"threshold", 20}})->spark_count(), 46367u);  // F(24) - 1
  EXPECT_EQ(make_kernel("sumEuler", {{"chunk", 800}})->spark_count(), 41u);
  EXPECT_EQ(make_kernel("queens", {{"depth", 1}})->spark_count(), 13u);
  EXPECT_NEAR(make_kernel("linSolv", {{"sequential_seconds", 100}})->sequential_work(), 100, 1e-12);

  EXPECT_THROW(make_kernel("fib"), isogrid::UnknownName);
  EXPECT_THROW(make_kernel("parFib", {{"m", 3}}), std::invalid_argument);
  EXPECT_THROW(make_kernel("parFib", {{"n", 41.5}}), std::invalid_argument);
  EXPECT_THROW(make_kernel("parFib", {{"n", 95}}), std::invalid_argument);
  EXPECT_THROW(make_kernel("sumEuler", {{"exact", 2}}), std::invalid_argument);
  EXPECT_THROW(make_kernel("sumEuler", {{"lower", 0}}), std::invalid_argument);
  EXPECT_THROW(make_kernel("queens", {{"depth", 13}}), std::invalid_argument);
  EXPECT_THROW(make_kernel("raytracer", {{"groups", 641}}), std::invalid_argument);
  EXPECT_THROW(make_kernel("matMult", {{"serial_fraction", 1}}), std::invalid_argument);
  EXPECT_THROW(make_kernel("linSolv", {{"irregularity", 1.5}}), std::invalid_argument);
}
