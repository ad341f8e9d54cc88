#pragma once
// Tables a paper prints over many repetitions, such as Sanjay's Table 4.1 (mean, standard deviation and geometric
// mean of each scheduler's time over 1100 drawn grids), shown in the run's output and REPORT.md next to the
// paper's values. They summarise; they check nothing (a claim belongs in references or comparisons). Written as
//   tables:
//     - title: "Table 4.1: predicted MD time (s) per scheduler"
//       metrics: [time_sa, time_dp, time_be]       # one row each
//       statistics: [mean, sd, geomean]            # one column each (statistic.hpp)
//       relative_to: time_be                       # optional: a column, each row's mean over this metric's
//       face: predicted                            # optional; default the simulated face when it is computed
//       paper:                                     # optional: the paper's values, one per statistic
//         time_sa: [188.42, 44.908, 183.34]
// Points are grouped by every swept parameter; each group gives one table.
#include "simulator/core/model.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/experiment/statistic.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace isogrid {

struct SummaryTable {
  std::string title;
  std::vector<size_t> metrics;                  // rows
  std::vector<Statistic> statistics;            // columns
  std::optional<size_t> relative_to;            // a metric: adds the column mean(row) / mean(relative_to)
  bool predicted = false;                       // the face summarised
  std::map<size_t, std::vector<double>> paper;  // per row metric: the paper's value of each statistic
  SourceLocation where;
};

// Reads `tables:`; every name is checked against the model. A table on a face the experiment does not compute
// fails, unless `lenient` (--set changed the mode), when it is left out.
std::vector<SummaryTable> read_summary_tables(const Field& field, const ModelInfo& model, bool predicts, bool simulates,
                                              bool lenient);

}  // namespace isogrid
