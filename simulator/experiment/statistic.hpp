#pragma once
// How the repetitions of a point are summed up in one number when a claim is checked: a reference's value, a
// side of a comparison. Written `statistic: cv` (a paper's "halves the coefficient of variation over 50 seeds");
// the mean unless said otherwise.
#include "simulator/core/yaml_source.hpp"

#include <string>
#include <vector>

namespace isogrid {

enum class Statistic {
  Mean,
  Median,
  Sd,  // sample standard deviation (n - 1)
  Cv,  // sd / mean
  Min,
  Max,
  Geomean,  // exp(mean(ln x)); NaN unless every value is > 0 (Sanjay's Table 4.1)
  Var,      // sample variance (n - 1): sd squared
  VarMean,  // var / mean, "percentage variance relative to the mean" (Al Zain et al.'s Table 5 read literally)
};

// The names as written in experiment files, in the enum's order: mean, median, sd, cv, min, max, geomean, var,
// var_mean.
const std::vector<std::string>& statistic_names();
std::string statistic_name(Statistic s);

// Reads `statistic:` at `f`; `fallback` when absent. An unknown name fails, listing the known ones.
Statistic read_statistic(const Field& f, Statistic fallback);

// The statistic of `values` (NaNs are the caller's to leave out). NaN when it is undefined: no values, fewer
// than two for sd, cv, var and var_mean, a zero mean for cv and var_mean.
double summarise(Statistic s, std::vector<double> values);

}  // namespace isogrid
