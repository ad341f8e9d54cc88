// Baseline for the harness-overhead benchmark: one DLT star (bench/bare_star_scenario.hpp) in this process.
// Usage: bench_bare_star M
#include "bare_star_scenario.hpp"

#include <chrono>
#include <cstdio>
#include <string>

int main(int argc, char** argv)
{
  auto started      = std::chrono::steady_clock::now();
  int m             = argc > 1 ? std::stoi(argv[1]) : 1000;
  bare::StarTimes t = bare::run_star(bare::start_engine(argv[0]), m, 1e9);
  double elapsed    = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  // elapsed: engine, platform and simulation, as an isogrid child does them (process start-up excluded).
  std::printf("m=%d makespan=%.6f sequential=%.6f elapsed_ms=%.3f\n", m, t.makespan, t.sequential, 1000 * elapsed);
  return 0;
}
