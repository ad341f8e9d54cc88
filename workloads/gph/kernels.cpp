#include "workloads/gph/kernels.hpp"

#include "simulator/core/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

namespace isogrid::gph {

namespace {

[[noreturn]] void bad_key(const std::string& program, const NodeKey& k)
{
  throw std::invalid_argument(fmt::format("gph {}: no node {{{}, {}, {}}}", program, k.a, k.b, k.c));
}

void require(bool ok, const std::string& program, const std::string& what)
{
  if (!ok)
    throw std::invalid_argument(fmt::format("gph {}: {}", program, what));
}

// splitmix64; uniform(seed, i, j) is a deterministic number in [0, 1).
uint64_t mix(uint64_t x)
{
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

double uniform(int64_t seed, uint64_t i, uint64_t j)
{
  uint64_t h = mix(mix(mix(static_cast<uint64_t>(seed)) ^ i) ^ j);
  return static_cast<double>(h >> 11) / 9007199254740992.0;  // 2^53
}

int popcount(uint64_t x)
{
  int n = 0;
  for (; x; x &= x - 1)
    ++n;
  return n;
}

}  // namespace

// ---- parFib ----------------------------------------------------------------------------------------------------

uint64_t fibonacci(int n)
{
  if (n < 0 || n > 93)
    throw std::invalid_argument(fmt::format("fibonacci: {} is outside 0..93", n));
  uint64_t a = 0, b = 1;
  for (int i = 0; i < n; ++i) {
    uint64_t c = a + b;
    a = b;
    b = c;
  }
  return a;
}

uint64_t parfib_calls(int n)
{
  if (n < 0 || n > 91)
    throw std::invalid_argument(fmt::format("parfib_calls: {} is outside 0..91", n));
  return 2 * fibonacci(n + 1) - 1;
}

uint64_t parfib_sparks(int n, int threshold)
{
  // S(m) = 0 below t, 1 + S(m-1) + S(m-2) from t on: S + 1 is a Fibonacci sequence with S(t-2) + 1 = S(t-1) + 1 = 1.
  int t = std::max(threshold, 2);
  if (n < t)
    return 0;
  return fibonacci(n - t + 3) - 1;
}

ParFib::ParFib(ParFibParameters p) : p_(p)
{
  require(p_.n >= 0 && p_.n <= 90, name(), fmt::format("n = {} is outside 0..90", p_.n));
  require(p_.threshold >= 0, name(), "threshold must be >= 0");
  require(p_.call_seconds >= 0 && p_.packet_bytes >= 0, name(), "costs and sizes must be >= 0");
}

Parameters ParFib::parameters() const
{
  return {{"n", p_.n},
          {"threshold", p_.threshold},
          {"call_seconds", p_.call_seconds},
          {"packet_bytes", p_.packet_bytes}};
}

Node ParFib::expand(const NodeKey& key) const
{
  if (key.a < 0 || key.a > p_.n || key.b != 0 || key.c != 0)
    bad_key(name(), key);
  int m = static_cast<int>(key.a);
  Node node;
  node.result_bytes = node.graph_bytes = p_.packet_bytes;
  if (m < std::max(p_.threshold, 2)) {
    node.before = static_cast<double>(parfib_calls(m)) * p_.call_seconds;
    return node;
  }
  node.before = node.after = p_.call_seconds / 2;
  node.sparked.push_back({m - 2, 0, 0});
  node.inline_child = NodeKey{m - 1, 0, 0};
  return node;
}

double ParFib::sequential_work() const { return static_cast<double>(parfib_calls(p_.n)) * p_.call_seconds; }

uint64_t ParFib::spark_count() const { return parfib_sparks(p_.n, p_.threshold); }

// ---- sumEuler --------------------------------------------------------------------------------------------------

uint64_t euler_hcf_calls(int64_t n)
{
  uint64_t calls = 0;
  for (int64_t k = 1; k < n; ++k) {
    // hcf n k: one call per equation applied, the last being hcf x 0.
    uint64_t x = static_cast<uint64_t>(n), y = static_cast<uint64_t>(k);
    ++calls;
    while (y) {
      uint64_t r = x % y;
      x = y;
      y = r;
      ++calls;
    }
  }
  return calls;
}

double euler_hcf_calls_estimate(int64_t n)
{
  constexpr double A = 0.842446, B = 0.992219;
  if (n < 2)
    return 0;
  double x = static_cast<double>(n);
  return (x - 1) * (A * std::log(x) + B);
}

SumEuler::SumEuler(SumEulerParameters p) : p_(p)
{
  require(p_.lower >= 1 && p_.upper >= p_.lower, name(),
          fmt::format("need 1 <= lower <= upper, got lower = {}, upper = {}", p_.lower, p_.upper));
  require(p_.upper <= 2'000'000'000, name(), "upper must be <= 2e9");
  require(p_.chunk >= 1, name(), "chunk must be >= 1");
  require(p_.call_seconds >= 0 && p_.packet_bytes >= 0, name(), "costs and sizes must be >= 0");
  int64_t length = p_.upper - p_.lower + 1;
  size_t chunks = static_cast<size_t>((length + p_.chunk - 1) / p_.chunk);
  chunk_work_.resize(chunks);
  for (size_t i = 0; i < chunks; ++i) {
    auto [first, last] = chunk_range(i);
    double calls = 0;
    for (int64_t m = first; m >= last; --m)
      calls += p_.exact ? static_cast<double>(euler_hcf_calls(m)) : euler_hcf_calls_estimate(m);
    chunk_work_[i] = calls * p_.call_seconds;
    total_ += chunk_work_[i];
  }
}

std::pair<int64_t, int64_t> SumEuler::chunk_range(size_t i) const
{
  int64_t first = p_.upper - static_cast<int64_t>(i) * p_.chunk;
  if (first < p_.lower)
    throw std::out_of_range(fmt::format("gph sumEuler: no chunk {}", i));
  return {first, std::max(p_.lower, first - p_.chunk + 1)};
}

Parameters SumEuler::parameters() const
{
  return {{"lower", static_cast<double>(p_.lower)},
          {"upper", static_cast<double>(p_.upper)},
          {"chunk", static_cast<double>(p_.chunk)},
          {"exact", p_.exact ? 1 : 0},
          {"call_seconds", p_.call_seconds},
          {"packet_bytes", p_.packet_bytes}};
}

Node SumEuler::expand(const NodeKey& key) const
{
  Node node;
  node.result_bytes = node.graph_bytes = p_.packet_bytes;
  if (key == root()) {
    for (size_t i = 0; i < chunk_work_.size(); ++i)
      node.sparked.push_back({1, static_cast<int64_t>(i), 0});
    return node;
  }
  if (key.a != 1 || key.b < 0 || static_cast<size_t>(key.b) >= chunk_work_.size() || key.c != 0)
    bad_key(name(), key);
  node.before = chunk_work_[static_cast<size_t>(key.b)];
  return node;
}

// ---- queens ----------------------------------------------------------------------------------------------------

namespace {

// Nodes of the search subtree below a state (the state included), for a board whose columns are `full`.
uint64_t subtree_nodes(uint64_t full, uint64_t cols, uint64_t ld, uint64_t rd)
{
  uint64_t nodes = 1;
  uint64_t free = full & ~(cols | ld | rd);
  while (free) {
    uint64_t bit = free & (~free + 1);
    free -= bit;
    nodes += subtree_nodes(full, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1);
  }
  return nodes;
}

// Nodes with 1..depth rows placed below a state.
uint64_t nodes_down_to(uint64_t full, uint64_t cols, uint64_t ld, uint64_t rd, int depth)
{
  if (depth == 0)
    return 0;
  uint64_t nodes = 0;
  uint64_t free = full & ~(cols | ld | rd);
  while (free) {
    uint64_t bit = free & (~free + 1);
    free -= bit;
    nodes += 1 + nodes_down_to(full, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1, depth - 1);
  }
  return nodes;
}

}  // namespace

uint64_t queens_search_nodes(int n)
{
  if (n < 1 || n > 16)
    throw std::invalid_argument(fmt::format("queens_search_nodes: n = {} is outside 1..16", n));
  return subtree_nodes((uint64_t{1} << n) - 1, 0, 0, 0);
}

Queens::Queens(QueensParameters p) : p_(p)
{
  require(p_.n >= 1 && p_.n <= 16, name(), fmt::format("n = {} is outside 1..16", p_.n));
  require(p_.depth >= 0 && p_.depth < p_.n, name(), fmt::format("depth = {} is outside 0..n-1", p_.depth));
  require(p_.serial_fraction >= 0 && p_.serial_fraction < 1, name(), "serial_fraction must be in [0, 1)");
  require(p_.node_seconds >= 0 && p_.packet_bytes >= 0, name(), "costs and sizes must be >= 0");
  full_ = (uint64_t{1} << p_.n) - 1;
  search_nodes_ = subtree_nodes(full_, 0, 0, 0);
  sparks_ = nodes_down_to(full_, 0, 0, 0, p_.depth);
}

Parameters Queens::parameters() const
{
  return {{"n", p_.n},
          {"depth", p_.depth},
          {"serial_fraction", p_.serial_fraction},
          {"node_seconds", p_.node_seconds},
          {"packet_bytes", p_.packet_bytes}};
}

double Queens::sequential_work() const
{
  return static_cast<double>(search_nodes_) * p_.node_seconds / (1 - p_.serial_fraction);
}

Node Queens::expand(const NodeKey& key) const
{
  auto cols = static_cast<uint64_t>(key.a), ld = static_cast<uint64_t>(key.b), rd = static_cast<uint64_t>(key.c);
  int row = popcount(cols);
  if (key.a < 0 || key.b < 0 || key.c < 0 || (cols | ld | rd) & ~full_ || row > p_.depth)
    bad_key(name(), key);
  Node node;
  node.result_bytes = node.graph_bytes = p_.packet_bytes;
  if (row == p_.depth) {
    node.before = static_cast<double>(subtree_nodes(full_, cols, ld, rd)) * p_.node_seconds;
  } else {
    node.before = p_.node_seconds;
    uint64_t free = full_ & ~(cols | ld | rd);
    while (free) {
      uint64_t bit = free & (~free + 1);
      free -= bit;
      node.sparked.push_back({static_cast<int64_t>(cols | bit), static_cast<int64_t>(((ld | bit) << 1) & full_),
                              static_cast<int64_t>((rd | bit) >> 1)});
    }
  }
  if (row == 0) {
    double serial = sequential_work() * p_.serial_fraction;
    node.before += serial / 2;
    node.after += serial / 2;
  }
  return node;
}

// ---- raytracer -------------------------------------------------------------------------------------------------

Raytracer::Raytracer(RaytracerParameters p) : p_(p)
{
  require(p_.rows >= 1 && p_.width >= 1, name(), "rows and width must be >= 1");
  require(p_.groups >= 1 && p_.groups <= p_.rows, name(), "groups must be in 1..rows");
  require(p_.objects >= 0 && p_.peak >= 0 && p_.split_above >= 0, name(),
          "objects, peak and split_above must be >= 0");
  require(p_.serial_fraction >= 0 && p_.serial_fraction < 1, name(), "serial_fraction must be in [0, 1)");
  require(p_.pixel_seconds >= 0 && p_.pixel_bytes >= 0 && p_.packet_bytes >= 0, name(),
          "costs and sizes must be >= 0");
  double rows = p_.rows;
  std::vector<double> mu, sigma, height;
  for (int j = 0; j < p_.objects; ++j) {
    auto uj = static_cast<uint64_t>(j);
    mu.push_back(uniform(p_.seed, 1, uj) * rows);
    sigma.push_back(rows * (1.0 / 64 + uniform(p_.seed, 2, uj) * (1.0 / 12 - 1.0 / 64)));
    height.push_back(p_.peak * (0.2 + 0.8 * uniform(p_.seed, 3, uj)));
  }
  double traced = 0;
  for (int r = 0; r < p_.rows; ++r) {
    double profile = 1;
    for (int j = 0; j < p_.objects; ++j) {
      double z = (r + 0.5 - mu[j]) / sigma[j];
      profile += height[j] * std::exp(-z * z);
    }
    profile *= 0.75 + 0.5 * uniform(p_.seed, 4, static_cast<uint64_t>(r));
    row_work_.push_back(p_.width * p_.pixel_seconds * profile);
    traced += row_work_.back();
  }
  double mean_group = traced / p_.groups;
  sparks_ = static_cast<uint64_t>(p_.groups);
  for (int g = 0; g < p_.groups; ++g) {
    split_.push_back(group_work(g) > p_.split_above * mean_group);
    if (split_.back()) {
      auto [first, end] = group_rows(g);
      sparks_ += static_cast<uint64_t>(end - first);
    }
  }
  total_ = traced / (1 - p_.serial_fraction);
  serial_ = total_ - traced;
}

std::pair<int, int> Raytracer::group_rows(int group) const
{
  if (group < 0 || group >= p_.groups)
    throw std::out_of_range(fmt::format("gph raytracer: no group {}", group));
  auto bound = [this](int g) {
    return static_cast<int>(static_cast<int64_t>(g) * p_.rows / p_.groups);
  };
  return {bound(group), bound(group + 1)};
}

int Raytracer::group_of(int64_t row) const
{
  // The last g with floor(g rows / groups) <= row.
  return static_cast<int>(((row + 1) * p_.groups - 1) / p_.rows);
}

double Raytracer::group_work(int group) const
{
  auto [first, end] = group_rows(group);
  double w = 0;
  for (int r = first; r < end; ++r)
    w += row_work_[static_cast<size_t>(r)];
  return w;
}

Parameters Raytracer::parameters() const
{
  return {{"rows", p_.rows},
          {"width", p_.width},
          {"groups", p_.groups},
          {"objects", p_.objects},
          {"peak", p_.peak},
          {"split_above", p_.split_above},
          {"seed", static_cast<double>(p_.seed)},
          {"serial_fraction", p_.serial_fraction},
          {"pixel_seconds", p_.pixel_seconds},
          {"pixel_bytes", p_.pixel_bytes},
          {"packet_bytes", p_.packet_bytes}};
}

Node Raytracer::expand(const NodeKey& key) const
{
  Node node;
  node.graph_bytes = p_.packet_bytes;
  double row_bytes = p_.width * p_.pixel_bytes;
  if (key == root()) {
    node.before = node.after = serial_ / 2;
    for (int g = 0; g < p_.groups; ++g)
      node.sparked.push_back({1, g, 0});
    node.result_bytes = p_.rows * row_bytes;
    return node;
  }
  if (key.c != 0)
    bad_key(name(), key);
  if (key.a == 1 && key.b >= 0 && key.b < p_.groups) {
    int g = static_cast<int>(key.b);
    auto [first, end] = group_rows(g);
    node.result_bytes = (end - first) * row_bytes;
    if (split_[static_cast<size_t>(g)]) {
      for (int r = first; r < end; ++r)
        node.sparked.push_back({2, r, 0});
    } else {
      node.before = group_work(g);
    }
    return node;
  }
  if (key.a == 2 && key.b >= 0 && key.b < p_.rows && split_[static_cast<size_t>(group_of(key.b))]) {
    node.before = row_work_[static_cast<size_t>(key.b)];
    node.result_bytes = row_bytes;
    return node;
  }
  bad_key(name(), key);
}

// ---- matMult ---------------------------------------------------------------------------------------------------

MatMult::MatMult(MatMultParameters p) : p_(p)
{
  require(p_.n >= 1 && p_.blocks >= 1 && p_.blocks <= p_.n, name(), "need 1 <= blocks <= n");
  require(p_.serial_fraction >= 0 && p_.serial_fraction < 1, name(), "serial_fraction must be in [0, 1)");
  require(p_.madd_seconds >= 0 && p_.entry_bytes >= 0 && p_.packet_bytes >= 0, name(),
          "costs and sizes must be >= 0");
}

int MatMult::block_size(int index) const
{
  if (index < 0 || index >= p_.blocks)
    throw std::out_of_range(fmt::format("gph matMult: no block row {}", index));
  auto bound = [this](int i) { return static_cast<int>(static_cast<int64_t>(i) * p_.n / p_.blocks); };
  return bound(index + 1) - bound(index);
}

double MatMult::serial_work() const
{
  double n = p_.n;
  return n * n * n * p_.madd_seconds * p_.serial_fraction / (1 - p_.serial_fraction);
}

double MatMult::sequential_work() const
{
  double n = p_.n;
  return n * n * n * p_.madd_seconds + serial_work();
}

uint64_t MatMult::spark_count() const { return static_cast<uint64_t>(p_.blocks) * static_cast<uint64_t>(p_.blocks); }

Parameters MatMult::parameters() const
{
  return {{"n", p_.n},
          {"blocks", p_.blocks},
          {"serial_fraction", p_.serial_fraction},
          {"madd_seconds", p_.madd_seconds},
          {"entry_bytes", p_.entry_bytes},
          {"packet_bytes", p_.packet_bytes}};
}

Node MatMult::expand(const NodeKey& key) const
{
  Node node;
  double n = p_.n;
  if (key == root()) {
    node.before = node.after = serial_work() / 2;
    for (int i = 0; i < p_.blocks; ++i)
      for (int j = 0; j < p_.blocks; ++j)
        node.sparked.push_back({1, i, j});
    node.result_bytes = n * n * p_.entry_bytes;
    node.graph_bytes = p_.packet_bytes;
    return node;
  }
  if (key.a != 1 || key.b < 0 || key.b >= p_.blocks || key.c < 0 || key.c >= p_.blocks)
    bad_key(name(), key);
  double rows = block_size(static_cast<int>(key.b)), cols = block_size(static_cast<int>(key.c));
  node.before = rows * cols * n * p_.madd_seconds;
  node.result_bytes = rows * cols * p_.entry_bytes;
  node.graph_bytes = p_.packet_bytes + (rows + cols) * n * p_.entry_bytes;
  return node;
}

// ---- linSolv ---------------------------------------------------------------------------------------------------

LinSolv::LinSolv(LinSolvParameters p) : p_(p)
{
  require(p_.stages >= 1 && p_.tasks >= 0, name(), "need stages >= 1 and tasks >= 0");
  require(p_.irregularity >= 0 && p_.irregularity <= 1, name(), "irregularity must be in [0, 1]");
  require(p_.serial_fraction >= 0 && p_.serial_fraction <= 1, name(), "serial_fraction must be in [0, 1]");
  require(p_.tasks > 0 || p_.serial_fraction == 1, name(), "without tasks serial_fraction must be 1");
  require(p_.sequential_seconds >= 0 && p_.result_bytes >= 0 && p_.packet_bytes >= 0, name(),
          "costs and sizes must be >= 0");
  double weights = 0;
  for (int s = 0; s < p_.stages; ++s)
    for (int t = 0; t < p_.tasks; ++t) {
      double u = uniform(p_.seed, static_cast<uint64_t>(s), static_cast<uint64_t>(t));
      task_work_.push_back(1 + p_.irregularity * (2 * u - 1));
      weights += task_work_.back();
    }
  for (double& w : task_work_)
    w *= (1 - p_.serial_fraction) * p_.sequential_seconds / weights;
}

double LinSolv::task_work(int stage, int task) const
{
  if (stage < 0 || stage >= p_.stages || task < 0 || task >= p_.tasks)
    throw std::out_of_range(fmt::format("gph linSolv: no task ({}, {})", stage, task));
  return task_work_[static_cast<size_t>(stage) * static_cast<size_t>(p_.tasks) + static_cast<size_t>(task)];
}

double LinSolv::sequential_work() const { return p_.sequential_seconds; }

uint64_t LinSolv::spark_count() const { return static_cast<uint64_t>(p_.stages) * static_cast<uint64_t>(p_.tasks); }

Parameters LinSolv::parameters() const
{
  return {{"stages", p_.stages},
          {"tasks", p_.tasks},
          {"irregularity", p_.irregularity},
          {"seed", static_cast<double>(p_.seed)},
          {"serial_fraction", p_.serial_fraction},
          {"sequential_seconds", p_.sequential_seconds},
          {"result_bytes", p_.result_bytes},
          {"packet_bytes", p_.packet_bytes}};
}

Node LinSolv::expand(const NodeKey& key) const
{
  Node node;
  node.result_bytes = p_.result_bytes;
  node.graph_bytes = p_.packet_bytes;
  if (key.a == 0 && key.b >= 0 && key.b < p_.stages && key.c == 0) {
    node.before = node.after = p_.serial_fraction * p_.sequential_seconds / (2.0 * p_.stages);
    for (int t = 0; t < p_.tasks; ++t)
      node.sparked.push_back({1, key.b, t});
    if (key.b + 1 < p_.stages)
      node.inline_child = NodeKey{0, key.b + 1, 0};
    return node;
  }
  if (key.a == 1 && key.b >= 0 && key.b < p_.stages && key.c >= 0 && key.c < p_.tasks) {
    node.before = task_work(static_cast<int>(key.b), static_cast<int>(key.c));
    return node;
  }
  bad_key(name(), key);
}

// ---- the registry --------------------------------------------------------------------------------------------------

namespace {

bool is_integer(double v) { return std::isfinite(v) && v == std::floor(v); }

// Reads parameter `name` from a complete map (make_kernel has filled the defaults and checked integrality).
struct Reader {
  const Parameters& p;
  double real(const std::string& name) const { return p.at(name); }
  int integer(const std::string& name) const
  {
    double v = p.at(name);
    if (v < -2147483648.0 || v > 2147483647.0)
      throw std::invalid_argument(fmt::format("gph parameter {} = {} is out of range", name, v));
    return static_cast<int>(v);
  }
  int64_t integer64(const std::string& name) const
  {
    double v = p.at(name);
    if (std::fabs(v) > 9007199254740992.0)
      throw std::invalid_argument(fmt::format("gph parameter {} = {} is out of range", name, v));
    return static_cast<int64_t>(v);
  }
};

KernelSpec parfib_spec()
{
  ParFibParameters d;
  KernelSpec k;
  k.paper = {465.1, 26.3, 17.6, 26595, 5.6};
  k.parameters = {
      {"n", static_cast<double>(d.n), "parfib's argument [ASSUMPTION: Table 1's n is not printed]", true},
      {"threshold", static_cast<double>(d.threshold),
       "arguments below it are sequential leaves (a simulation device; GUM has no cut-off)", true},
      {"call_seconds", d.call_seconds, "reference-PE seconds per parfib call (Table 1: 465.1 s for n = 41)"},
      {"packet_bytes", d.packet_bytes, "graph and result bytes of a node (Table 6)"},
  };
  k.make = [](const Parameters& p) {
    Reader r{p};
    return std::make_unique<ParFib>(ParFibParameters{r.integer("n"), r.integer("threshold"), r.real("call_seconds"),
                                                     r.real("packet_bytes")});
  };
  return k;
}

KernelSpec sumeuler_spec()
{
  SumEulerParameters d;
  KernelSpec k;
  k.paper = {1598.1, 188.1, 8.4, 82, 90.3};
  k.parameters = {
      {"lower", static_cast<double>(d.lower), "smallest integer of the list", true},
      {"upper", static_cast<double>(d.upper), "largest integer; the list runs down from it", true},
      {"chunk", static_cast<double>(d.chunk), "integers per chunk, one spark each (c)", true},
      {"exact", d.exact ? 1.0 : 0.0, "1: count every Euclid step; 0: the (n-1)(A ln n + B) estimate", true},
      {"call_seconds", d.call_seconds, "reference-PE seconds per hcf call (Table 1: 1598.1 s for the defaults)"},
      {"packet_bytes", d.packet_bytes, "graph and result bytes of a node (Table 6)"},
  };
  k.make = [](const Parameters& p) {
    Reader r{p};
    SumEulerParameters s;
    s.lower = r.integer64("lower");
    s.upper = r.integer64("upper");
    s.chunk = r.integer64("chunk");
    int exact = r.integer("exact");
    if (exact != 0 && exact != 1)
      throw std::invalid_argument("gph sumEuler: exact must be 0 or 1");
    s.exact = exact == 1;
    s.call_seconds = r.real("call_seconds");
    s.packet_bytes = r.real("packet_bytes");
    return std::make_unique<SumEuler>(s);
  };
  return k;
}

KernelSpec queens_spec()
{
  QueensParameters d;
  KernelSpec k;
  k.paper = {2816.4, 567.8, 6.2, 24, 851.9};
  k.parameters = {
      {"n", static_cast<double>(d.n), "board size (queens(13), Table 2)", true},
      {"depth", static_cast<double>(d.depth), "rows whose placements are sparked; deeper nodes are sequential", true},
      {"serial_fraction", d.serial_fraction, "the root's own share of the total work (half before, half after)"},
      {"node_seconds", d.node_seconds, "reference-PE seconds per search node (Table 1: 2816.4 s for n = 13)"},
      {"packet_bytes", d.packet_bytes, "graph and result bytes of a node (Table 6)"},
  };
  k.make = [](const Parameters& p) {
    Reader r{p};
    return std::make_unique<Queens>(QueensParameters{r.integer("n"), r.integer("depth"), r.real("serial_fraction"),
                                                     r.real("node_seconds"), r.real("packet_bytes")});
  };
  return k;
}

KernelSpec raytracer_spec()
{
  RaytracerParameters d;
  KernelSpec k;
  k.paper = {2782.7, 301.7, 9.2, 350, 321.8};
  k.parameters = {
      {"rows", static_cast<double>(d.rows), "image rows", true},
      {"width", static_cast<double>(d.width), "pixels per row", true},
      {"groups", static_cast<double>(d.groups), "row groups the root sparks", true},
      {"objects", static_cast<double>(d.objects), "scene objects, each a bump in the row cost profile", true},
      {"peak", d.peak, "largest object's extra cost, in background rows"},
      {"split_above", d.split_above, "a group costlier than this x the mean sparks its rows"},
      {"seed", static_cast<double>(d.seed), "hash seed of the scene", true},
      {"serial_fraction", d.serial_fraction, "the root's own share of the total work (scene set-up, output)"},
      {"pixel_seconds", d.pixel_seconds, "reference-PE seconds per background pixel (Table 1: 2782.7 s)"},
      {"pixel_bytes", d.pixel_bytes, "result bytes per pixel"},
      {"packet_bytes", d.packet_bytes, "graph bytes of a spark (Table 6)"},
  };
  k.make = [](const Parameters& p) {
    Reader r{p};
    RaytracerParameters s;
    s.rows = r.integer("rows");
    s.width = r.integer("width");
    s.groups = r.integer("groups");
    s.objects = r.integer("objects");
    s.peak = r.real("peak");
    s.split_above = r.real("split_above");
    s.seed = r.integer64("seed");
    s.serial_fraction = r.real("serial_fraction");
    s.pixel_seconds = r.real("pixel_seconds");
    s.pixel_bytes = r.real("pixel_bytes");
    s.packet_bytes = r.real("packet_bytes");
    return std::make_unique<Raytracer>(s);
  };
  return k;
}

KernelSpec matmult_spec()
{
  MatMultParameters d;
  KernelSpec k;
  k.paper = {916.3, 292.6, 5.0, 144, 208.9};
  k.parameters = {
      {"n", static_cast<double>(d.n), "matrix order", true},
      {"blocks", static_cast<double>(d.blocks), "blocks per side of C; blocks² sparks", true},
      {"serial_fraction", d.serial_fraction, "the root's own share of the total work (half before, half after)"},
      {"madd_seconds", d.madd_seconds, "reference-PE seconds per multiply-add (Table 1: 916.3 s for n = 360)"},
      {"entry_bytes", d.entry_bytes, "packed bytes per matrix entry"},
      {"packet_bytes", d.packet_bytes, "bytes of a block's thunk, on top of its inputs (Table 6)"},
  };
  k.make = [](const Parameters& p) {
    Reader r{p};
    return std::make_unique<MatMult>(MatMultParameters{r.integer("n"), r.integer("blocks"),
                                                       r.real("serial_fraction"), r.real("madd_seconds"),
                                                       r.real("entry_bytes"), r.real("packet_bytes")});
  };
  return k;
}

KernelSpec linsolv_spec()
{
  LinSolvParameters d;
  KernelSpec k;
  k.paper = {828.9, 112.2, 7.3, 242, 290.7};
  k.parameters = {
      {"stages", static_cast<double>(d.stages), "stages of the sequential chain", true},
      {"tasks", static_cast<double>(d.tasks), "tasks each stage sparks", true},
      {"irregularity", d.irregularity, "a task weighs 1 +- this (hashed, uniform)"},
      {"seed", static_cast<double>(d.seed), "hash seed of the task weights", true},
      {"serial_fraction", d.serial_fraction, "the chain's own share of the total work"},
      {"sequential_seconds", d.sequential_seconds, "total reference-PE seconds (Table 1)"},
      {"result_bytes", d.result_bytes, "result bytes of a node"},
      {"packet_bytes", d.packet_bytes, "graph bytes of a spark (Table 6)"},
  };
  k.make = [](const Parameters& p) {
    Reader r{p};
    LinSolvParameters s;
    s.stages = r.integer("stages");
    s.tasks = r.integer("tasks");
    s.irregularity = r.real("irregularity");
    s.seed = r.integer64("seed");
    s.serial_fraction = r.real("serial_fraction");
    s.sequential_seconds = r.real("sequential_seconds");
    s.result_bytes = r.real("result_bytes");
    s.packet_bytes = r.real("packet_bytes");
    return std::make_unique<LinSolv>(s);
  };
  return k;
}

}  // namespace

const NamedRegistry<KernelSpec>& kernels()
{
  static const NamedRegistry<KernelSpec> registry = [] {
    NamedRegistry<KernelSpec> r("GpH kernel");
    r.add("parFib", "naive nfib, nf2 `par` (nf1 `seq` nf1 + nf2 + 1): regular divide and conquer", parfib_spec());
    r.add("sumEuler", "Σ of Euler's totient over [upper..lower] in chunks of c, parList: irregular data-parallel",
          sumeuler_spec());
    r.add("queens", "n-queens backtracking, sparks down to `depth` rows: coarse regular divide and conquer",
          queens_spec());
    r.add("raytracer", "rows in groups of very unequal cost, costly groups spark their rows: highly irregular",
          raytracer_spec());
    r.add("matMult", "blocks x blocks block tasks of C = A B: regular, communication-heavy", matmult_spec());
    r.add("linSolv", "a sequential chain of stages each sparking unequal tasks: limited irregular parallelism",
          linsolv_spec());
    return r;
  }();
  return registry;
}

std::unique_ptr<Program> make_kernel(const std::string& name, const Parameters& overrides)
{
  const KernelSpec& spec = kernels().get(name);
  Parameters complete;
  std::vector<std::string> known;
  for (const ParameterSpec& p : spec.parameters) {
    complete[p.name] = p.default_value;
    known.push_back(p.name);
  }
  for (const auto& [key, value] : overrides) {
    auto it = std::find_if(spec.parameters.begin(), spec.parameters.end(),
                           [&](const ParameterSpec& p) { return p.name == key; });
    if (it == spec.parameters.end())
      throw std::invalid_argument(unknown_name_message(name + " parameter", key, known));
    if (it->integer && !is_integer(value))
      throw std::invalid_argument(fmt::format("gph {}: parameter {} must be an integer, got {}", name, key, value));
    if (!std::isfinite(value))
      throw std::invalid_argument(fmt::format("gph {}: parameter {} must be finite, got {}", name, key, value));
    complete[key] = value;
  }
  return spec.make(complete);
}

}  // namespace isogrid::gph
