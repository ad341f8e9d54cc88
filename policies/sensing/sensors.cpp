#include "policies/sensing/sensors.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace isogrid::sensing {

std::vector<double> sample(const loads::AvailabilityTrace& trace, double from, double to, double period)
{
  if (!(period > 0))
    throw std::invalid_argument("a sensor samples with a positive period");
  std::vector<double> out;
  for (std::size_t k = 0;; ++k) {
    double t = from + static_cast<double>(k) * period;  // not accumulated: no drift over long runs
    if (t >= to)
      break;
    out.push_back(trace.at(t));
  }
  return out;
}

double sampled_mean(const loads::AvailabilityTrace& trace, double from, double to, double period)
{
  std::vector<double> s = sample(trace, from, to, period);
  if (s.empty())
    return trace.at(from);
  double sum = 0;
  for (double v : s)
    sum += v;
  return sum / static_cast<double>(s.size());
}

std::vector<double> sampled_minima(const std::vector<const loads::AvailabilityTrace*>& used, double from, double to,
                                   double period)
{
  if (used.empty())
    throw std::invalid_argument("a run uses at least one resource");
  std::vector<double> low;
  for (const loads::AvailabilityTrace* trace : used) {
    std::vector<double> s = sample(*trace, from, to, period);
    if (s.empty())
      s.push_back(trace->at(from));
    if (low.empty())
      low = std::move(s);
    else
      for (std::size_t k = 0; k < low.size(); ++k)
        low[k] = std::min(low[k], s[k]);
  }
  return low;
}

double mean_sampled_minimum(const std::vector<const loads::AvailabilityTrace*>& used, double from, double to,
                            double period)
{
  std::vector<double> low = sampled_minima(used, from, to, period);
  double sum              = 0;
  for (double v : low)
    sum += v;
  return sum / static_cast<double>(low.size());
}

double min_sampled_mean(const std::vector<const loads::AvailabilityTrace*>& used, double from, double to, double period)
{
  if (used.empty())
    throw std::invalid_argument("a run uses at least one resource");
  double low = std::numeric_limits<double>::infinity();
  for (const loads::AvailabilityTrace* trace : used)
    low = std::min(low, sampled_mean(*trace, from, to, period));
  return low;
}

std::vector<double> window_averages(const std::vector<double>& samples, std::size_t per_window)
{
  if (per_window == 0)
    throw std::invalid_argument("a history window holds at least one sample");
  std::vector<double> out;
  for (std::size_t start = 0; start + per_window <= samples.size(); start += per_window) {
    double sum = 0;
    for (std::size_t k = start; k < start + per_window; ++k)
      sum += samples[k];
    out.push_back(sum / static_cast<double>(per_window));
  }
  return out;
}

double forecast_lowest(const std::vector<std::vector<double>>& histories, const MakeForecaster& make,
                       SubsetForecast how)
{
  if (histories.empty())
    throw std::invalid_argument("a forecast needs the history of at least one resource");
  const std::size_t n = histories.front().size();
  for (const auto& h : histories)
    if (h.size() != n)
      throw std::invalid_argument("the resources' histories must cover the same windows");
  if (how == SubsetForecast::MinOfForecasts) {
    double low = std::numeric_limits<double>::infinity();
    for (const auto& h : histories) {
      auto f = make();
      for (double v : h)
        f->observe(v);
      low = std::min(low, f->forecast());
    }
    return low;
  }
  auto f = make();
  for (std::size_t k = 0; k < n; ++k) {
    double low = std::numeric_limits<double>::infinity();
    for (const auto& h : histories)
      low = std::min(low, h[k]);
    f->observe(low);
  }
  return f->forecast();
}

}  // namespace isogrid::sensing
