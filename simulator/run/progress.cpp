#include "simulator/run/progress.hpp"

#include "simulator/core/text.hpp"

#include <cstdio>
#include <fmt/format.h>
#include <unistd.h>

namespace isogrid {

bool Progress::terminal_attached() { return ::isatty(STDERR_FILENO) == 1; }

Progress::Progress(uint64_t total, uint64_t already_done, bool enabled)
    : total_(total), done_(already_done), start_done_(already_done), enabled_(enabled), started_(monotonic_seconds())
{
}

Progress::~Progress() { finish(); }

void Progress::tick(bool error)
{
  ++done_;
  errors_ += error ? 1 : 0;
  draw(false);
}

void Progress::draw(bool force)
{
  if (!enabled_)
    return;
  double t = monotonic_seconds();
  if (!force && t - last_draw_ < 0.1 && done_ < total_)
    return;
  last_draw_       = t;
  double elapsed   = t - started_;
  double rate      = elapsed > 0 ? static_cast<double>(done_ - start_done_) / elapsed : 0;
  double eta       = rate > 0 ? static_cast<double>(total_ - done_) / rate : -1;
  double pct       = total_ ? 100.0 * static_cast<double>(done_) / static_cast<double>(total_) : 100;
  std::string line = fmt::format("\r  {}/{} points ({:.1f}%)  {:.0f} pts/s  elapsed {}  ETA {}", done_, total_, pct,
                                 rate, format_duration(elapsed), format_duration(eta));
  if (errors_)
    line += fmt::format("  errors {}", errors_);
  std::fputs((line + "\x1b[K").c_str(), stderr);
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::finish()
{
  if (drawn_) {
    std::fputs("\r\x1b[K", stderr);
    std::fflush(stderr);
    drawn_ = false;
  }
}

}  // namespace isogrid
