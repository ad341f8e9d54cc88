// Growth laws (base/growth_law.hpp) on data whose law is known: a hand-worked straight line's confidence interval, the
// exact recovery of a law from noise-free rows, two-parameter products and sums, the refusals, and the recovery rate
// over hundreds of seeded synthetic functions drawn from the hypothesis set with 0-5 % noise.
#include "base/growth_law.hpp"
#include "base/least_squares.hpp"
#include "base/random.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

using namespace isogrid;
using namespace isogrid::growth;

namespace {

Observations one_parameter(const std::vector<double>& x, double (*f)(double))
{
  Observations obs{{x}, {}};
  for (double v : x)
    obs.y.push_back(f(v));
  return obs;
}

std::vector<double> powers_of_two(int from, int to)
{
  std::vector<double> x;
  for (int e = from; e <= to; ++e)
    x.push_back(std::ldexp(1.0, e));
  return x;
}

}  // namespace

TEST(LeastSquares, StatesTheCoefficientErrorsAndLeveragesOfAStraightLine)
{
  // source: simple linear regression, worked by hand: x = 0..4, y = (1, 3, 4, 8, 9), Sxy = 21, Sxx = 10, so
  // b1 = 2.1, b0 = 0.8, residuals (0.2, 0.1, -1, 0.9, -0.2), SSE = 1.9, s² = 1.9 / 3: se(b1) = sqrt(s² / 10),
  // se(b0) = sqrt(s² (1/5 + 4/10)), and leverages 1/5 + (x - 2)² / 10.
  std::vector<double> ones(5, 1), x = {0, 1, 2, 3, 4}, y = {1, 3, 4, 8, 9};
  Fit f = least_squares({ones, x}, y, true);
  ASSERT_TRUE(f.usable());
  EXPECT_NEAR(f.coefficients[0], 0.8, 1e-12);
  EXPECT_NEAR(f.coefficients[1], 2.1, 1e-12);
  EXPECT_NEAR(f.sse, 1.9, 1e-12);
  EXPECT_NEAR(f.coefficient_errors[1], std::sqrt(1.9 / 30), 1e-12);
  EXPECT_NEAR(f.coefficient_errors[0], std::sqrt(1.9 / 3 * 0.6), 1e-12);
  for (int i = 0; i < 5; ++i)
    EXPECT_NEAR(f.leverages[i], 0.2 + (i - 2) * (i - 2) / 10.0, 1e-12);
}

TEST(GrowthLaw, StatesTheStudentTIntervalOfAStraightLine)
{
  // The same line as a law of x (x = 1..5 so that it is positive): t(0.975, 3 dof) = 3.182446305284263.
  Observations obs{{{1, 2, 3, 4, 5}}, {1, 3, 4, 8, 9}};
  HypothesisSet linear{{1}, {0}, 1};
  LawOutcome out = fit_law(obs, {"x"}, linear);
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.law.growth(), "x");
  EXPECT_NEAR(out.law.coefficients[1], 2.1, 1e-12);
  EXPECT_NEAR(out.law.half_widths[1], 3.182446305284263 * std::sqrt(1.9 / 30), 1e-9);
  // adjusted R²: SST = 46, 1 - (1.9 / 3) / (46 / 4)
  EXPECT_NEAR(out.law.adjusted_r2, 1 - (1.9 / 3) / 11.5, 1e-12);
}

TEST(GrowthLaw, RecoversANoiseFreeLawExactly)
{
  Observations obs = one_parameter(powers_of_two(1, 8), [](double m) { return 3 + 0.5 * m * std::log2(m); });
  LawOutcome out   = fit_law(obs, {"m"}, default_hypotheses());
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.law.growth(), "m log m");
  EXPECT_NEAR(out.law.coefficients[0], 3, 1e-9);
  EXPECT_NEAR(out.law.coefficients[1], 0.5, 1e-9);
  EXPECT_EQ(out.law.formula(), "3 + 0.5 * m * log2(m)");
  EXPECT_LT(out.law.smape, 1e-9);
  EXPECT_EQ(out.law.tried, 57u);  // the constant and 19 x 3 - 1 factors
  EXPECT_NEAR(out.law.evaluate({1024}), 3 + 0.5 * 1024 * 10, 1e-6);
}

TEST(GrowthLaw, NamesFractionalPowersAndSquaredLogs)
{
  Observations obs =
      one_parameter(powers_of_two(1, 9), [](double p) { return 7 * std::pow(p, 1.5) * std::log2(p) * std::log2(p); });
  LawOutcome out = fit_law(obs, {"p"}, default_hypotheses());
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.law.growth(), "p^(3/2) log^2 p");
  EXPECT_NEAR(out.law.coefficients[1], 7, 1e-9);
  EXPECT_NEAR(out.law.coefficients[0], 0, 1e-6);
}

