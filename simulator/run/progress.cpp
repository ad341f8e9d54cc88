#include "simulator/run/progress.hpp"

#include "simulator/core/text.hpp"

#include <algorithm>
#include <cstdio>
#include <fmt/format.h>
#include <unistd.h>

namespace isogrid {

namespace {
// How many points' worth of weight the estimate's own pace keeps against the pace measured.
constexpr double kEstimateWeight = 5;
}  // namespace

double EtaEstimator::eta(double elapsed) const
{
  double left = std::max(0.0, pending_s_ - done_s_) / jobs_;
  if (points_ == 0 || done_s_ <= 0)
    return left;
  // This machine's pace against the estimate's (2: twice as slow), the estimate's own pace 1 weighing as
  // kEstimateWeight points.
  double measured = elapsed / (done_s_ / jobs_);
  double n        = static_cast<double>(points_);
  double pace     = (kEstimateWeight + n * measured) / (kEstimateWeight + n);
  return pace * left;
}

bool Progress::terminal_attached() { return ::isatty(STDERR_FILENO) == 1; }

ProgressDisplay Progress::display_for(bool wanted)
{
  if (!wanted)
    return ProgressDisplay::Off;
  return terminal_attached() ? ProgressDisplay::Line : ProgressDisplay::Log;
}

Progress::Progress(uint64_t total, uint64_t already_done, ProgressDisplay display)
    : total_(total), done_(already_done), start_done_(already_done), display_(display), started_(monotonic_seconds())
{
}

Progress::~Progress() { finish(); }

void Progress::use_estimate(const std::vector<double>* costs, double pending_s, unsigned jobs)
{
  costs_ = costs;
  estimate_.emplace(pending_s, jobs);
}

void Progress::tick(uint64_t index, bool error)
{
  ++done_;
  errors_ += error ? 1 : 0;
  if (estimate_ && costs_ && index < costs_->size())
    estimate_->finished((*costs_)[index]);
  draw(false);
}

double Progress::eta(double elapsed, double rate) const
{
  if (estimate_)
    return estimate_->eta(elapsed);
  return rate > 0 ? static_cast<double>(total_ - done_) / rate : -1;
}

void Progress::draw(bool force)
{
  if (display_ == ProgressDisplay::Off)
    return;
  double t       = monotonic_seconds();
  double elapsed = t - started_;
  if (display_ == ProgressDisplay::Log) {
    if (!force && (elapsed < next_log_ || done_ >= total_))
      return;
    next_log_ = elapsed + std::max(60.0, elapsed / 10);
  } else if (!force && t - last_draw_ < 0.1 && done_ < total_)
    return;
  last_draw_       = t;
  double rate      = elapsed > 0 ? static_cast<double>(done_ - start_done_) / elapsed : 0;
  double pct       = total_ ? 100.0 * static_cast<double>(done_) / static_cast<double>(total_) : 100;
  std::string line = fmt::format("{}/{} points ({:.1f}%)  {} pts/s  elapsed {}  ETA {}", done_, total_, pct,
                                 rate >= 10 ? fmt::format("{:.0f}", rate) : fmt::format("{:.2g}", rate),
                                 format_duration(elapsed), format_duration(eta(elapsed, rate)));
  if (errors_)
    line += fmt::format("  errors {}", errors_);
  if (display_ == ProgressDisplay::Log) {
    std::fputs(("progress: " + line + "\n").c_str(), stderr);
  } else {
    std::fputs(("\r  " + line + "\x1b[K").c_str(), stderr);
    drawn_ = true;
  }
  std::fflush(stderr);
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
