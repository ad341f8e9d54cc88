#pragma once
// Fills the experiment's summary tables (summary_tables.hpp) from a finished results.csv: per table and group of
// swept values, each row metric's statistics over the ok rows, the ratio of its mean to the `relative_to` metric's,
// and the paper's values next to them.
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/results_data.hpp"
#include "simulator/report/table.hpp"

#include <string>
#include <vector>

namespace isogrid {

struct SummaryTableOutcome {
  const SummaryTable* table = nullptr;
  std::string group;                       // "machines=256"; "all points" when nothing is swept
  std::vector<size_t> rows_ok;             // per row metric: the ok rows with a value
  std::vector<std::vector<double>> cells;  // per row metric, per statistic; NaN when undefined
  std::vector<double> relative;            // per row metric: mean / mean of relative_to (NaN without one)
  std::vector<double> mean_half_width;     // per row metric: the 95 % interval of its mean (NaN below two rows)
};

// Streams results.csv once; tables in the experiment's order, groups in sweep order.
std::vector<SummaryTableOutcome> fill_summary_tables(const Experiment& ex, const ResultsData& data);

// One section per table and group, titled "title (face, group)": a row per metric, a column per statistic (the
// paper's value in brackets), the ratio to relative_to, and the rows counted.
std::vector<Section> summary_table_sections(const Experiment& ex, const std::vector<SummaryTableOutcome>& outcomes);

}  // namespace isogrid
