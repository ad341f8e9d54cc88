#pragma once
// One resource's forecast as time goes by: what ResourceSensors::forecast({&trace}, now) reports, asked at
// increasing times and fed as they pass (each sample taken once, each window average observed once) instead of
// recomputed from the start of the trace at every question. A metascheduler asks at every planning of a stream
// that lasts weeks, for every machine of the grid. Pure.
#include "policies/loads/availability.hpp"
#include "policies/sensing/resource_sensors.hpp"

#include <cstddef>
#include <memory>
#include <vector>

namespace isogrid::sensing {

class StreamingForecast {
public:
  // `trace` and `make` must outlive it. Throws std::invalid_argument for a non-positive sample period.
  StreamingForecast(const loads::AvailabilityTrace& trace, const SensorSettings& settings, const MakeForecaster& make);

  // The forecast at `now`. Throws std::invalid_argument when `now` is earlier than the last time asked.
  double forecast(double now);

private:
  const loads::AvailabilityTrace* trace_;
  double period_;
  std::size_t per_window_;
  const MakeForecaster* make_;
  std::unique_ptr<Forecaster> forecaster_;  // fed every complete window so far
  std::size_t taken_ = 0;                   // samples taken: at 0, period, ... (taken_ - 1) period
  std::vector<double> window_;              // the samples of the window not yet complete
  std::size_t windows_ = 0;
  std::vector<double> first_samples_;  // until the first window completes, the history is the samples themselves
  double asked_ = 0;
};

}  // namespace isogrid::sensing
