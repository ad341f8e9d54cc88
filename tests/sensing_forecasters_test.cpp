// NWS-style forecasters (policies/sensing/forecasters.hpp) on hand-made series, every forecast worked by hand.
#include "policies/sensing/forecasters.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace isogrid::sensing;

namespace {

const std::vector<double> series = {1, 3, 2, 8, 4};

void expect_forecasts(Forecaster& f, const std::vector<double>& expected)
{
  std::vector<double> got = one_step_forecasts(f, series);
  ASSERT_EQ(got.size(), expected.size());
  EXPECT_TRUE(std::isnan(got[0]));  // nothing seen yet
  for (std::size_t k = 1; k < got.size(); ++k)
    EXPECT_NEAR(got[k], expected[k], 1e-12) << "forecast " << k;
}

}  // namespace

TEST(Forecasters, LastValue)
{
  LastValue f;
  expect_forecasts(f, {0, 1, 3, 2, 8, 4});
}

TEST(Forecasters, RunningMean)
{
  RunningMean f;
  expect_forecasts(f, {0, 1, 2, 2, 3.5, 3.6});
}

TEST(Forecasters, SlidingMeanOfThree)
{
  SlidingWindow f(3, SlidingWindow::Statistic::Mean);
  expect_forecasts(f, {0, 1, 2, 2, 13.0 / 3, 14.0 / 3});
}

TEST(Forecasters, SlidingMedianOfThree)
{
  // {1} 1; {1, 3} 2 (mean of the middle two); {1, 3, 2} 2; {3, 2, 8} 3; {2, 8, 4} 4.
  SlidingWindow f(3, SlidingWindow::Statistic::Median);
  expect_forecasts(f, {0, 1, 2, 2, 3, 4});
}

TEST(Forecasters, ExponentialSmoothing)
{
  // 1; 1 + (3 - 1) / 2 = 2; 2 + 0 = 2; 2 + 3 = 5; 5 - 0.5 = 4.5.
  ExponentialSmoothing f(0.5);
  expect_forecasts(f, {0, 1, 2, 2, 5, 4.5});
  // Gain 1 is the last value.
  ExponentialSmoothing one(1);
  expect_forecasts(one, {0, 1, 3, 2, 8, 4});
}

TEST(Forecasters, AdaptiveTakesTheLowestCumulativeError)
{
  // Last value against the running mean, squared errors:
  //   3: last 1 (4), mean 1 (4)           tie -> last, the first listed
  //   2: last 3 (+1 = 5), mean 2 (+0 = 4) -> mean
  //   8: last 2 (+36 = 41), mean 2 (+36 = 40) -> mean
  //   4: last 8 (+16 = 57), mean 3.5 (+0.25 = 40.25) -> mean, whose forecast is 3.6
  std::vector<AdaptiveForecaster::Member> members;
  members.push_back({"last", std::make_unique<LastValue>()});
  members.push_back({"mean", std::make_unique<RunningMean>()});
  AdaptiveForecaster f(std::move(members), ErrorMeasure::Squared);
  std::vector<double> got = one_step_forecasts(f, series);
  EXPECT_EQ(got[2], 3);  // after 1 and 3 the errors tie: the last value, listed first
  EXPECT_EQ(got[3], 2);  // after 1, 3, 2 the running mean leads: 2
  EXPECT_EQ(f.chosen(), "mean");
  EXPECT_DOUBLE_EQ(f.cumulative_error(0), 57);
  EXPECT_DOUBLE_EQ(f.cumulative_error(1), 40.25);
  EXPECT_DOUBLE_EQ(f.forecast(), 3.6);
}

TEST(Forecasters, AdaptiveByAbsoluteErrorCanChooseDifferently)
{
  // On 0, 0, 1, 1, 0 the last value forecasts 0, 0, 1, 1 and misses by 0, 1, 0, 1 (squared 2, absolute 2); the
  // running mean forecasts 0, 0, 1/3, 1/2 and misses by 0, 1, 2/3, 1/2 (squared 1 + 4/9 + 1/4, absolute 13/6).
  // Squared errors choose the mean, absolute ones the last value.
  const std::vector<double> steps = {0, 0, 1, 1, 0};
  auto race                       = [&](ErrorMeasure measure) {
    std::vector<AdaptiveForecaster::Member> members;
    members.push_back({"last", std::make_unique<LastValue>()});
    members.push_back({"mean", std::make_unique<RunningMean>()});
    AdaptiveForecaster f(std::move(members), measure);
    one_step_forecasts(f, steps);
    EXPECT_DOUBLE_EQ(f.cumulative_error(0), 2);
    return std::make_pair(f.chosen(), f.cumulative_error(1));
  };
  auto [squared_choice, squared] = race(ErrorMeasure::Squared);
  EXPECT_EQ(squared_choice, "mean");
  EXPECT_DOUBLE_EQ(squared, 1 + 4.0 / 9 + 0.25);
  auto [absolute_choice, absolute] = race(ErrorMeasure::Absolute);
  EXPECT_EQ(absolute_choice, "last");
  EXPECT_DOUBLE_EQ(absolute, 13.0 / 6);
}

TEST(Forecasters, RegistryHoldsNwsSetAndRefusesUnknownNames)
{
  const auto& r = forecasters();
  for (const char* name : {"last", "running-mean", "sliding-mean-10", "sliding-median-5", "exp-smoothing-0.05",
                           "adaptive", "adaptive-mae"})
    EXPECT_TRUE(r.contains(name)) << name;
  EXPECT_THROW(r.get("arima"), std::exception);
  // The adaptive forecaster on a constant series forecasts the constant.
  auto f = r.get("adaptive")();
  for (int k = 0; k < 30; ++k)
    f->observe(0.4);
  EXPECT_DOUBLE_EQ(f->forecast(), 0.4);
  // Bad settings are refused.
  EXPECT_THROW(SlidingWindow(0, SlidingWindow::Statistic::Mean), std::invalid_argument);
  EXPECT_THROW(ExponentialSmoothing(0), std::invalid_argument);
  EXPECT_THROW(ExponentialSmoothing(1.5), std::invalid_argument);
  EXPECT_THROW(AdaptiveForecaster({}, ErrorMeasure::Squared), std::invalid_argument);
}

