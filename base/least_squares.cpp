#include "base/least_squares.hpp"

#include <Eigen/QR>

#include <cmath>
#include <limits>

namespace isogrid {

bool Fit::usable() const { return std::isfinite(standard_error); }

namespace {

// (AᵀA)⁻¹ from the pivoted QR (A P = Q R): P R⁻¹ R⁻ᵀ Pᵀ, and the leverages, the squared row norms of Q's first p
// columns.
void add_statistics(const Eigen::ColPivHouseholderQR<Eigen::MatrixXd>& qr, Eigen::Index n, Eigen::Index p, Fit& fit)
{
  Eigen::MatrixXd r               = qr.matrixR().topLeftCorner(p, p).triangularView<Eigen::Upper>();
  Eigen::MatrixXd r_inv           = r.triangularView<Eigen::Upper>().solve(Eigen::MatrixXd::Identity(p, p));  // R⁻¹
  Eigen::MatrixXd pivoted_inverse = r_inv * r_inv.transpose();
  Eigen::MatrixXd inverse         = qr.colsPermutation() * pivoted_inverse * qr.colsPermutation().transpose();
  double s2                       = fit.standard_error * fit.standard_error;
  fit.coefficient_errors.resize(static_cast<std::size_t>(p));
  for (Eigen::Index j = 0; j < p; ++j)
    fit.coefficient_errors[static_cast<std::size_t>(j)] = std::sqrt(s2 * inverse(j, j));
  Eigen::MatrixXd q = qr.householderQ() * Eigen::MatrixXd::Identity(n, p);
  fit.leverages.resize(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i)
    fit.leverages[static_cast<std::size_t>(i)] = q.row(i).squaredNorm();
}

}  // namespace

Fit least_squares(const std::vector<std::vector<double>>& columns, const std::vector<double>& y, bool statistics)
{
  const auto n = static_cast<Eigen::Index>(y.size());
  const auto p = static_cast<Eigen::Index>(columns.size());
  Fit fit;
  fit.coefficients.assign(columns.size(), std::numeric_limits<double>::quiet_NaN());
  fit.standard_error = std::numeric_limits<double>::infinity();
  if (p == 0 || n <= p)
    return fit;
  Eigen::MatrixXd a(n, p);
  Eigen::VectorXd b(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    b(i) = y[static_cast<std::size_t>(i)];
    for (Eigen::Index j = 0; j < p; ++j) {
      double v = columns[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)];
      if (!std::isfinite(v))
        return fit;  // a candidate undefined on some row (log P at P = 1)
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
  if (statistics)
    add_statistics(qr, n, p, fit);
  return fit;
}

}  // namespace isogrid
