#include "simulator/run/row_formatter.hpp"

#include "simulator/core/value.hpp"
#include "simulator/run/csv_sink.hpp"

#include <cmath>
#include <fmt/compile.h>
#include <fmt/format.h>
#include <iterator>

namespace isogrid {

namespace {

// rel_dev: the simulated primary metric's deviation from the predicted one, relative where that is not zero.
double deviation(double predicted, double simulated)
{
  if (!std::isfinite(predicted) || !std::isfinite(simulated))
    return std::nan("");
  if (predicted == 0)
    return simulated - predicted;
  return (simulated - predicted) / std::fabs(predicted);
}

}  // namespace

std::vector<std::string> results_header(const Experiment& ex)
{
  const ModelInfo& info      = ex.model->info();
  std::vector<std::string> h = {"index", "repetition"};
  for (const auto& p : info.params)
    h.push_back(p.name);
  h.push_back("seed");
  h.push_back("status");
  if (ex.predicts())
    for (const auto& m : info.metrics)
      h.push_back("pred_" + m.name);
  if (ex.simulates())
    for (const auto& m : info.metrics)
      h.push_back("sim_" + m.name);
  if (ex.predicts() && ex.simulates())
    h.push_back("rel_dev");
  h.push_back("message");
  h.push_back("wall_s");
  return h;
}

size_t results_status_column(const Experiment& ex) { return 2 + ex.model->info().params.size() + 1; }

RowFormatter::RowFormatter(const Experiment& ex)
    : ex_(ex), primary_(*ex.model->info().metric_index(ex.model->info().primary_metric))
{
  // Fixed parameters read the same in every row: format them once.
  const auto& fixed = ex.sweep.fixed();
  fixed_cells_.resize(fixed.size());
  swept_.assign(fixed.size(), false);
  for (const auto& axis : ex.sweep.axes())
    swept_[axis.param] = true;
  for (size_t i = 0; i < fixed.size(); ++i)
    if (!swept_[i])
      fixed_cells_[i] = "," + csv_field(shown_value(ex, i, fixed[i]));
}

std::string_view RowFormatter::ok(const Point& p, const Outcome& out, double wall_s)
{
  prefix(p, "ok");
  size_t n = ex_.model->info().metrics.size();
  if (ex_.predicts())
    numbers(out.predicted, n);
  if (ex_.simulates())
    numbers(out.simulated, n);
  if (ex_.predicts() && ex_.simulates()) {
    row_ += ',';
    append_number(row_, deviation(out.predicted[primary_], out.simulated[primary_]));
  }
  return suffix(out.note, wall_s);
}

std::string_view RowFormatter::error(const Point& p, const std::string& message, double wall_s)
{
  prefix(p, "error");
  row_.append(metric_columns(), ',');
  return suffix(message, wall_s);
}

size_t RowFormatter::metric_columns() const
{
  size_t n = ex_.model->info().metrics.size();
  return (ex_.predicts() ? n : 0) + (ex_.simulates() ? n : 0) + (ex_.predicts() && ex_.simulates() ? 1 : 0);
}

void RowFormatter::prefix(const Point& p, const char* status)
{
  row_.clear();
  fmt::format_to(std::back_inserter(row_), FMT_COMPILE("{},{}"), p.index, p.repetition);
  for (size_t i = 0; i < p.values.size(); ++i) {
    if (!swept_[i]) {
      row_ += fixed_cells_[i];
      continue;
    }
    row_ += ',';
    if (const double* x = std::get_if<double>(&p.values[i]))
      append_number(row_, *x);  // a number needs no quoting
    else
      append_csv_field(row_, shown_value(ex_, i, p.values[i]));
  }
  fmt::format_to(std::back_inserter(row_), FMT_COMPILE(",{},{}"), p.seed, status);
}

void RowFormatter::numbers(const std::vector<double>& values, size_t n)
{
  for (size_t i = 0; i < n; ++i) {
    row_ += ',';
    append_number(row_, values[i]);
  }
}

std::string_view RowFormatter::suffix(const std::string& message, double wall_s)
{
  row_ += ',';
  append_csv_field(row_, message);
  fmt::format_to(std::back_inserter(row_), FMT_COMPILE(",{:.6f}"), wall_s);
  return row_;
}

}  // namespace isogrid
