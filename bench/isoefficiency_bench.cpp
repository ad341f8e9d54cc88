// Isoefficiency lines traced against a fixed grid, and growth laws fitted at scale. Recorded in docs/performance.md.
//
// The line is the spanning tree's (Drozdowski & Wielebski, Sec. 2): E(n) = c1 n / (c1 n + c2 m log2 m) = k at
// n* = c2 m log2 m / (c1 (1/k - 1)), known in closed form, so each method's error is exact. The tracer
// (base/level_search.hpp, as `isoefficiency:` runs it: 9 scanned values over [1, 1e12], Brent on log n) is run at
// several tolerances and counts its probes, each a point to evaluate. A fixed grid is what a contour map draws from:
// G values log-spaced over the same range, the crossing placed by linear interpolation in log n between the two
// grid values around it (as matplotlib's contour does); G is doubled until the crossing is within the precision.
// The counters are points per line for the same relative precision on n*.
#include "base/growth_law.hpp"
#include "base/level_search.hpp"
#include "base/random.hpp"

#include <benchmark/benchmark.h>

#include <cmath>

using namespace isogrid;

namespace {

constexpr double kC1 = 1e-6, kC2 = 1e-4, kM = 64, kLevel = 0.5, kLow = 1, kHigh = 1e12;

double efficiency(double n) { return kC1 * n / (kC1 * n + kC2 * kM * std::log2(kM)); }
double exact_root() { return kC2 * kM * std::log2(kM) / (kC1 * (1 / kLevel - 1)); }

// Probes the tracer takes to reach `tolerance` on log n, and its relative error.
std::pair<std::size_t, double> trace(double tolerance)
{
  LevelSearchSettings s;
  s.level = kLevel, s.low = kLow, s.high = kHigh, s.tolerance = tolerance;
  LevelSearch search(s);
  while (!search.done())
    for (double x : search.wanted())
      search.take(x, efficiency(x));
  return {search.result().probes, std::abs(search.result().crossings.at(0).x / exact_root() - 1)};
}

// The crossing a grid of `points` log-spaced values places by linear interpolation in log n.
double grid_crossing(std::size_t points)
{
  const double lo = std::log(kLow), step = (std::log(kHigh) - lo) / static_cast<double>(points - 1);
  double u0 = lo, e0 = efficiency(kLow);
  for (std::size_t i = 1; i < points; ++i) {
    double u1 = lo + step * static_cast<double>(i), e1 = efficiency(std::exp(u1));
    if ((e0 - kLevel) * (e1 - kLevel) <= 0)
      return std::exp(u0 + (kLevel - e0) / (e1 - e0) * (u1 - u0));
    u0 = u1, e0 = e1;
  }
  return std::nan("");
}

// The fewest grid points (doubling from 9) whose interpolated crossing is within `precision` of the exact one.
std::size_t grid_points_for(double precision)
{
  std::size_t points = 9;
  while (std::abs(grid_crossing(points) / exact_root() - 1) > precision && points < (std::size_t{1} << 30))
    points = 2 * points - 1;  // every earlier point kept: a refinement, as a user would refine a sweep
  return points;
}

void traced_line(benchmark::State& state)
{
  const double tolerance = std::pow(10.0, -static_cast<double>(state.range(0)));
  std::pair<std::size_t, double> r;
  for (auto _ : state)
    benchmark::DoNotOptimize(r = trace(tolerance));
  state.counters["probes"]         = static_cast<double>(r.first);
  state.counters["relative_error"] = r.second;
  // The grid that places the crossing as precisely as the tracer did (at least 1e-15: double rounding).
  const std::size_t grid           = grid_points_for(std::max(r.second, 1e-15) * 1.0000001);
  state.counters["grid_points"]    = static_cast<double>(grid);
  state.counters["grid_per_probe"] = static_cast<double>(grid) / static_cast<double>(r.first);
}
BENCHMARK(traced_line)->DenseRange(2, 10, 2)->Unit(benchmark::kMicrosecond);

// 10 000 rows: one parameter (100 values of p, 100 noisy repetitions each) over Extra-P's 57 hypotheses.
void fit_10000_rows_one_parameter(benchmark::State& state)
{
  growth::Observations obs{{{}}, {}};
  SeededRandom random(36);
  for (int p = 1; p <= 100; ++p)
    for (int r = 0; r < 100; ++r) {
      obs.x[0].push_back(p);
      obs.y.push_back((3 + 0.5 * p * std::log2(p)) * (1 + 0.02 * random.uniform(-1, 1)));
    }
  std::string growth;
  for (auto _ : state)
    growth = growth::fit_law(obs, {"p"}, growth::default_hypotheses()).law.growth();
  state.SetLabel(growth);
  state.counters["rows"] = static_cast<double>(obs.y.size());
}
BENCHMARK(fit_10000_rows_one_parameter)->Unit(benchmark::kMillisecond);

// 10 000 rows over two parameters (a 10 x 10 grid, 100 repetitions): both lines' 57 hypotheses, then the 7 sums of
// products over every row.
void fit_10000_rows_two_parameters(benchmark::State& state)
{
  growth::Observations obs{{{}, {}}, {}};
  SeededRandom random(37);
  for (int p = 1; p <= 10; ++p)
    for (int n = 1; n <= 10; ++n)
      for (int r = 0; r < 100; ++r) {
        obs.x[0].push_back(p * 4);
        obs.x[1].push_back(n * 100);
        obs.y.push_back((5 + 2 * std::sqrt(p * 4.0) * n * 100 + 3 * n * 100) * (1 + 0.02 * random.uniform(-1, 1)));
      }
  std::string growth;
  for (auto _ : state)
    growth = growth::fit_law(obs, {"p", "n"}, growth::default_hypotheses()).law.growth();
  state.SetLabel(growth);
  state.counters["rows"] = static_cast<double>(obs.y.size());
}
BENCHMARK(fit_10000_rows_two_parameters)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
