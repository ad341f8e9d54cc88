#pragma once
// Holds a finished run against the experiment's comparisons (comparisons.hpp): for each comparison and each group
// of points (the values of the swept parameters the comparison does not compare), the statistic over the left
// side's ok rows against the one over the right side's, and the evidence for the relation from the repetitions
// taken in pairs (repetition r of the left side with repetition r of the right: the same draw when the sides differ
// only by metric). The claim holds when the 95 % interval of the paired difference lies on its side of 0
// (base/paired_statistics); a single repetition is read off the two values and says so.
#include "base/paired_statistics.hpp"
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
  // From the repetitions both sides have: of left - factor * right (a location statistic), of ln left -
  // ln(factor * right) (geomean), or bootstrapped (a statistic of the whole side: sd, cv, var, var_mean, min, max).
  PairedEvidence evidence;

  bool missing() const { return left_rows == 0 || right_rows == 0; }
  bool single_run() const { return evidence.finding == Finding::SingleRun; }
  bool passed() const
  {
    if (missing())
      return false;
    return single_run() ? comparison->holds(left, right) : evidence.finding == Finding::Holds;
  }
};

// Streams results.csv once. Outcomes come comparison by comparison, groups in sweep order; a comparison whose
// sides select no row at all gives one missing outcome, so that a claim never passes by checking nothing.
std::vector<ComparisonOutcome> check_comparisons(const Experiment& ex, const ResultsData& data);

// One section per comparison, titled with what it claims and how many groups hold; one row per group (group, left,
// right, relation, the paired difference with its interval, the p-values, the pairs, the finding).
std::vector<Section> comparison_sections(const Experiment& ex, const std::vector<ComparisonOutcome>& outcomes);

// One line per comparison, for the console: what it claims, and how many of its groups hold, are not shown by the
// repetitions, are contradicted or miss a side.
std::vector<std::string> comparison_summary_lines(const Experiment& ex, const std::vector<ComparisonOutcome>& outcomes);

// A paragraph saying how the comparison tables read (the paired difference, its interval, the tests), for REPORT.md.
std::string comparison_method_text();

}  // namespace isogrid
