#include "policies/modelling/least_squares.hpp"

#include <Eigen/QR>

#include <cmath>
#include <limits>

namespace isogrid::modelling {

bool Fit::usable() const { return std::isfinite(standard_error); }

Fit least_squares(const std::vector<std::vector<double>>& columns, const std::vector<double>& times)
{
  const auto n = static_cast<Eigen::Index>(times.size());
  const auto p = static_cast<Eigen::Index>(columns.size());
  Fit fit;
  fit.coefficients.assign(columns.size(), std::numeric_limits<double>::quiet_NaN());
  fit.standard_error = std::numeric_limits<double>::infinity();
  if (p == 0 || n <= p)
    return fit;
  Eigen::MatrixXd a(n, p);
  Eigen::VectorXd b(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    b(i) = times[static_cast<std::size_t>(i)];
    for (Eigen::Index j = 0; j < p; ++j) {
      double v = columns[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)];
      if (!std::isfinite(v))
        return fit;  // a candidate undefined on some run (log P at P = 1)
      a(i, j) = v;
    }
  }
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(a);
  if (qr.rank() < p)
    return fit;
  Eigen::VectorXd x = qr.solve(b);
  for (Eigen::Index j = 0; j < p; ++j)
    fit.coefficients[static_cast<std::size_t>(j)] = x(j);
  fit.sse            = (a * x - b).squaredNorm();
  fit.standard_error = std::sqrt(fit.sse / static_cast<double>(n - p));
  return fit;
}

}  // namespace isogrid::modelling
