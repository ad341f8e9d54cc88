#include "policies/sensing/resource_sensors.hpp"

#include <algorithm>
#include <cmath>

namespace isogrid::sensing {

std::size_t samples_per_window(const SensorSettings& settings)
{
  return std::max<std::size_t>(
      1, static_cast<std::size_t>(std::llround(settings.history_window / settings.sample_period)));
}

ResourceSensors::ResourceSensors(const SensorSettings& settings, const MakeForecaster& make)
    : period_(settings.sample_period), minima_(settings.measure == LoadMeasure::AverageOfMinima),
      per_window_(samples_per_window(settings)), make_(make), subset_(settings.subset)
{
}

double ResourceSensors::measure(const Resources& used, double start, double end) const
{
  return minima_ ? mean_sampled_minimum(used, start, end, period_) : min_sampled_mean(used, start, end, period_);
}

std::vector<std::vector<double>> ResourceSensors::histories(const Resources& used, double now) const
{
  if (minima_)
    return {minima_history(used, now)};
  std::vector<std::vector<double>> out;
  for (const loads::AvailabilityTrace* t : used)
    out.push_back(history(*t, now));
  return out;
}

double ResourceSensors::forecast(const Resources& used, double now) const
{
  return forecast_lowest(histories(used, now), make_, subset_);
}

double ResourceSensors::lowest_at(const Resources& used, double now)
{
  double low = 1;
  for (const loads::AvailabilityTrace* t : used)
    low = std::min(low, t->at(now));
  return low;
}

std::vector<double> ResourceSensors::minima_history(const Resources& used, double now) const
{
  return now > 0 ? windows_of(sampled_minima(used, 0, now, period_)) : std::vector<double>{lowest_at(used, now)};
}

std::vector<double> ResourceSensors::history(const loads::AvailabilityTrace& trace, double now) const
{
  std::vector<double> samples = sample(trace, 0, now, period_);
  return samples.empty() ? std::vector<double>{trace.at(now)} : windows_of(samples);
}

std::vector<double> ResourceSensors::windows_of(const std::vector<double>& samples) const
{
  std::vector<double> windows = window_averages(samples, per_window_);
  return windows.empty() ? samples : windows;
}

}  // namespace isogrid::sensing
