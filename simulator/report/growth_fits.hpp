#pragma once
// Growth laws of a results folder (base/growth_law.hpp): the `fit:` blocks' metrics over their parameters, from
// results.csv, written to fits.csv; and each traced isoefficiency line's size as a law of its scale, W(p), from
// isoefficiency.csv, written to isoefficiency-laws.csv. A law per group (the other swept parameters' values), face
// (and level, for the lines); one row each, or one saying why a group has none.
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/results_data.hpp"
#include "simulator/report/table.hpp"

#include "base/growth_law.hpp"

#include <string>
#include <vector>

namespace isogrid {

inline constexpr const char* kFitsFile              = "fits.csv";
inline constexpr const char* kIsoefficiencyLawsFile = "isoefficiency-laws.csv";
// A law whose fit is off by more than this on average (SMAPE, %) is reported as fitting poorly: the data grow in a
// way no hypothesis of the set describes (exponentially, or as two regimes), and plots do not draw it.
inline constexpr double kPoorFitSmapePercent = 10;

struct FittedLaw {
  std::vector<std::string> key;  // the cells of LawTable::key_columns
  std::string face;              // "predicted", "simulated", or "paper" (the references' values)
  growth::LawOutcome outcome;
};

struct LawTable {
  std::vector<std::string> key_columns;  // metric, [level,] the group's parameters
  std::string of;                        // what is fitted: a metric, or the size of an isoefficiency line
  std::vector<std::string> by;           // the parameters it is a law of
  std::vector<FittedLaw> laws;
};

// The columns of a law's parameters on one face: a swept parameter's numbers, or a metric parameter (Al Zain's pes)
// on that face; nullptr for one results.csv lacks (a face the run did not compute).
std::vector<const std::vector<double>*> law_parameter_columns(const Experiment& ex, const GrowthFitSpec& spec,
                                                              const ResultsData& data, bool predicted);

// Every `fit:` block of `ex`, on results.csv as `data` read it for the analyses (its ok rows; every repetition is a
// row of the fit), and on the paper's values of the metric where the references give three or more (face "paper").
std::vector<LawTable> fit_results(const Experiment& ex, const ResultsData& data);
// One law per traced line with crossings at three or more scale values (its first crossing at each); none when the
// experiment traces none or OUT/isoefficiency.csv is absent.
std::vector<LawTable> fit_isoefficiency_lines(const Experiment& ex, const std::string& out_dir);

// The tables as one CSV file: the key columns, face, of, by, law, growth, terms, coefficients, half_widths_95 (each a
// ';'-separated list, the constant first), smape_percent, cv_smape_percent, adjusted_r2, rows, hypotheses, note.
std::string laws_csv(const std::vector<LawTable>& tables);
// For a terminal or REPORT.md: the key, face, growth, law, SMAPE and adjusted R².
Table laws_table(const LawTable& table);
// "level = 0.5: the faces' laws differ (predicted m log m, simulated m^2)", for each key whose faces (the paper's
// among them) grow differently.
std::vector<std::string> face_differences(const LawTable& table);

// Writes `tables` to OUT/`file` (temporary file, then renamed); removes the file when there are none.
void write_laws(const std::string& out_dir, const char* file, const std::vector<LawTable>& tables);

}  // namespace isogrid
