#pragma once
// How Sanjay's chapter 3 judges predictions (§3.8, §3.9): the percentage prediction error and its summary (mean,
// standard deviation, the share of predictions under 30 % and under 40 %), and their usefulness for scheduling
// (Tables 3.4, 8.1-8.3): in each group of problem sizes whose dedicated times differ by at most 50 s, the run a
// scheduler would pick by the predictions (the lowest predicted time) against the fastest actual run.
#include <cstddef>
#include <functional>
#include <vector>

namespace isogrid::modelling {

// 100 |actual - predicted| / actual.
double percentage_prediction_error(double actual, double predicted);

struct PpeSummary {
  std::size_t count = 0;
  double mean = 0, sd = 0;            // %, sd the sample standard deviation
  double under_30 = 0, under_40 = 0;  // % of the predictions
};

// Throws std::invalid_argument on lists of different lengths or an empty one.
PpeSummary summarize_ppe(const std::vector<double>& actual, const std::vector<double>& predicted);

struct ScheduleCandidate {
  double problem_size    = 0;
  std::size_t processors = 1;
  double predicted = 0, actual = 0;  // s
};

struct UsefulnessGroup {
  double first_size = 0, last_size = 0;
  ScheduleCandidate chosen;    // the lowest predicted time in the group (the first on a tie)
  ScheduleCandidate best;      // the lowest actual time
  std::size_t candidates = 0;  // runs in the group
  double loss_percent    = 0;  // 100 (chosen.actual - best.actual) / best.actual
  int loss_floored       = 0;  // as the thesis prints it: 3.81 % as 3
};

// Groups the candidates' problem sizes in increasing order, each group as long as the dedicated times of its sizes
// (`dedicated_time(N)`) stay within `span` seconds of each other, and judges each group. Throws
// std::invalid_argument on no candidate or a non-positive actual time.
std::vector<UsefulnessGroup> scheduling_usefulness(std::vector<ScheduleCandidate> candidates,
                                                   const std::function<double(double)>& dedicated_time,
                                                   double span = 50);

}  // namespace isogrid::modelling
