// base/quantile.hpp against values worked by hand (R's quantile(type = 7) gives the same).
#include "base/quantile.hpp"

#include <gtest/gtest.h>

#include <cmath>

using isogrid::median_of;
using isogrid::quantile_of_sorted;

TEST(Quantile, MedianIsTheMiddleValueOrTheMeanOfTheMiddleTwo)
{
  EXPECT_EQ(median_of({5, 1, 3}), 3);
  EXPECT_EQ(median_of({4, 1, 3, 10}), 3.5);
  EXPECT_EQ(median_of({7}), 7);
  EXPECT_TRUE(std::isnan(median_of({})));
}

// 1, 2, 4, 8, 16: rank p x 4. p = 0.1: rank 0.4, 1 + 0.4 x 1 = 1.4; p = 0.9: rank 3.6, 8 + 0.6 x 8 = 12.8.
TEST(Quantile, InterpolatesBetweenTheTwoNearestRanks)
{
  const std::vector<double> sorted = {1, 2, 4, 8, 16};
  EXPECT_DOUBLE_EQ(quantile_of_sorted(sorted, 0.1), 1.4);
  EXPECT_DOUBLE_EQ(quantile_of_sorted(sorted, 0.5), 4);
  EXPECT_DOUBLE_EQ(quantile_of_sorted(sorted, 0.9), 12.8);
  EXPECT_EQ(quantile_of_sorted(sorted, 0), 1);
  EXPECT_EQ(quantile_of_sorted(sorted, 1), 16);
  EXPECT_EQ(quantile_of_sorted({3}, 0.9), 3);
  EXPECT_TRUE(std::isnan(quantile_of_sorted({}, 0.5)));
}