// Sensors (policies/sensing/sensors.hpp) on a hand-made trace: free, then 0.5 from 300 s, then 0.2 from 600 s.
#include "policies/sensing/sensors.hpp"

namespace {
const isogrid::loads::AvailabilityTrace stepped({{300, 0.5}, {600, 0.2}});
}

TEST(Sensors, SampleEveryPeriodAndAverageTheRun)
{
  // Every 120 s over [0, 720): at 0, 120, 240 (1), 360, 480 (0.5), 600 (0.2).
  std::vector<double> s = sample(stepped, 0, 720, 120);
  EXPECT_EQ(s, (std::vector<double>{1, 1, 1, 0.5, 0.5, 0.2}));
  EXPECT_DOUBLE_EQ(sampled_mean(stepped, 0, 720, 120), 4.2 / 6);
  // The exact average differs: (300 + 150 + 24) / 720.
  EXPECT_DOUBLE_EQ(stepped.mean(0, 720), 474.0 / 720);
  // A run shorter than one period reads the value at its start.
  EXPECT_EQ(sampled_mean(stepped, 350, 400, 120), 0.5);
  EXPECT_THROW(sample(stepped, 0, 10, 0), std::invalid_argument);
}

TEST(Sensors, TheLowestAverageOverTheResourcesARunUses)
{
  isogrid::loads::AvailabilityTrace free_host;                     // 1 all along
  isogrid::loads::AvailabilityTrace busy({{0, 0.3}, {240, 0.9}});  // 0.3, 0.3, 0.9 at 0, 120, 240
  EXPECT_DOUBLE_EQ(min_sampled_mean({&free_host, &busy, &stepped}, 0, 360, 120), 1.5 / 3);
  EXPECT_THROW(min_sampled_mean({}, 0, 1, 1), std::invalid_argument);
}

TEST(Sensors, TenMinuteHistoryFromTwoMinuteSamples)
{
  // Five samples a window; the incomplete last group is left out.
  std::vector<double> samples = {1, 1, 1, 0.5, 0.5, 0.2, 0.2, 0.5, 0.2, 0.2, 0.9};
  std::vector<double> history = window_averages(samples, 5);
  ASSERT_EQ(history.size(), 2u);
  EXPECT_DOUBLE_EQ(history[0], 0.8);
  EXPECT_DOUBLE_EQ(history[1], 1.3 / 5);
  EXPECT_THROW(window_averages(samples, 0), std::invalid_argument);
}

TEST(Sensors, MinOfForecastsAgainstForecastOfMin)
{
  // Two hosts: a = 0.2, 0.8, 0.2, 0.8; b = 0.6, 0.4, 0.6, 0.4. With the running mean: each host's forecast is 0.5,
  // so the minimum of the forecasts is 0.5; the series of minima is 0.2, 0.4, 0.2, 0.4, whose mean is 0.3. With
  // the last value: min(0.8, 0.4) = 0.4 both ways.
  std::vector<std::vector<double>> h = {{0.2, 0.8, 0.2, 0.8}, {0.6, 0.4, 0.6, 0.4}};
  const auto& mean                   = forecasters().get("running-mean");
  EXPECT_DOUBLE_EQ(forecast_lowest(h, mean, SubsetForecast::MinOfForecasts), 0.5);
  EXPECT_DOUBLE_EQ(forecast_lowest(h, mean, SubsetForecast::ForecastOfMin), 0.3);
  const auto& last = forecasters().get("last");
  EXPECT_DOUBLE_EQ(forecast_lowest(h, last, SubsetForecast::MinOfForecasts), 0.4);
  EXPECT_DOUBLE_EQ(forecast_lowest(h, last, SubsetForecast::ForecastOfMin), 0.4);
  EXPECT_THROW(forecast_lowest({}, last, SubsetForecast::ForecastOfMin), std::invalid_argument);
  EXPECT_THROW(forecast_lowest({{0.1}, {0.1, 0.2}}, last, SubsetForecast::ForecastOfMin), std::invalid_argument);
}

TEST(Sensors, TheMeanOfMinimaIsWhatASynchronousRunMeets)
{
  // A: free until 240 s, then half; B: 0.2 until 120 s, then free. Samples at 0, 120, 240 over [0, 360):
  // minima 0.2, 1, 0.5 (mean 17 / 30); each resource's mean 2.5 / 3 and 2.2 / 3, whose minimum is 2.2 / 3.
  isogrid::loads::AvailabilityTrace a({{0, 1}, {240, 0.5}}), b({{0, 0.2}, {120, 1}});
  std::vector<const isogrid::loads::AvailabilityTrace*> both = {&a, &b};
  EXPECT_EQ(sampled_minima(both, 0, 360, 120), (std::vector<double>{0.2, 1, 0.5}));
  EXPECT_NEAR(mean_sampled_minimum(both, 0, 360, 120), 1.7 / 3, 1e-15);
  EXPECT_NEAR(min_sampled_mean(both, 0, 360, 120), 2.2 / 3, 1e-15);
  // Shorter than a period: the values at the start.
  EXPECT_EQ(sampled_minima(both, 250, 260, 120), (std::vector<double>{0.5}));
  EXPECT_THROW(sampled_minima({}, 0, 1, 1), std::invalid_argument);
}
