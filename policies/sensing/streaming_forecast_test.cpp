// The streaming forecast against the sensors' own, recomputed from the start at every question: equal, exactly, at
// every time asked, on a hand-drawn trace and on two days of the thesis's random loading.
#include "policies/sensing/streaming_forecast.hpp"

#include "base/random.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace isogrid;
using namespace isogrid::sensing;

namespace {

SensorSettings every_two_minutes(double window)
{
  SensorSettings s;
  s.sample_period  = 120;
  s.history_window = window;
  return s;
}

}  // namespace

TEST(StreamingForecast, HandDrawnTraceWindowByWindow)
{
  // 1 until 240 s, then 0.5: samples at 0, 120, 240, 360 are 1, 1, 0.5, 0.5; 240 s windows 1 and 0.5.
  const loads::AvailabilityTrace trace({{0, 1}, {240, 0.5}});
  const MakeForecaster& mean = forecasters().get("running-mean");
  StreamingForecast f(trace, every_two_minutes(240), mean);
  EXPECT_DOUBLE_EQ(f.forecast(0), 1) << "no sample yet: the present value";
  EXPECT_DOUBLE_EQ(f.forecast(200), 1) << "samples 1, 1 (0 and 120 s): one window, 1";
  EXPECT_DOUBLE_EQ(f.forecast(300), 1) << "the window after it is not complete";
  EXPECT_DOUBLE_EQ(f.forecast(480), 0.75) << "windows 1 and 0.5";
  EXPECT_THROW(f.forecast(479), std::invalid_argument);
}

TEST(StreamingForecast, EqualsTheSensorsRecomputedFromTheStart)
{
  SeededRandom draw(2008);
  const loads::AvailabilityTrace trace = loads::random_episodes(loads::random_cpu_loading(), 2 * 86400.0, draw);
  for (const char* name : {"adaptive", "running-mean", "last"}) {
    const MakeForecaster& make = forecasters().get(name);
    for (double window : {120.0, 600.0}) {
      StreamingForecast streaming(trace, every_two_minutes(window), make);
      ResourceSensors sensors(every_two_minutes(window), make);
      SeededRandom times(7);
      for (double now = 0; now < 2 * 86400.0; now += times.uniform(0, 3000))
        ASSERT_EQ(streaming.forecast(now), sensors.forecast({&trace}, now))
            << name << ", window " << window << ", at " << now;
    }
  }
}
