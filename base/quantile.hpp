#pragma once
// Order statistics of a sample, for the harness's summaries and the models' metrics alike. Header only, standard
// library only (base/ is shared with the pure policies).
#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

namespace isogrid {

// The median of sorted values: the middle one, or the mean of the middle two. NaN for none.
inline double median_of_sorted(const std::vector<double>& sorted)
{
  const std::size_t n = sorted.size();
  if (n == 0)
    return std::numeric_limits<double>::quiet_NaN();
  return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

inline double median_of(std::vector<double> values)
{
  std::sort(values.begin(), values.end());
  return median_of_sorted(values);
}

// The p-quantile (0 <= p <= 1) of sorted values, interpolated between the two nearest ranks: Hyndman and Fan's
// type 7, R's and NumPy's default. NaN for none.
inline double quantile_of_sorted(const std::vector<double>& sorted, double p)
{
  if (sorted.empty())
    return std::numeric_limits<double>::quiet_NaN();
  const double rank       = std::clamp(p, 0.0, 1.0) * static_cast<double>(sorted.size() - 1);
  const auto below        = static_cast<std::size_t>(rank);
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  return sorted[below] + (rank - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

}  // namespace isogrid
