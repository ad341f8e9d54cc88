#pragma once
// results.csv read once, for every analysis of a run (crossings, summary.csv, references, agreements, comparisons,
// summary tables, the largest deviation, growth laws, scalability): each complete row's point index and whether it
// is ok, the numbers of the columns the analyses read, column-major, as doubles, and the cells of the swept
// parameters that group rows, as written. Memory: 9 bytes per row, 8 per row for each number column read (only
// the metrics the experiment's analyses name, every metric when points repeat), a string per row for each cell
// column.
#include "simulator/experiment/experiment.hpp"
#include "simulator/run/results_reader.hpp"

#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace isogrid {

class ResultsData {
public:
  // Reads `path` once, keeping the columns named in `numeric` (as numbers) and in `cells` (as written) that it has;
  // with `rows` false, its header alone.
  ResultsData(const std::string& path, const std::set<std::string>& numeric, bool rows = true,
              const std::set<std::string>& cells = {});
  // The columns every analysis of `ex` reads; the header alone when none does (a million-row sweep with nothing to
  // check is not read again).
  static ResultsData for_analyses(const Experiment& ex, const std::string& path);
  // The columns summary.csv alone reads (every metric; none when points do not repeat).
  static ResultsData for_summary(const Experiment& ex, const std::string& path);

  size_t size() const { return index_.size(); }
  uint64_t point(size_t row) const { return index_[row]; }
  bool ok(size_t row) const { return ok_[row] != 0; }
  // A column's numbers (NaN where a cell is empty or not a number); nullptr when results.csv has no such column (a
  // face the run did not compute). Throws std::logic_error for a column it has but was not read.
  const std::vector<double>* numbers(const std::string& name) const;
  // A face's metric column: "pred_" or "sim_" and the metric's name.
  const std::vector<double>* metric(const Experiment& ex, bool predicted, size_t metric) const;
  // A column's cells as written (a swept parameter's: "grid-gum1", "2"); nullptr when results.csv has no such
  // column. Throws std::logic_error for a column it has but was not read as cells.
  const std::vector<std::string>* cells(const std::string& name) const;

private:
  ResultsData(const std::string& path, const ResultsLayout& layout, const std::set<std::string>& numeric, bool rows,
              const std::set<std::string>& cells);

  std::set<std::string> header_;
  std::vector<uint64_t> index_;
  std::vector<uint8_t> ok_;
  std::map<std::string, std::vector<double>> columns_;
  std::map<std::string, std::vector<std::string>> cells_;
};

// The cells of the group a row belongs to: each column's cell at `row`, "" where a column is nullptr (absent, or
// not one that groups).
std::vector<std::string> group_key(const std::vector<const std::vector<std::string>*>& columns, size_t row);

// The cell of `column` at `row`: NaN when the column is absent.
inline double cell(const std::vector<double>* column, size_t row) { return column ? (*column)[row] : std::nan(""); }

// "pred_<metric>" or "sim_<metric>".
std::string face_column(const Experiment& ex, bool predicted, size_t metric);

}  // namespace isogrid
