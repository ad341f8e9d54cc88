#pragma once
// What isogrid computes from a finished results.csv across points: crossings (where a metric reaches a level along
// a parameter or metric, per group) and, for repeated points, mean, standard deviation, median and coefficient of
// variation per combination. Both read results.csv as ResultsData; repetitions of a combination are adjacent rows.
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/results_data.hpp"
#include "simulator/report/table.hpp"

#include <string>
#include <vector>

namespace isogrid {

struct CrossingResult {
  size_t spec = 0;                                 // index into Experiment::crossings
  std::vector<std::pair<ParamSlot, Value>> group;  // for_each parameter values
  double predicted = std::nan("");                 // x where the predicted metric reaches the level
  double simulated = std::nan("");
  std::string note;  // why a face has no crossing
};

std::vector<CrossingResult> compute_crossings(const Experiment& ex, const ResultsData& data);
void write_crossings_csv(const std::string& path, const Experiment& ex, const std::vector<CrossingResult>& results);
// One row per crossing and group: where each face reaches the level, and why a face does not.
Table crossings_table(const Experiment& ex, const std::vector<CrossingResult>& results);

struct AgreementResult {
  const Agreement* agreement = nullptr;
  size_t points              = 0;  // ok points with both faces
  size_t outside             = 0;  // of which beyond the tolerance
  double worst               = 0;  // largest deviation, in the tolerance's terms (relative if rel is set)
  std::string worst_point;
  bool passed() const { return points > 0 && outside == 0; }
};

std::vector<AgreementResult> check_agreements(const Experiment& ex, const ResultsData& data);
// One row per agreement: its tolerance, the points outside it, the worst and where, and (Markdown only) the source.
Table agreements_table(const Experiment& ex, const std::vector<AgreementResult>& results);

// summary.csv: one row per combination: its parameters, the number of ok repetitions, and for every metric of
// every face (pred_<metric>, sim_<metric>) four columns over its ok repetitions: <column>_mean, <column>_std
// (sample standard deviation, n - 1), <column>_median and <column>_cv (std / mean). A statistic that is undefined
// (no value; std and cv of one value; cv of a zero mean) is an empty cell. Written whenever points repeat,
// interrupted runs too: the plots read their means and spreads from it rather than averaging results.csv again (with
// one repetition per point they read results.csv's rows as they are).
void write_summary_csv(const std::string& path, const Experiment& ex, const ResultsData& data);

// The first x at which the polyline through (x, y), sorted by x, reaches `level`, by linear interpolation; NaN when
// it never does. `note` says whether it starts above the level or never reaches it.
double first_crossing(std::vector<std::pair<double, double>> points, double level, std::string& note);

}  // namespace isogrid
