// The Lublin-Feitelson generator against the statistics its parameters imply. source: the constants are the
// authors' generator's (m_lublin99.c); the expected values were integrated from the model's distributions (size
// mixture, truncated hyper-gamma, truncated arrival gamma, normalised daily cycle) and checked by a separate
// Monte-Carlo implementation to 1-2 %: mean gap 526.6 s (batch 3517 s, interactive 619 s, so 85 % interactive),
// 17.6 % serial jobs, mean size 8.92, mean ln(run time) 6.94 (batch) and 2.88 (interactive), the busiest hour
// 13:00-15:00 and 04:00-06:00 the quietest at 0.7 % an hour. Tolerances are several standard
// errors at 40 000 jobs (20 seeds of 10 000 spread the mean gap by 43 s and the mean size by 0.21).
#include "policies/batch/lublin_feitelson.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <gtest/gtest.h>

using namespace isogrid;
using namespace isogrid::batch;

TEST(LublinFeitelson, AStreamHasTheStatisticsOfThePublishedParameters)
{
  SeededRandom random(2003);
  LublinFeitelsonSettings s;
  s.jobs    = 40000;
  auto jobs = lublin_feitelson_stream(s, random);
  ASSERT_EQ(jobs.size(), s.jobs);
  double serial = 0, size = 0, interactive = 0, log_batch = 0, log_interactive = 0;
  unsigned widest = 0, widest_interactive = 0;
  std::array<double, 24> by_hour{};
  for (size_t k = 0; k < jobs.size(); ++k) {
    const auto& j = jobs[k];
    EXPECT_EQ(j.job.id, k + 1);
    if (k > 0) {
      ASSERT_GE(j.job.submit, jobs[k - 1].job.submit);
    }
    ASSERT_GE(j.job.run_time, 1);
    ASSERT_LE(j.job.run_time, std::exp(12.0));
    ASSERT_EQ(j.job.run_time, std::floor(j.job.run_time));
    EXPECT_EQ(j.job.requested, j.job.run_time);
    serial += j.job.width == 1;
    size += j.job.width;
    interactive += j.interactive;
    (j.interactive ? log_interactive : log_batch) += std::log(j.job.run_time);
    widest = std::max(widest, j.job.width);
    if (j.interactive)
      widest_interactive = std::max(widest_interactive, j.job.width);
    by_hour[static_cast<size_t>(std::fmod(j.job.submit / 3600, 24))] += 1;
  }
  double n = static_cast<double>(jobs.size());
  EXPECT_NEAR(jobs.back().job.submit / n, 526.6, 0.15 * 526.6);
  EXPECT_NEAR(interactive / n, 0.85, 0.04);
  EXPECT_NEAR(serial / n, 0.176, 0.01);
  EXPECT_NEAR(size / n, 8.92, 0.5);
  EXPECT_NEAR(log_batch / (n - interactive), 6.94, 0.1);
  EXPECT_NEAR(log_interactive / interactive, 2.88, 0.1);
  EXPECT_EQ(widest, 128u);
  EXPECT_LE(widest_interactive, 45u);  // round(2^5.5)
  // The daily cycle: 10:00-18:00 should hold 56 % of arrivals and midnight-06:00 7 % (the normalised slot weights,
  // mostly the interactive stream's); bursts of short gaps make hourly counts noisy, hence the wide bands.
  double day = 0, night = 0;
  for (size_t h = 10; h < 18; ++h)
    day += by_hour[h] / n;
  for (size_t h = 0; h < 6; ++h)
    night += by_hour[h] / n;
  EXPECT_NEAR(day, 0.56, 0.05);
  EXPECT_NEAR(night, 0.07, 0.025);
}

TEST(LublinFeitelson, SizesFollowTheMachineAndTheSeedFixesTheStream)
{
  LublinFeitelsonSettings s;
  s.processors         = 48;
  s.jobs               = 5000;
  s.requested_over_run = 2;
  SeededRandom a(7), b(7), c(8);
  auto one = lublin_feitelson_stream(s, a), same = lublin_feitelson_stream(s, b), other = lublin_feitelson_stream(s, c);
  unsigned widest = 0;
  for (const auto& j : one) {
    widest = std::max(widest, j.job.width);
    EXPECT_EQ(j.job.requested, 2 * j.job.run_time);
  }
  EXPECT_EQ(widest, 48u) << "power-of-two rounding may reach 64: held to the machine";
  for (size_t k = 0; k < one.size(); ++k)
    ASSERT_EQ(one[k].job.submit, same[k].job.submit);
  EXPECT_NE(one[10].job.submit, other[10].job.submit);

  s.processors = 1;
  EXPECT_THROW(lublin_feitelson_stream(s, a), std::invalid_argument);
  s.processors = 16;
  s.start_hour = 24;
  EXPECT_THROW(lublin_feitelson_stream(s, a), std::invalid_argument);
}
