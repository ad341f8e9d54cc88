#pragma once
// Schopf's stochastic structural model (Schopf & Berman, SC'98; the baseline of Sanjay §3.9.1, Figs. 3.10, 3.11,
// 8.31, 8.32): the application's structure is known (its dedicated computation and communication times) and the
// loads are "stochastic values", a mean and a spread taken from the resources' measured history instead of a point
// forecast. A stochastic value is mean +- 2 standard deviations (Schopf's normal-distribution reading); the
// prediction is a range, time = computation / AvailCPU + communication / AvailBW-share, at the mean loads (its
// mean), at the highest loads of the range (its max) and at the lowest (its min).
#include <vector>

namespace isogrid::modelling {

struct StochasticValue {
  double mean = 1, sd = 0;
};

// The mean and the sample standard deviation of a history (sd 0 for fewer than two values). Throws
// std::invalid_argument on an empty history.
StochasticValue stochastic_value(const std::vector<double>& history);

struct RangePrediction {
  double low = 0, mean = 0, high = 0;  // s
};

// Loads are shares in (0, 1]; a range end that falls outside is clamped to [floor, 1], floor keeping a heavily
// loaded resource's time finite. Throws std::invalid_argument on negative times or a floor outside (0, 1].
RangePrediction structural_prediction(double computation, double communication, StochasticValue cpu,
                                      StochasticValue bandwidth, double floor = 0.01);

}  // namespace isogrid::modelling
