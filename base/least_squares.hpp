#pragma once
// Linear least squares, for every fit that is linear in its coefficients: Sanjay's candidate performance models
// (§3.4.3, Eq. 3.7's standard error) and the growth laws of scalability modelling (growth_law.hpp). Eigen's
// column-pivoting Householder QR solves it; a rank-deficient system (two columns saying the same thing) is reported
// rather than fitted with made-up coefficients.
#include <vector>

namespace isogrid {

struct Fit {
  std::vector<double> coefficients;  // one per column
  double sse            = 0;         // sum of squared residuals
  double standard_error = 0;         // sqrt(SSE / (n - p)); +inf when n <= p, A is rank-deficient or not finite
  // With `statistics`: each coefficient's standard error, sqrt(s² (AᵀA)⁻¹_jj), and each row's leverage h_ii (the
  // hat matrix's diagonal), from which a row's leave-one-out residual is e_i / (1 - h_ii) without refitting.
  std::vector<double> coefficient_errors;
  std::vector<double> leverages;
  bool usable() const;
};

// `columns[j][i]` is column j's value for row i; `y[i]` row i's observed value.
Fit least_squares(const std::vector<std::vector<double>>& columns, const std::vector<double>& y,
                  bool statistics = false);

}  // namespace isogrid
