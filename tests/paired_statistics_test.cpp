// The evidence of a paired comparison (base/paired_statistics) against hand-worked cases: the t interval and test,
// the signed-rank and sign tests' exact and approximate p-values, Anderson-Darling against its textbook formula,
// and the bootstrap's interval for a statistic of a whole side.
#include "base/paired_statistics.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <numeric>

namespace isogrid {
namespace {

TEST(PairedStatistics, MeanDifferenceIntervalAndTestsOnFiveNegativeDifferences)
{
  // d = -1..-5: mean -3, sd sqrt(2.5), se sqrt(0.5); t(4, 0.975) = 2.7764451 gives a half-width of 1.9632432.
  PairedEvidence e = paired_mean_evidence({-1, -2, -3, -4, -5}, ClaimSide::Below, true);
  EXPECT_EQ(e.pairs, 5u);
  EXPECT_DOUBLE_EQ(e.estimate, -3);
  EXPECT_NEAR(e.low, -4.9632432, 1e-6);
  EXPECT_NEAR(e.high, -1.0367568, 1e-6);
  // t = -4.2426; P(T_4 <= t) = 0.006618 (Simpson's rule on the density).
  EXPECT_NEAR(e.t_p, 0.006618, 2e-5);
  // Every difference negative: W+ = 0 and 5 negatives of 5, each 1/32.
  EXPECT_DOUBLE_EQ(e.wilcoxon_p, 1.0 / 32);
  EXPECT_DOUBLE_EQ(e.sign_p, 1.0 / 32);
  EXPECT_TRUE(e.normal_plausible);  // five pairs: not tested
  EXPECT_EQ(e.finding, Finding::Holds);
  // The same differences against the opposite claim: the interval lies wholly on the other side.
  PairedEvidence opposite = paired_mean_evidence({-1, -2, -3, -4, -5}, ClaimSide::Above, true);
  EXPECT_EQ(opposite.finding, Finding::Contradicted);
  EXPECT_NEAR(opposite.t_p, 1 - 0.006618, 2e-5);
}

TEST(PairedStatistics, IdenticalPoliciesClaimNoDifference)
{
  // Every pair tied: the interval is [0, 0]. "left < right" is not shown; "left <= right" (not worse) is met.
  std::vector<double> ties(10, 0.0);
  PairedEvidence strict = paired_mean_evidence(ties, ClaimSide::Below, true);
  EXPECT_EQ(strict.finding, Finding::NotShown);
  EXPECT_EQ(strict.low, 0);
  EXPECT_EQ(strict.high, 0);
  EXPECT_EQ(strict.wilcoxon_p, 1);
  EXPECT_EQ(strict.sign_p, 1);
  EXPECT_EQ(paired_mean_evidence(ties, ClaimSide::Below, false).finding, Finding::Holds);
  // Noise around 0 (symmetric): neither side shown.
  PairedEvidence noise = paired_mean_evidence({0.3, -0.2, 0.1, -0.4, 0.2, -0.1, 0.4, -0.3}, ClaimSide::Below, true);
  EXPECT_EQ(noise.finding, Finding::NotShown);
  EXPECT_LT(noise.low, 0);
  EXPECT_GT(noise.high, 0);
}

TEST(PairedStatistics, NotWorseOnEveryPairHoldsThoughTheIntervalReachesZero)
{
  // Ties on most pairs and two strict wins: the interval, -0.3 ± 0.48, reaches above 0; but no pair goes against
  // "left <= right", which then holds, said apart. "left < right" is still not shown.
  std::vector<double> d = {0, 0, 0, 0, -1, 0, 0, -2, 0, 0};
  PairedEvidence e      = paired_mean_evidence(d, ClaimSide::Below, false);
  EXPECT_GT(e.high, 0);
  EXPECT_EQ(e.finding, Finding::Holds);
  EXPECT_TRUE(e.every_pair);
  EXPECT_EQ(paired_mean_evidence(d, ClaimSide::Below, true).finding, Finding::NotShown);
  // One pair against it: the interval decides.
  d.push_back(0.5);
  PairedEvidence against = paired_mean_evidence(d, ClaimSide::Below, false);
  EXPECT_EQ(against.finding, Finding::NotShown);
  EXPECT_FALSE(against.every_pair);
}

TEST(PairedStatistics, OnePercentBetterOnEveryDrawHolds)
{
  // left = 0.99 right on 20 draws of very different sizes: every difference is negative, however spread.
  std::vector<double> d;
  for (int i = 1; i <= 20; ++i)
    d.push_back(0.99 * (100.0 * i) - 100.0 * i);
  PairedEvidence e = paired_mean_evidence(d, ClaimSide::Below, true);
  EXPECT_EQ(e.finding, Finding::Holds);
  EXPECT_NEAR(e.estimate, -0.01 * 100 * 10.5, 1e-9);
  EXPECT_LT(e.high, 0);
  EXPECT_DOUBLE_EQ(e.sign_p, std::ldexp(1.0, -20));
  EXPECT_DOUBLE_EQ(e.wilcoxon_p, std::ldexp(1.0, -20));
}

TEST(PairedStatistics, SignedRankExactAndWithTies)
{
  // n = 6 untied, W+ = 2: the subsets of {1..6} summing to at most 2 are {}, {1}, {2}: 3/64.
  EXPECT_DOUBLE_EQ(wilcoxon_signed_rank_p({-1, 2, -3, -4, -5, -6}, ClaimSide::Below), 3.0 / 64);
  // Zeros are dropped: the same with two zeros added.
  EXPECT_DOUBLE_EQ(wilcoxon_signed_rank_p({0, -1, 2, 0, -3, -4, -5, -6}, ClaimSide::Below), 3.0 / 64);
  // Ties: |d| ranks 2, 2, 2, 4, 5.5, 5.5, W+ = 4; mean 10.5, variance 22.75 - 30/48 = 22.125;
  // z = (4 - 10.5 + 0.5) / sqrt(22.125) = -1.27559, Phi(z) = 0.101051.
  EXPECT_NEAR(wilcoxon_signed_rank_p({-1, -1, -1, 2, -3, -3}, ClaimSide::Below), 0.101051, 1e-6);
  // Sign test: 4 negatives of 6 non-zero: P(X >= 4) = (15 + 6 + 1) / 64.
  EXPECT_DOUBLE_EQ(sign_test_p({-1, 2, -3, 4, -5, -6, 0}, ClaimSide::Below), 22.0 / 64);
  EXPECT_DOUBLE_EQ(sign_test_p({-1, 2, -3, 4, -5, -6, 0}, ClaimSide::Above), 57.0 / 64);
}

// The textbook A² = -n - (1/n) sum (2i - 1) [ln F(z_i) + ln(1 - F(z_{n+1-i}))], with Stephens' correction.
double textbook_a_star(std::vector<double> x)
{
  std::sort(x.begin(), x.end());
  const double n    = static_cast<double>(x.size());
  const double mean = std::accumulate(x.begin(), x.end(), 0.0) / n;
  double ss         = 0;
  for (double v : x)
    ss += (v - mean) * (v - mean);
  const double sd = std::sqrt(ss / (n - 1));
  auto F          = [&](double v) { return 0.5 * std::erfc(-(v - mean) / (sd * std::sqrt(2.0))); };
  double sum      = 0;
  for (size_t i = 0; i < x.size(); ++i)
    sum += (2.0 * static_cast<double>(i) + 1) * (std::log(F(x[i])) + std::log(1 - F(x[x.size() - 1 - i])));
  const double a2 = -n - sum / n;
  return a2 * (1 + 0.75 / n + 2.25 / (n * n));
}

TEST(PairedStatistics, AndersonDarlingMatchesTheTextbookAndRejectsAnOutlier)
{
  std::vector<double> normalish = {-1.6, -1.1, -0.8, -0.5, -0.3, -0.1, 0.0, 0.1, 0.3, 0.5, 0.8, 1.1, 1.6};
  EXPECT_NEAR(anderson_darling_normality(normalish), textbook_a_star(normalish), 1e-9);
  EXPECT_LT(anderson_darling_normality(normalish), 0.752);
  std::vector<double> outlier = {1, 1.1, 0.9, 1.05, 0.95, 1.02, 0.98, 30};
  EXPECT_NEAR(anderson_darling_normality(outlier), textbook_a_star(outlier), 1e-9);
  EXPECT_GT(anderson_darling_normality(outlier), 0.752);
  EXPECT_TRUE(std::isnan(anderson_darling_normality({1, 2, 3})));  // too few to test
  // Two clusters of differences, six at -10 and six at +0.5: the t interval, [-8.23, -1.27], lies below 0, but
  // normality is rejected (A*² = 2.15) and the signed-rank test, which assumes only symmetry, gives p = 0.079 (ties:
  // W+ = 21, mean 39, variance 162.5 - 420/48): the claim is not shown.
  std::vector<double> two_clusters = {-10, -10, -10, -10, -10, -10, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
  PairedEvidence e                 = paired_mean_evidence(two_clusters, ClaimSide::Below, true);
  EXPECT_NEAR(anderson_darling_normality(two_clusters), 2.15298, 1e-4);
  EXPECT_FALSE(e.normal_plausible);
  EXPECT_LT(e.high, 0);
  EXPECT_NEAR(e.wilcoxon_p, 0.5 * std::erfc(17.5 / std::sqrt(153.75) / std::sqrt(2.0)), 1e-9);
  EXPECT_EQ(e.finding, Finding::NotShown);
}

TEST(PairedStatistics, SingleRunHasNoInterval)
{
  PairedEvidence e = paired_mean_evidence({-2}, ClaimSide::Below, true);
  EXPECT_EQ(e.finding, Finding::SingleRun);
  EXPECT_TRUE(std::isnan(e.t_p));
  EXPECT_TRUE(single_run_holds(-2, ClaimSide::Below, true));
  EXPECT_FALSE(single_run_holds(0, ClaimSide::Below, true));
  EXPECT_TRUE(single_run_holds(0, ClaimSide::Below, false));
  EXPECT_TRUE(single_run_holds(3, ClaimSide::Above, true));
}

TEST(PairedStatistics, BootstrapOfASpreadIsReproducibleAndSeesHalvedNoise)
{
  // Right's values spread twice as much as left's around the same centre, on 40 pairs.
  std::vector<double> left, right;
  for (int i = 0; i < 40; ++i) {
    double u = std::sin(1.7 * i + 0.3);
    left.push_back(100 + u);
    right.push_back(100 + 2 * u + 0.3 * std::cos(2.9 * i));
  }
  auto sd = [](const std::vector<double>& v) {
    double m = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size()), s = 0;
    for (double x : v)
      s += (x - m) * (x - m);
    return std::sqrt(s / static_cast<double>(v.size() - 1));
  };
  PairedEvidence e = paired_bootstrap_evidence(left, right, 0.75, sd, ClaimSide::Below, false, 42);
  EXPECT_TRUE(e.bootstrap);
  EXPECT_EQ(e.pairs, 40u);
  EXPECT_NEAR(e.estimate, sd(left) - 0.75 * sd(right), 1e-12);
  EXPECT_LT(e.low, e.estimate);
  EXPECT_GT(e.high, e.estimate);
  EXPECT_EQ(e.finding, Finding::Holds);  // sd(left) is about half sd(right): below 0.75 of it
  PairedEvidence again = paired_bootstrap_evidence(left, right, 0.75, sd, ClaimSide::Below, false, 42);
  EXPECT_EQ(again.low, e.low);
  EXPECT_EQ(again.high, e.high);
  // Against "at most 0.4 times": the interval lies above 0.
  EXPECT_EQ(paired_bootstrap_evidence(left, right, 0.4, sd, ClaimSide::Below, false, 42).finding,
            Finding::Contradicted);
}

}  // namespace
}  // namespace isogrid
