#include "policies/modelling/stochastic_structural.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace isogrid::modelling {

StochasticValue stochastic_value(const std::vector<double>& history)
{
  if (history.empty())
    throw std::invalid_argument("a stochastic value needs a history");
  double sum = 0;
  for (double v : history)
    sum += v;
  StochasticValue out;
  out.mean = sum / static_cast<double>(history.size());
  if (history.size() < 2)
    return out;
  double squares = 0;
  for (double v : history)
    squares += (v - out.mean) * (v - out.mean);
  out.sd = std::sqrt(squares / static_cast<double>(history.size() - 1));
  return out;
}

RangePrediction structural_prediction(double computation, double communication, StochasticValue cpu,
                                      StochasticValue bandwidth, double floor)
{
  if (!(computation >= 0 && communication >= 0))
    throw std::invalid_argument("a structural model's times are not negative");
  if (!(floor > 0 && floor <= 1))
    throw std::invalid_argument("the lowest load share must be in (0, 1]");
  auto share = [floor](double v) { return std::clamp(v, floor, 1.0); };
  auto time  = [&](double c, double b) { return computation / share(c) + communication / share(b); };
  RangePrediction out;
  out.mean = time(cpu.mean, bandwidth.mean);
  out.low  = time(cpu.mean + 2 * cpu.sd, bandwidth.mean + 2 * bandwidth.sd);
  out.high = time(cpu.mean - 2 * cpu.sd, bandwidth.mean - 2 * bandwidth.sd);
  return out;
}

}  // namespace isogrid::modelling
