#pragma once
// Background load as what it leaves the application (Sanjay §3.4.1, §3.8): a resource's availability over time, the
// share of a host's CPU (AvailCPU) or of a link's bandwidth (AvailBW) other users' work leaves free. Piecewise
// constant: each value holds from its time until the next one's, and a trace may loop as SimGrid's profiles do.
// Pure: generators draw traces from a seed, the SimGrid shell replays them as host speed and link bandwidth
// profiles, sensors average them over a run.
#include "base/random.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace isogrid::loads {

struct Step {
  double time  = 0;  // s
  double value = 1;  // share of the resource left free, in (0, 1]
};

class AvailabilityTrace {
public:
  AvailabilityTrace() = default;  // always free
  // Throws std::invalid_argument on a negative or decreasing time, a value outside (0, 1], or a non-positive
  // loop_after. With loop_after, as SimGrid's LOOPAFTER: a period lasts the last step's time plus loop_after, and
  // each later period replays the steps at the same offsets, the last value holding until its first step.
  explicit AvailabilityTrace(std::vector<Step> steps, std::optional<double> loop_after = std::nullopt);

  // Free (1) before the first step.
  double at(double t) const;
  // The time average over [from, to); at(from) when from == to.
  double mean(double from, double to) const;
  const std::vector<Step>& steps() const { return steps_; }
  const std::optional<double>& loop_after() const { return loop_after_; }

private:
  double integral(double t) const;                    // of at() over [0, t)
  double integral_once(double t, double lead) const;  // the same within one period, `lead` before the first step

  std::vector<Step> steps_;
  std::optional<double> loop_after_;
  double period_ = 0;  // with loop_after: the last time plus loop_after
};

// Episodes one after the other, each of a duration U[min_duration, max_duration]: with probability loaded_share
// the resource is loaded to U[low, high], otherwise free (1). Across many resources this is the thesis's "a random
// subset, at a random level, for a random duration, repeating"; the subset's size is not stated there.
struct EpisodeSettings {
  double loaded_share = 0.5;
  double low = 0.065, high = 0.72;
  double min_duration = 180, max_duration = 480;  // s
};

// Throws std::invalid_argument on ranges outside (0, 1] or reversed, or non-positive durations.
void check(const EpisodeSettings& settings);
// Up to `horizon` seconds (the last episode may end past it).
AvailabilityTrace random_episodes(const EpisodeSettings& settings, double horizon, SeededRandom& random);

// The thesis's random loading: CPU at [6.5 %, 72 %], bandwidth at [2 %, 80 %], for 3-8 minutes.
EpisodeSettings random_cpu_loading();
EpisodeSettings random_bandwidth_loading();
// "GrADS-like" CPU, steadier than random loading (§3.8: GrADS CPU loads are more stable): an assumption, episodes
// of 30-60 minutes, every one loaded, at [60 %, 100 %]. Its network is random bandwidth loading.
EpisodeSettings grads_like_cpu();
// Other users' jobs on a shared cluster's nodes (Korkhov's DAS-2 runs, Sec. 4.4): a node runs one 1.2 % of the time,
// for 10-60 minutes, leaving the solver 50-100 % of the CPU (a job of CPU weight up to the solver's own). An
// assumption matched to the lbm-grid model's own noise: a 24-node run meets a job with probability 1 - 0.988^24 =
// 0.25, the chance Korkhov's noise gives every run.
EpisodeSettings user_jobs_cpu();
// A wide-area link whose throughput wanders (Argollo et al. call their Internet links unpredictable; they measured
// 21.0 and 23.0 KiB/s on one link): every episode loaded, at [70 %, 100 %] of the nominal, for 1-5 minutes, so that
// the mean is 85 % of the nominal. An assumption: the paper gives no trace.
EpisodeSettings internet_bandwidth();

// SimGrid's deterministic profile format: "time value" per line, lines starting with '#' or '%' are comments,
// "LOOPAFTER seconds" or "PERIODICITY seconds" make it loop. SimGrid reads a host's speed profile as shares of the
// peak (scale 1) but a link's bandwidth profile in bytes per second: give the link's nominal bandwidth as `scale`.
std::string profile_text(const AvailabilityTrace& trace, double scale = 1);

// A profile text that cannot be a trace: the 1-based line and why.
class ProfileError : public std::invalid_argument {
public:
  ProfileError(int line, const std::string& message) : std::invalid_argument(message), line_(line) {}
  int line() const { return line_; }

private:
  int line_;
};

AvailabilityTrace parse_profile(const std::string& text);

}  // namespace isogrid::loads
