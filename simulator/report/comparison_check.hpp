#pragma once
// Holds a finished run against the experiment's comparisons (comparisons.hpp): for each comparison and each group
// of points (the values of the swept parameters the comparison does not compare), the statistic over the left
// side's ok rows against the one over the right side's, and whether the relation holds.
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/failures.hpp"
#include "simulator/report/results_data.hpp"
#include "simulator/report/table.hpp"

#include <cmath>
#include <string>
#include <vector>

namespace isogrid {

struct ComparisonOutcome {
  const Comparison* comparison = nullptr;
  std::string group;      // "program=raytracer, n=4"; "all points" when nothing else is swept
  size_t left_rows  = 0;  // ok rows with a value of the metric, per side
  size_t right_rows = 0;
  double left       = std::nan("");  // the statistic over each side's rows; NaN when there is none
  double right      = std::nan("");

  bool missing() const { return left_rows == 0 || right_rows == 0; }
  bool passed() const { return !missing() && comparison->holds(left, right); }
};

// Streams results.csv once. Outcomes come comparison by comparison, groups in sweep order; a comparison whose
// sides select no row at all gives one missing outcome, so that a claim never passes by checking nothing.
std::vector<ComparisonOutcome> check_comparisons(const Experiment& ex, const ResultsData& data);

// One section per comparison, titled with what it claims and how many groups hold; one row per group (group, left,
// right, relation, pass or FAIL).
std::vector<Section> comparison_sections(const Experiment& ex, const std::vector<ComparisonOutcome>& outcomes);

}  // namespace isogrid
