#include "policies/sensing/streaming_forecast.hpp"

#include "policies/sensing/sensors.hpp"

#include <stdexcept>

namespace isogrid::sensing {

StreamingForecast::StreamingForecast(const loads::AvailabilityTrace& trace, const SensorSettings& settings,
                                     const MakeForecaster& make)
    : trace_(&trace), period_(settings.sample_period), per_window_(samples_per_window(settings)), make_(&make),
      forecaster_(make())
{
  if (!(period_ > 0))
    throw std::invalid_argument("a sensor samples with a positive period");
}

double StreamingForecast::forecast(double now)
{
  if (now < asked_)
    throw std::invalid_argument("a streaming forecast is asked at increasing times");
  asked_ = now;
  // The samples before `now`, at times computed as sample() computes them (not accumulated).
  for (double t = static_cast<double>(taken_) * period_; t < now; t = static_cast<double>(++taken_) * period_) {
    double value = trace_->at(t);
    if (windows_ == 0)
      first_samples_.push_back(value);
    window_.push_back(value);
    if (window_.size() == per_window_) {
      forecaster_->observe(window_averages(window_, per_window_).front());
      window_.clear();
      ++windows_;
    }
  }
  if (windows_ > 0)
    return forecaster_->forecast();
  // Before the first window closes, the history is the samples, or the present value before the first sample.
  std::unique_ptr<Forecaster> early = (*make_)();
  if (first_samples_.empty())
    early->observe(trace_->at(now));
  for (double v : first_samples_)
    early->observe(v);
  return early->forecast();
}

}  // namespace isogrid::sensing
