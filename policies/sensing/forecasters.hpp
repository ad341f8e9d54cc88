#pragma once
// NWS-style forecasters (Wolski's Network Weather Service, as Sanjay §3.4.9 uses it): each one predicts the next
// value of a measurement series (a host's available CPU, a link's available bandwidth) from the values seen so far.
// Pure: feed values with observe(), read the prediction with forecast(). The adaptive forecaster runs several on the
// same series and answers, at each step, with the one whose past forecasts erred least, as NWS does.
#include "base/named_registry.hpp"

#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace isogrid::sensing {

class Forecaster {
public:
  virtual ~Forecaster()              = default;
  virtual void observe(double value) = 0;
  // The predicted next value; NaN before the first observation.
  virtual double forecast() const = 0;
};

// The last value seen.
class LastValue : public Forecaster {
public:
  void observe(double value) override;
  double forecast() const override;

private:
  double last_ = 0;
  bool seen_   = false;
};

// The mean of every value seen.
class RunningMean : public Forecaster {
public:
  void observe(double value) override;
  double forecast() const override;

private:
  double sum_        = 0;
  std::size_t count_ = 0;
};

// The mean, or the median, of the last `window` values (fewer at the start). An even count's median is the mean of
// the two middle values.
class SlidingWindow : public Forecaster {
public:
  enum class Statistic { Mean, Median };
  // Throws std::invalid_argument for an empty window.
  SlidingWindow(std::size_t window, Statistic statistic);
  void observe(double value) override;
  double forecast() const override;

private:
  std::size_t window_;
  Statistic statistic_;
  std::deque<double> values_;
};

// s <- s + gain (x - s), starting from the first value. Throws std::invalid_argument unless 0 < gain <= 1.
class ExponentialSmoothing : public Forecaster {
public:
  explicit ExponentialSmoothing(double gain);
  void observe(double value) override;
  double forecast() const override;

private:
  double gain_;
  double smoothed_ = 0;
  bool seen_       = false;
};

enum class ErrorMeasure { Squared, Absolute };

// NWS's choice among forecasters: each value observed first scores every member's forecast of it (members with no
// forecast yet are not scored), then feeds it to all. forecast() is the forecast of the member with the lowest
// cumulative error so far, the first listed on a tie.
class AdaptiveForecaster : public Forecaster {
public:
  struct Member {
    std::string name;
    std::unique_ptr<Forecaster> forecaster;
  };
  // Throws std::invalid_argument without members.
  AdaptiveForecaster(std::vector<Member> members, ErrorMeasure measure);
  void observe(double value) override;
  double forecast() const override { return members_[chosen_].forecaster->forecast(); }

  const std::string& chosen() const { return members_[chosen_].name; }
  double cumulative_error(std::size_t member) const { return errors_[member]; }
  std::size_t members() const { return members_.size(); }

private:
  std::vector<Member> members_;
  std::vector<double> errors_;
  ErrorMeasure measure_;
  std::size_t chosen_ = 0;
};

using MakeForecaster = std::function<std::unique_ptr<Forecaster>()>;

// The "forecaster" family, by name: last, running-mean, sliding-mean-{5,10,20}, sliding-median-{5,10,20},
// exp-smoothing-{0.05,0.1,0.2,0.3,0.5,0.75}, and adaptive (all of those, by squared error) and adaptive-mae (by
// absolute error).
const NamedRegistry<MakeForecaster>& forecasters();
// The same registry, open to additions until the catalog freezes it: for what a plugin registers.
NamedRegistry<MakeForecaster>& forecaster_registry();

// Every one-step forecast over a series: out[k] predicts series[k] from series[0 .. k-1] (NaN for k = 0);
// out[n] is the forecast after the whole series.
std::vector<double> one_step_forecasts(Forecaster& forecaster, const std::vector<double>& series);

}  // namespace isogrid::sensing
