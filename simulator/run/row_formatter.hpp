#pragma once
// One results.csv row at a time, built in a buffer that keeps its capacity: an analytic sweep formats a million rows
// a second, and a temporary string per cell would be most of its cost.
#include "simulator/core/model.hpp"
#include "simulator/experiment/experiment.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace isogrid {

// The results.csv header for an experiment, and where its status column is.
std::vector<std::string> results_header(const Experiment& ex);
size_t results_status_column(const Experiment& ex);

class RowFormatter {
public:
  explicit RowFormatter(const Experiment& ex);

  // The row of a point that finished, or of one that failed with `message`. The text is valid until the next call.
  std::string_view ok(const Point& p, const Outcome& out, double wall_s);
  std::string_view error(const Point& p, const std::string& message, double wall_s);

private:
  size_t metric_columns() const;
  void prefix(const Point& p, const char* status);
  void numbers(const std::vector<double>& values, size_t n);
  std::string_view suffix(const std::string& message, double wall_s);

  const Experiment& ex_;
  size_t primary_;
  std::vector<std::string> fixed_cells_;  // ",value" for each fixed parameter
  std::vector<bool> swept_;
  std::string row_;
};

}  // namespace isogrid
