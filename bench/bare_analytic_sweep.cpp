// The anchor for an analytic sweep through the harness: what a researcher would write by hand for
// bench/sweep-dlt-predict.yaml. One million loads V (logspace 1e4..1e10), ten workers A = 1, C = 1, S = 1000, the
// same allocation-free solver, and a CSV row per point with the same numbers as isogrid's (shortest round-trip
// formatting, the infeasibility note), written to a file. No experiment file, no validation, no seeds, no run.json:
// isogrid's cost over this program is the harness's. Usage: bench_bare_analytic_sweep OUT.csv [points]
#include "policies/dlt/single_round.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fmt/compile.h>
#include <fmt/format.h>
#include <iterator>
#include <string>
#include <vector>

using namespace isogrid::dlt;

int main(int argc, char** argv)
{
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUT.csv [points]\n", argv[0]);
    return 2;
  }
  size_t points  = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1000000;
  auto start     = std::chrono::steady_clock::now();
  std::FILE* out = std::fopen(argv[1], "w");
  if (!out)
    return 1;
  std::fputs("index,V,makespan,sequential,speedup,efficiency,feasible,largest_feasible_m,alpha_first,alpha_last,"
             "capacity_efficiency,message\n",
             out);
  const size_t m = 10;
  std::vector<Worker> workers(m, Worker{1, 1, 1000});
  std::vector<double> alpha(m);
  std::string row;
  for (size_t i = 0; i < points; ++i) {
    double V  = std::pow(10.0, 4 + 6.0 * static_cast<double>(i) / static_cast<double>(points - 1));
    Summary s = solve_into(workers.data(), m, V, 0, alpha.data());
    row.clear();
    auto to = std::back_inserter(row);
    fmt::format_to(to, FMT_COMPILE("{},{},"), i, V);
    if (s.feasible)
      fmt::format_to(to, FMT_COMPILE("{}"), s.makespan);
    fmt::format_to(to, FMT_COMPILE(",{},{},{},{},{},{},{},{},"), s.sequential, s.speedup, s.efficiency,
                   s.feasible ? 1 : 0, s.largest_feasible, alpha.front(), alpha.back(),
                   s.feasible ? capacity_time(workers, V, 0) / s.makespan : 0);
    if (!s.feasible)
      fmt::format_to(to, "infeasible: alpha_{} < 0; at most {} workers can be used", s.first_negative,
                     s.largest_feasible);
    row += '\n';
    std::fwrite(row.data(), 1, row.size(), out);
  }
  std::fclose(out);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%zu points in %.3f s: %.0f points/s\n", points, seconds, static_cast<double>(points) / seconds);
  return 0;
}
