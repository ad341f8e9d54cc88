#include "simulator/run/interrupt_guard.hpp"

namespace isogrid {

namespace {

volatile std::sig_atomic_t g_interrupted = 0;
void on_interrupt(int) { g_interrupted = 1; }

}  // namespace

InterruptGuard::InterruptGuard()
{
  g_interrupted = 0;
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: poll() must wake up
  for (size_t i = 0; i < kSignals.size(); ++i)
    sigaction(kSignals[i], &sa, &old_[i]);
}

InterruptGuard::~InterruptGuard()
{
  for (size_t i = 0; i < kSignals.size(); ++i)
    sigaction(kSignals[i], &old_[i], nullptr);
}

bool InterruptGuard::interrupted() { return g_interrupted != 0; }

void InterruptGuard::note_interrupted() { g_interrupted = 1; }

}  // namespace isogrid
