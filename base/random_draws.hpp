#pragma once
// Draws from continuous distributions with SeededRandom, by explicit arithmetic for the reason random.hpp gives:
// <random>'s distributions differ between standard libraries, so the same seed would give other streams elsewhere.
// Header-only.
#include "base/random.hpp"

#include <cmath>

namespace isogrid {

// A standard normal draw (Marsaglia's polar method: no trigonometry, two uniforms per try).
inline double standard_normal(SeededRandom& random)
{
  for (;;) {
    double u = random.uniform(-1, 1), v = random.uniform(-1, 1), s = u * u + v * v;
    if (s > 0 && s < 1)
      return u * std::sqrt(-2 * std::log(s) / s);
  }
}

// A gamma draw of shape `shape` > 0 and scale `scale` (mean shape x scale): Marsaglia & Tsang, "A simple method for
// generating gamma variables" (ACM TOMS 26(3), 2000); below shape 1 through shape + 1 and U^(1/shape).
inline double gamma_draw(SeededRandom& random, double shape, double scale)
{
  if (shape < 1) {
    double u = random.uniform();
    return gamma_draw(random, shape + 1, scale) * std::pow(u > 0 ? u : 0x1.0p-53, 1 / shape);
  }
  const double d = shape - 1.0 / 3, c = 1 / std::sqrt(9 * d);
  for (;;) {
    double x = standard_normal(random), v = 1 + c * x;
    if (v <= 0)
      continue;
    v        = v * v * v;
    double u = random.uniform();
    if (u < 1 - 0.0331 * x * x * x * x || std::log(u > 0 ? u : 0x1.0p-53) < x * x / 2 + d * (1 - v + std::log(v)))
      return d * v * scale;
  }
}

}  // namespace isogrid
