#pragma once
// Linear least squares and Eq. 3.7's standard error (Sanjay §3.4.3): every candidate performance model is linear in
// its coefficients, so fitting one to training runs is solving A x = b in the least-squares sense. Eigen's
// column-pivoting Householder QR does it (a rank-deficient A, two columns saying the same thing, is reported rather
// than fitted with made-up coefficients).
#include <vector>

namespace isogrid::modelling {

struct Fit {
  std::vector<double> coefficients;  // one per column
  double sse            = 0;         // sum of squared residuals
  double standard_error = 0;         // sqrt(SSE / (n - p)); +inf when n <= p, A is rank-deficient or not finite
  bool usable() const;
};

// `columns[j][i]` is column j's value for run i; `times[i]` run i's time.
Fit least_squares(const std::vector<std::vector<double>>& columns, const std::vector<double>& times);

}  // namespace isogrid::modelling