TEST(GrowthLaw, CallsFlatDataConstant)
{
  Observations obs = one_parameter({1, 2, 3, 4, 5}, [](double) { return 4.0; });
  LawOutcome out   = fit_law(obs, {"m"}, default_hypotheses());
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.law.growth(), "constant");
  EXPECT_NEAR(out.law.coefficients[0], 4, 1e-12);
}

TEST(GrowthLaw, FitsTwoTermsWhenAskedTo)
{
  Observations obs  = one_parameter(powers_of_two(1, 10), [](double p) { return 1 + 2 * p + 0.01 * p * p; });
  HypothesisSet two = default_hypotheses();
  two.terms         = 2;
  LawOutcome out    = fit_law(obs, {"p"}, two);
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.law.growth(), "p^2 + p");
  EXPECT_EQ(out.law.tried, 1u + 56 + 56 * 55 / 2);
}

TEST(GrowthLaw, FindsProductsAndSumsOfTwoParameters)
{
  // y = 5 + 0.1 sqrt(p) n + 3 n over a full 5 x 5 grid.
  Observations obs{{{}, {}}, {}};
  for (double p : {2, 4, 8, 16, 32})
    for (double n : {10, 20, 40, 80, 160}) {
      obs.x[0].push_back(p);
      obs.x[1].push_back(n);
      obs.y.push_back(5 + 0.1 * std::sqrt(p) * n + 3 * n);
    }
  LawOutcome out = fit_law(obs, {"p", "n"}, default_hypotheses());
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.law.growth(), "p^(1/2) n + n");
  EXPECT_LT(out.law.smape, 1e-9);
  EXPECT_NEAR(out.law.evaluate({64, 1000}), 5 + 0.1 * 8 * 1000 + 3000, 1e-6);
}

TEST(GrowthLaw, RefusesTooFewDistinctValues)
{
  Observations obs{{{2, 2, 4, 4}}, {1, 1.1, 2, 2.1}};
  LawOutcome out = fit_law(obs, {"m"}, default_hypotheses());
  EXPECT_FALSE(out.ok);
  EXPECT_EQ(out.error, "m takes 2 distinct value(s); a law needs 3 or more");
}

// source: the issue asks for a stated recovery rate over hundreds of seeded synthetic functions drawn from the
// hypothesis set with 0-5 % noise. Each case draws one factor of the default set (56), c0 in [1, 10] and c1 so that
// the term is between 1 and 100 times c0 at the largest x, measures it at x = 2, 4, ..., 2^10 with uniform
// multiplicative noise of +-noise, and counts the law recovered when the fitted factor is the drawn one. Noise-free
// data must always name its law; the rates under noise are the ones measured when this test was written (exactly
// the drawn factor: 1 %: 88 %, 2 %: 80 %, 5 %: 59 %; within one step: 88, 80, 68 %), asserted a few points below so
// that a change that loses recovery fails. Over all 1 200 cases, 82 % are recovered exactly.
// Neighbouring exponents (4/3 against 5/4) are what noise confuses; the growth class within one step of the
// hypothesis set's exponents is recovered far more often, and is asserted too.
TEST(GrowthLaw, RecoveryRateOverSeededSyntheticFunctions)
{
  const HypothesisSet set           = default_hypotheses();
  const std::vector<Hypothesis> all = single_parameter_hypotheses(set);
  const std::vector<double> x       = powers_of_two(1, 10);
  struct Level {
    double noise, exact_rate, near_rate;
  };
  for (Level level : {Level{0, 1.0, 1.0}, Level{0.01, 0.85, 0.85}, Level{0.02, 0.77, 0.77}, Level{0.05, 0.55, 0.65}}) {
    SeededRandom random(derive_seed(36, static_cast<uint64_t>(level.noise * 1000), 0));
    int cases = 300, exact = 0, near = 0;
    for (int c = 0; c < cases; ++c) {
      const Factor drawn = all[1 + random.below(all.size() - 1)].terms[0][0];
      double c0 = random.uniform(1, 10), c1 = c0 * random.uniform(1, 100) / drawn.value(x.back());
      Observations obs{{x}, {}};
      for (double v : x)
        obs.y.push_back((c0 + c1 * drawn.value(v)) * (1 + level.noise * random.uniform(-1, 1)));
      LawOutcome out = fit_law(obs, {"p"}, set);
      ASSERT_TRUE(out.ok) << out.error;
      if (out.law.shape.terms.size() != 1)
        continue;
      const Factor& got = out.law.shape.terms[0][0];
      exact += got == drawn;
      near += std::abs(got.power - drawn.power) <= 1.0 / 3 + 1e-9 && got.log_power == drawn.log_power;
    }
    std::printf("noise %.0f %%: recovered %d of %d exactly, %d within one exponent step\n", level.noise * 100, exact,
                cases, near);
    EXPECT_GE(exact, level.exact_rate * cases) << "noise " << level.noise;
    EXPECT_GE(near, level.near_rate * cases) << "noise " << level.noise;
  }
}
