#include "simulator/experiment/statistic.hpp"
#include "base/quantile.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

namespace isogrid {

const std::vector<std::string>& statistic_names()
{
  static const std::vector<std::string> names = {"mean", "median",  "sd",  "cv",      "min",
                                                 "max",  "geomean", "var", "var_mean"};
  return names;
}

std::string statistic_name(Statistic s) { return statistic_names()[static_cast<size_t>(s)]; }

Statistic read_statistic(const Field& f, Statistic fallback)
{
  if (!f.present())
    return fallback;
  std::string name  = f.text();
  const auto& names = statistic_names();
  auto it           = std::find(names.begin(), names.end(), name);
  if (it == names.end())
    f.fail(unknown_name_message("statistic", name, names));
  return static_cast<Statistic>(it - names.begin());
}

namespace {

double mean_of(const std::vector<double>& v)
{
  return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

// Two passes: the deviations are taken from the mean, which keeps the digits that a running sum of squares loses.
// Equal values have no spread at all, whatever rounding the mean picked up (three 0.1s average to 0.10000000000000002).
double sd_of(const std::vector<double>& v)
{
  if (std::adjacent_find(v.begin(), v.end(), std::not_equal_to<>()) == v.end())
    return 0;
  double m = mean_of(v), sum = 0;
  for (double x : v)
    sum += (x - m) * (x - m);
  return std::sqrt(sum / static_cast<double>(v.size() - 1));
}

}  // namespace

double summarise(Statistic s, std::vector<double> values)
{
  const double nan = std::nan("");
  if (values.empty())
    return nan;
  switch (s) {
    case Statistic::Mean: return mean_of(values);
    case Statistic::Median: return median_of(std::move(values));
    case Statistic::Sd: return values.size() < 2 ? nan : sd_of(values);
    case Statistic::Cv: {
      double m = mean_of(values);
      return values.size() < 2 || m == 0 ? nan : sd_of(values) / m;
    }
    case Statistic::Min: return *std::min_element(values.begin(), values.end());
    case Statistic::Max: return *std::max_element(values.begin(), values.end());
    case Statistic::Geomean: {
      double logs = 0;
      for (double x : values) {
        if (!(x > 0))
          return nan;
        logs += std::log(x);
      }
      return std::exp(logs / static_cast<double>(values.size()));
    }
    case Statistic::Var: {
      if (values.size() < 2)
        return nan;
      double sd = sd_of(values);
      return sd * sd;
    }
    case Statistic::VarMean: {
      double m = mean_of(values);
      if (values.size() < 2 || m == 0)
        return nan;
      double sd = sd_of(values);
      return sd * sd / m;
    }
  }
  return nan;
}

}  // namespace isogrid
