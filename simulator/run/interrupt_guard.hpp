#pragma once
// Ctrl-C, kill, or a terminal or ssh session that closes (SIGHUP) while a run goes on: the guard turns each into a
// flag the runner polls between points, so that the finished rows are kept and --resume computes the rest. The flag
// is process-wide because a signal handler can reach nothing else (docs/architecture.md, "what is still
// process-wide").
#include <array>
#include <csignal>

namespace isogrid {

class InterruptGuard {
public:
  InterruptGuard();   // clears the flag and installs the handlers
  ~InterruptGuard();  // restores the handlers it replaced
  InterruptGuard(const InterruptGuard&)            = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  static bool interrupted();
  // A child reached by the signal before this process noticed it.
  static void note_interrupted();

private:
  static constexpr std::array<int, 3> kSignals = {SIGINT, SIGTERM, SIGHUP};
  std::array<struct sigaction, 3> old_{};
};

}  // namespace isogrid
