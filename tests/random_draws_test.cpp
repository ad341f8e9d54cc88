// Gamma and normal draws against their closed-form moments.
#include "base/random_draws.hpp"

#include <gtest/gtest.h>

using namespace isogrid;

namespace {

struct Moments {
  double mean, variance;
};

template <class Draw>
Moments moments_of(Draw draw, int n)
{
  double sum = 0, squares = 0;
  for (int i = 0; i < n; ++i) {
    double x = draw();
    sum += x;
    squares += x * x;
  }
  double mean = sum / n;
  return {mean, squares / n - mean * mean};
}

}  // namespace

TEST(RandomDraws, GammaHasTheMeanAndVarianceOfItsShapeAndScale)
{
  // Gamma(a, b): mean a b, variance a b^2. 200 000 draws: the mean's standard error is sqrt(a b^2 / 200 000), under
  // 0.005 for each case; the tolerance is 5 of them. Shapes from Lublin & Feitelson's model (6.57, 639.1) and one
  // below 1, which takes the other branch.
  SeededRandom random(2003);
  for (auto [a, b] : {std::pair{6.57, 0.823}, std::pair{639.1, 0.0156}, std::pair{0.5, 2.0}}) {
    Moments m = moments_of([&] { return gamma_draw(random, a, b); }, 200000);
    double se = std::sqrt(a * b * b / 200000);
    EXPECT_NEAR(m.mean, a * b, 5 * se) << "shape " << a;
    EXPECT_NEAR(m.variance, a * b * b, 0.03 * a * b * b) << "shape " << a;
  }
  Moments z = moments_of([&] { return standard_normal(random); }, 200000);
  EXPECT_NEAR(z.mean, 0, 0.012);
  EXPECT_NEAR(z.variance, 1, 0.02);
}
