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
  auto race = [&](ErrorMeasure measure) {
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
