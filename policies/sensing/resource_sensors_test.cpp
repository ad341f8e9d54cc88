// The sensors of a run's resources on two hand-drawn traces, sampled every 120 s into 240 s windows:
//   A: 1 until 240 s, then 0.5            samples at 0, 120, 240, 360: 1, 1, 0.5, 0.5   windows 1, 0.5
//   B: 0.8, 0.4 from 120 s, 1 from 360 s  samples                       0.8, 0.4, 0.4, 1 windows 0.6, 0.7
//   lowest sample at each time: 0.8, 0.4, 0.4, 0.5                                       windows 0.6, 0.45
#include "policies/sensing/resource_sensors.hpp"

#include <gtest/gtest.h>

using namespace isogrid;
using namespace isogrid::sensing;

namespace {

const loads::AvailabilityTrace kA({{0, 1}, {240, 0.5}});
const loads::AvailabilityTrace kB({{0, 0.8}, {120, 0.4}, {360, 1}});
const Resources kBoth = {&kA, &kB};

ResourceSensors sensors(LoadMeasure measure, SubsetForecast subset, const char* forecaster = "running-mean")
{
  SensorSettings s;
  s.sample_period  = 120;
  s.history_window = 240;
  s.measure        = measure;
  s.subset         = subset;
  return ResourceSensors(s, forecasters().get(forecaster));
}

}  // namespace

TEST(ResourceSensors, MeasureIsTheLowestAverageOrTheAverageOfTheLowest)
{
  // min(mean(1, 1, .5, .5), mean(.8, .4, .4, 1)) = min(.75, .65); mean(.8, .4, .4, .5) = .525
  EXPECT_DOUBLE_EQ(sensors(LoadMeasure::MinOfAverages, SubsetForecast::MinOfForecasts).measure(kBoth, 0, 480), 0.65);
  EXPECT_DOUBLE_EQ(sensors(LoadMeasure::AverageOfMinima, SubsetForecast::MinOfForecasts).measure(kBoth, 0, 480), 0.525);
}

TEST(ResourceSensors, HistoriesAreWindowAveragesPerResourceOrOfTheMinima)
{
  auto per_resource = sensors(LoadMeasure::MinOfAverages, SubsetForecast::MinOfForecasts).histories(kBoth, 480);
  ASSERT_EQ(per_resource.size(), 2u);
  EXPECT_EQ(per_resource[0], (std::vector<double>{1, 0.5}));
  EXPECT_DOUBLE_EQ(per_resource[1][0], 0.6);
  EXPECT_DOUBLE_EQ(per_resource[1][1], 0.7);
  auto minima = sensors(LoadMeasure::AverageOfMinima, SubsetForecast::MinOfForecasts).histories(kBoth, 480);
  ASSERT_EQ(minima.size(), 1u);
  ASSERT_EQ(minima[0].size(), 2u);
  EXPECT_DOUBLE_EQ(minima[0][0], 0.6);
  EXPECT_DOUBLE_EQ(minima[0][1], 0.45);
}

TEST(ResourceSensors, BeforeAWindowClosesTheHistoryIsTheSamplesOrTheCurrentValue)
{
  auto s = sensors(LoadMeasure::MinOfAverages, SubsetForecast::MinOfForecasts);
  // One sample by 100 s (at 0): no window yet, the sample stands.
  EXPECT_EQ(s.histories(kBoth, 100), (std::vector<std::vector<double>>{{1}, {0.8}}));
  // Nothing sampled at 0 s: the current values.
  EXPECT_EQ(s.histories(kBoth, 0), (std::vector<std::vector<double>>{{1}, {0.8}}));
  auto m = sensors(LoadMeasure::AverageOfMinima, SubsetForecast::MinOfForecasts);
  EXPECT_EQ(m.histories(kBoth, 0), (std::vector<std::vector<double>>{{0.8}}));
}

TEST(ResourceSensors, ForecastOfTheLowestEitherWay)
{
  // Running mean: min(mean(1, .5), mean(.6, .7)) = .65 against mean(min(1, .6), min(.5, .7)) = .55.
  EXPECT_DOUBLE_EQ(sensors(LoadMeasure::MinOfAverages, SubsetForecast::MinOfForecasts).forecast(kBoth, 480), 0.65);
  EXPECT_DOUBLE_EQ(sensors(LoadMeasure::MinOfAverages, SubsetForecast::ForecastOfMin).forecast(kBoth, 480), 0.55);
  // Average-of-minima forecasts its one series: mean(.6, .45).
  EXPECT_DOUBLE_EQ(sensors(LoadMeasure::AverageOfMinima, SubsetForecast::MinOfForecasts).forecast(kBoth, 480), 0.525);
}

TEST(ResourceSensors, LowestCurrentValue)
{
  EXPECT_DOUBLE_EQ(ResourceSensors::lowest_at(kBoth, 130), 0.4);
  EXPECT_DOUBLE_EQ(ResourceSensors::lowest_at(kBoth, 400), 0.5);
  EXPECT_DOUBLE_EQ(ResourceSensors::lowest_at({}, 400), 1);
}
