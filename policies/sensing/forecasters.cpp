#include "policies/sensing/forecasters.hpp"
#include "base/quantile.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace isogrid::sensing {

namespace {
constexpr double none = std::numeric_limits<double>::quiet_NaN();
}

void LastValue::observe(double value)
{
  last_ = value;
  seen_ = true;
}

double LastValue::forecast() const { return seen_ ? last_ : none; }

void RunningMean::observe(double value)
{
  sum_ += value;
  ++count_;
}

double RunningMean::forecast() const { return count_ ? sum_ / static_cast<double>(count_) : none; }

SlidingWindow::SlidingWindow(std::size_t window, Statistic statistic) : window_(window), statistic_(statistic)
{
  if (window == 0)
    throw std::invalid_argument("a sliding window holds at least one value");
}

void SlidingWindow::observe(double value)
{
  values_.push_back(value);
  if (values_.size() > window_)
    values_.pop_front();
}

double SlidingWindow::forecast() const
{
  if (values_.empty())
    return none;
  if (statistic_ == Statistic::Mean) {
    double sum = 0;
    for (double v : values_)
      sum += v;
    return sum / static_cast<double>(values_.size());
  }
  return median_of({values_.begin(), values_.end()});
}

ExponentialSmoothing::ExponentialSmoothing(double gain) : gain_(gain)
{
  if (!(gain > 0 && gain <= 1))
    throw std::invalid_argument("an exponential smoothing gain is in (0, 1]");
}

void ExponentialSmoothing::observe(double value)
{
  smoothed_ = seen_ ? smoothed_ + gain_ * (value - smoothed_) : value;
  seen_     = true;
}

double ExponentialSmoothing::forecast() const { return seen_ ? smoothed_ : none; }

AdaptiveForecaster::AdaptiveForecaster(std::vector<Member> members, ErrorMeasure measure)
    : members_(std::move(members)), errors_(members_.size(), 0), measure_(measure)
{
  if (members_.empty())
    throw std::invalid_argument("an adaptive forecaster needs at least one forecaster to choose from");
}

void AdaptiveForecaster::observe(double value)
{
  for (std::size_t k = 0; k < members_.size(); ++k) {
    double predicted = members_[k].forecaster->forecast();
    if (!std::isnan(predicted)) {
      double miss = value - predicted;
      errors_[k] += measure_ == ErrorMeasure::Squared ? miss * miss : std::abs(miss);
    }
    members_[k].forecaster->observe(value);
  }
  chosen_ = static_cast<std::size_t>(std::min_element(errors_.begin(), errors_.end()) - errors_.begin());
}

namespace {

// NWS's usual set: the windows and gains its forecaster list carries.
std::vector<std::pair<std::string, MakeForecaster>> basic_forecasters()
{
  std::vector<std::pair<std::string, MakeForecaster>> out;
  out.emplace_back("last", [] { return std::make_unique<LastValue>(); });
  out.emplace_back("running-mean", [] { return std::make_unique<RunningMean>(); });
  for (std::size_t w : {5, 10, 20})
    out.emplace_back("sliding-mean-" + std::to_string(w),
                     [w] { return std::make_unique<SlidingWindow>(w, SlidingWindow::Statistic::Mean); });
  for (std::size_t w : {5, 10, 20})
    out.emplace_back("sliding-median-" + std::to_string(w),
                     [w] { return std::make_unique<SlidingWindow>(w, SlidingWindow::Statistic::Median); });
  for (const char* g : {"0.05", "0.1", "0.2", "0.3", "0.5", "0.75"})
    out.emplace_back(std::string("exp-smoothing-") + g,
                     [gain = std::stod(g)] { return std::make_unique<ExponentialSmoothing>(gain); });
  return out;
}

std::unique_ptr<Forecaster> adaptive(ErrorMeasure measure)
{
  std::vector<AdaptiveForecaster::Member> members;
  for (auto& [name, make] : basic_forecasters())
    members.push_back({name, make()});
  return std::make_unique<AdaptiveForecaster>(std::move(members), measure);
}

NamedRegistry<MakeForecaster> make_registry()
{
  NamedRegistry<MakeForecaster> r("forecaster");
  for (auto& [name, make] : basic_forecasters()) {
    std::string summary = name == "last"                       ? "the last value seen"
                          : name == "running-mean"             ? "the mean of every value seen"
                          : name.rfind("sliding-mean", 0) == 0 ? "the mean of the last " + name.substr(13) + " values"
                          : name.rfind("sliding-median", 0) == 0
                              ? "the median of the last " + name.substr(15) + " values"
                              : "exponential smoothing with gain " + name.substr(14);
    r.add(name, summary, make);
  }
  r.add("adaptive", "NWS: at each step, the forecaster above with the lowest cumulative squared error",
        [] { return adaptive(ErrorMeasure::Squared); });
  r.add("adaptive-mae", "the same, by the lowest cumulative absolute error",
        [] { return adaptive(ErrorMeasure::Absolute); });
  return r;
}

}  // namespace

NamedRegistry<MakeForecaster>& forecaster_registry()
{
  static NamedRegistry<MakeForecaster> registry = make_registry();
  return registry;
}

const NamedRegistry<MakeForecaster>& forecasters() { return forecaster_registry(); }

ISOGRID_POLICY_FAMILY(forecaster_registry);

std::vector<double> one_step_forecasts(Forecaster& forecaster, const std::vector<double>& series)
{
  std::vector<double> out;
  out.reserve(series.size() + 1);
  for (double value : series) {
    out.push_back(forecaster.forecast());
    forecaster.observe(value);
  }
  out.push_back(forecaster.forecast());
  return out;
}

}  // namespace isogrid::sensing
