#pragma once
// A set of resources a run uses (its hosts' CPUs, or its host links) as NWS-style sensors see them (Sanjay §3.4.1,
// §3.4.9): what they measure over a run, the histories the forecasters read when it starts, their forecast, and the
// current value. Pure: the samples come from availability traces; what the resources are is the caller's choice.
#include "policies/loads/availability.hpp"
#include "policies/sensing/forecasters.hpp"
#include "policies/sensing/sensors.hpp"

#include <cstddef>
#include <vector>

namespace isogrid::sensing {

// How a run's load is measured over the resources it uses: the lowest of their sampled run averages (the thesis's
// minAvgAvail), or the run average of their lowest samples (avgMinAvail: a bulk-synchronous step waits for the
// slowest).
enum class LoadMeasure { MinOfAverages, AverageOfMinima };

struct SensorSettings {
  double sample_period  = 120;  // s between samples
  double history_window = 600;  // s a history value averages
  LoadMeasure measure   = LoadMeasure::MinOfAverages;
  SubsetForecast subset = SubsetForecast::MinOfForecasts;
};

using Resources = std::vector<const loads::AvailabilityTrace*>;

// The samples one history value averages: history_window / sample_period, at least 1.
std::size_t samples_per_window(const SensorSettings& settings);

class ResourceSensors {
public:
  // `make` must outlive the sensors (a forecaster registry entry does).
  ResourceSensors(const SensorSettings& settings, const MakeForecaster& make);

  // The availability the sensors report for a run over [start, end).
  double measure(const Resources& used, double start, double end) const;
  // What the sensors hold at `now`: each resource's window averages (the samples themselves before the first window
  // closes, the current value before the first sample), or, measuring average-of-minima, the one series of the lowest
  // sample at each sampling time, by windows.
  std::vector<std::vector<double>> histories(const Resources& used, double now) const;
  // The forecast of the lowest availability at `now`, from those histories.
  double forecast(const Resources& used, double now) const;
  // The lowest current availability (1 for no resource).
  static double lowest_at(const Resources& used, double now);

private:
  std::vector<double> minima_history(const Resources& used, double now) const;
  std::vector<double> history(const loads::AvailabilityTrace& trace, double now) const;
  std::vector<double> windows_of(const std::vector<double>& samples) const;

  double period_;
  bool minima_;
  std::size_t per_window_;
  const MakeForecaster& make_;
  SubsetForecast subset_;
};

}  // namespace isogrid::sensing
