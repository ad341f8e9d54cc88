#include "policies/loads/availability.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace isogrid::loads {

namespace {

// Shortest text that reads back as the same double (std::to_chars), so a written profile replays exactly.
std::string number(double x)
{
  char buffer[32];
  auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, end);
}

}  // namespace

AvailabilityTrace::AvailabilityTrace(std::vector<Step> steps, std::optional<double> loop_after)
    : steps_(std::move(steps)), loop_after_(loop_after)
{
  for (std::size_t k = 0; k < steps_.size(); ++k) {
    const Step& s = steps_[k];
    if (!(s.time >= 0) || (k > 0 && s.time < steps_[k - 1].time))
      throw std::invalid_argument("step " + std::to_string(k + 1) + ": times start at 0 or later and never go back");
    if (!(s.value > 0 && s.value <= 1))
      throw std::invalid_argument("step " + std::to_string(k + 1) + ": an availability is in (0, 1], got " +
                                  number(s.value));
  }
  if (loop_after_) {
    if (!(*loop_after_ > 0))
      throw std::invalid_argument("a trace loops after a positive delay");
    period_ = (steps_.empty() ? 0 : steps_.back().time) + *loop_after_;
  }
}

double AvailabilityTrace::at(double t) const
{
  // In every period after the first, the time before the first step still holds the last value (SimGrid replays
  // the steps' dates relative to the end of the previous period).
  double lead = 1;
  if (loop_after_ && t >= period_) {
    t    = std::fmod(t, period_);
    lead = steps_.empty() ? 1.0 : steps_.back().value;
  }
  // The last step at or before t.
  auto after = std::upper_bound(steps_.begin(), steps_.end(), t, [](double x, const Step& s) { return x < s.time; });
  return after == steps_.begin() ? lead : std::prev(after)->value;
}

double AvailabilityTrace::integral_once(double t, double lead) const
{
  double sum = 0, from = 0, value = lead;
  for (const Step& s : steps_) {
    if (s.time >= t)
      break;
    sum += value * (s.time - from);
    from  = s.time;
    value = s.value;
  }
  return sum + value * (t - from);
}

double AvailabilityTrace::integral(double t) const
{
  if (!loop_after_ || t < period_)
    return integral_once(t, 1);
  const double lead = steps_.empty() ? 1.0 : steps_.back().value;
  double later      = std::floor(t / period_) - 1;  // whole periods after the first
  return integral_once(period_, 1) + later * integral_once(period_, lead) +
         integral_once(t - (later + 1) * period_, lead);
}

double AvailabilityTrace::mean(double from, double to) const
{
  if (to <= from)
    return at(from);
  return (integral(to) - integral(from)) / (to - from);
}

void check(const EpisodeSettings& s)
{
  auto share = [](double x) { return x > 0 && x <= 1; };
  if (!share(s.low) || !share(s.high) || s.low > s.high)
    throw std::invalid_argument("a load's range [" + number(s.low) + ", " + number(s.high) +
                                "] must lie in (0, 1], low first");
  if (!(s.loaded_share >= 0 && s.loaded_share <= 1))
    throw std::invalid_argument("the share of loaded episodes is in [0, 1]");
  if (!(s.min_duration > 0) || s.min_duration > s.max_duration)
    throw std::invalid_argument("episode durations must be positive, the shortest first");
}

AvailabilityTrace random_episodes(const EpisodeSettings& s, double horizon, SeededRandom& random)
{
  check(s);
  std::vector<Step> steps;
  for (double t = 0; t < horizon;) {
    // Three draws per episode, always in this order, so that a trace's start does not depend on the horizon.
    double duration = random.uniform(s.min_duration, s.max_duration);
    bool loaded     = random.uniform() < s.loaded_share;
    double level    = random.uniform(s.low, s.high);
    double value    = loaded ? level : 1.0;
    if (steps.empty() || steps.back().value != value)
      steps.push_back({t, value});
    t += duration;
  }
  return AvailabilityTrace(std::move(steps));
}

EpisodeSettings random_cpu_loading() { return {0.5, 0.065, 0.72, 180, 480}; }
EpisodeSettings random_bandwidth_loading() { return {0.5, 0.02, 0.80, 180, 480}; }
EpisodeSettings grads_like_cpu() { return {1.0, 0.6, 1.0, 1800, 3600}; }
EpisodeSettings user_jobs_cpu() { return {0.012, 0.5, 1.0, 600, 3600}; }
EpisodeSettings internet_bandwidth() { return {1.0, 0.7, 1.0, 60, 300}; }

std::string profile_text(const AvailabilityTrace& trace, double scale)
{
  std::string out;
  for (const Step& s : trace.steps())
    out += number(s.time) + " " + number(scale == 1 ? s.value : s.value * scale) + "\n";
  if (trace.loop_after())
    out += "LOOPAFTER " + number(*trace.loop_after()) + "\n";
  return out;
}

AvailabilityTrace parse_profile(const std::string& text)
{
  std::vector<Step> steps;
  std::optional<double> loop_after, periodicity;
  int periodicity_line = 0;
  std::istringstream in(text);
  std::string line;
  for (int line_number = 1; std::getline(in, line); ++line_number) {
    std::istringstream fields(line);
    std::string first;
    if (!(fields >> first) || first[0] == '#' || first[0] == '%')
      continue;  // blank or comment, as SimGrid reads them
    double a = 0, b = 0;
    std::string rest;
    if (first == "LOOPAFTER" || first == "PERIODICITY") {
      if (!(fields >> a) || (fields >> rest) || !(a > 0))
        throw ProfileError(line_number, first + " takes one positive number of seconds");
      (first == "LOOPAFTER" ? loop_after : periodicity) = a;
      periodicity_line                                  = first == "PERIODICITY" ? line_number : periodicity_line;
      continue;
    }
    std::istringstream time_field(first);
    if (!(time_field >> a) || !time_field.eof() || !(fields >> b) || (fields >> rest))
      throw ProfileError(line_number, "expected 'time value', got '" + line + "'");
    if (!(a >= 0) || (!steps.empty() && a < steps.back().time))
      throw ProfileError(line_number, "time " + number(a) + " goes back (the previous step is at " +
                                          number(steps.empty() ? 0.0 : steps.back().time) + ")");
    if (!(b > 0 && b <= 1))
      throw ProfileError(line_number, "an availability is in (0, 1], got " + number(b));
    steps.push_back({a, b});
  }
  if (periodicity) {
    // PERIODICITY p: the steps start again p seconds after the first period began.
    double last = steps.empty() ? 0.0 : steps.back().time;
    if (loop_after || !(*periodicity > last))
      throw ProfileError(periodicity_line, "PERIODICITY must exceed the last step's time, and not come with LOOPAFTER");
    loop_after = *periodicity - last;
  }
  return AvailabilityTrace(std::move(steps), loop_after);
}

}  // namespace isogrid::loads
