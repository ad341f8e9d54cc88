#pragma once
// What a run shows while it runs: points done, rate, elapsed time, ETA, errors. On a terminal, one status line redrawn
// in place; elsewhere (CI logs, Slurm, pipes), a plain line now and then: after 10 s, then every minute or every
// tenth of the elapsed time, whichever is longer, so that a log of hours stays short.
#include <cstdint>
#include <optional>
#include <vector>

namespace isogrid {

enum class ProgressDisplay { Off, Line, Log };

// The ETA of a run whose points have estimated costs (run_estimate.hpp: seconds of one job per point). The estimate
// says how much is left; the points finished so far say how fast this machine goes through it, trusted more as they
// accumulate (five points' worth of weight on the estimate's own pace).
class EtaEstimator {
public:
  // `pending_s`: the estimated cost of the points this run has to compute; `jobs`: how many run at once.
  EtaEstimator(double pending_s, unsigned jobs) : pending_s_(pending_s), jobs_(jobs ? jobs : 1) {}
  void finished(double cost_s)  // a point of that estimated cost is done
  {
    done_s_ += cost_s;
    ++points_;
  }
  // Seconds left, `elapsed` seconds into the run.
  double eta(double elapsed) const;

private:
  double pending_s_;
  unsigned jobs_;
  double done_s_   = 0;
  uint64_t points_ = 0;
};

class Progress {
public:
  Progress(uint64_t total, uint64_t already_done, ProgressDisplay display);
  ~Progress();

  // The points' estimated costs (by point index) and the jobs: the ETA follows them rather than the rate alone.
  void use_estimate(const std::vector<double>* costs, double pending_s, unsigned jobs);
  void tick(uint64_t index, bool error);
  void finish();  // clears the line

  static bool terminal_attached();
  // Where a run with progress wanted shows it: a line on a terminal, a log otherwise; nothing when not wanted.
  static ProgressDisplay display_for(bool wanted);

private:
  void draw(bool force);
  double eta(double elapsed, double rate) const;

  uint64_t total_;
  uint64_t done_;
  uint64_t start_done_;
  uint64_t errors_ = 0;
  ProgressDisplay display_;
  double started_;
  double last_draw_                 = 0;
  double next_log_                  = 10;  // seconds into the run
  bool drawn_                       = false;
  const std::vector<double>* costs_ = nullptr;
  std::optional<EtaEstimator> estimate_;
};

}  // namespace isogrid
