#pragma once
// Reads results.csv back: for --resume, reference checks and reports. Streams, so large files cost little.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace isogrid {

std::vector<std::string> split_csv_line(const std::string& line);

class ResultsTable {
public:
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;

  int column(const std::string& name) const;  // -1 when absent
};

std::vector<std::string> read_results_header(const std::string& path);

// The position of a column in a header, -1 when absent.
int column_index(const std::vector<std::string>& header, const std::string& name);
// A cell read as a number: NaN when the column is absent (-1) or the cell empty or not a number.
double number_cell(const std::vector<std::string>& row, int column);

// What every analysis of results.csv reads first: the header, and where the status and the point index are.
struct ResultsLayout {
  std::vector<std::string> header;
  int status = -1;
  int index  = -1;

  int column(const std::string& name) const { return column_index(header, name); }
  bool ok(const std::vector<std::string>& row) const;         // status "ok"
  uint64_t point(const std::vector<std::string>& row) const;  // the row's point index in the sweep
};
ResultsLayout read_results_layout(const std::string& path);

// Calls `row` for every complete data row. Returns the header.
std::vector<std::string> for_each_result(const std::string& path,
                                         const std::function<void(const std::vector<std::string>&)>& row);
// The same, with each row's line number in the file (the header is line 1).
std::vector<std::string>
for_each_numbered_result(const std::string& path,
                         const std::function<void(const std::vector<std::string>&, size_t line)>& row);

// A row's first cell read as its point index. Throws InputError at `file`:`line`:1 when it is not a whole number
// (a results.csv changed by hand, or not isogrid's: --resume cannot tell which point the row is).
uint64_t row_index(const std::string& cell, const std::string& file, size_t line);

ResultsTable read_results(const std::string& path);

}  // namespace isogrid
