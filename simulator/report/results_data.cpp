#include "simulator/report/results_data.hpp"

#include "simulator/run/results_reader.hpp"

#include <stdexcept>

namespace isogrid {

std::string face_column(const Experiment& ex, bool predicted, size_t metric)
{
  return (predicted ? "pred_" : "sim_") + ex.model->info().metrics[metric].name;
}

ResultsData::ResultsData(const std::string& path, const std::set<std::string>& numeric, bool rows,
                         const std::set<std::string>& cells)
    : ResultsData(path, read_results_layout(path), numeric, rows, cells)
{
}

ResultsData::ResultsData(const std::string& path, const ResultsLayout& layout, const std::set<std::string>& numeric,
                         bool rows, const std::set<std::string>& cells)
{
  header_.insert(layout.header.begin(), layout.header.end());
  if (!rows)
    return;
  std::vector<std::pair<int, std::vector<double>*>> wanted;
  for (const std::string& name : numeric)
    if (int c = layout.column(name); c >= 0)
      wanted.emplace_back(c, &columns_[name]);
  std::vector<std::pair<size_t, std::vector<std::string>*>> written;
  for (const std::string& name : cells)
    if (int c = layout.column(name); c >= 0)
      written.emplace_back(static_cast<size_t>(c), &cells_[name]);
  for_each_result(path, [&](const std::vector<std::string>& row) {
    index_.push_back(layout.point(row));
    ok_.push_back(layout.ok(row) ? 1 : 0);
    for (auto& [c, column] : wanted)
      column->push_back(number_cell(row, c));
    for (auto& [c, column] : written)
      column->push_back(row[c]);
  });
}

const std::vector<std::string>* ResultsData::cells(const std::string& name) const
{
  if (auto it = cells_.find(name); it != cells_.end())
    return &it->second;
  if (header_.count(name))
    throw std::logic_error("results.csv column " + name + " was not read as cells for the analyses");
  return nullptr;
}

std::vector<std::string> group_key(const std::vector<const std::vector<std::string>*>& columns, size_t row)
{
  std::vector<std::string> key;
  for (const auto* c : columns)
    key.push_back(c ? (*c)[row] : "");
  return key;
}

const std::vector<double>* ResultsData::numbers(const std::string& name) const
{
  if (auto it = columns_.find(name); it != columns_.end())
    return &it->second;
  if (header_.count(name))
    throw std::logic_error("results.csv column " + name + " was not read for the analyses");
  return nullptr;
}

const std::vector<double>* ResultsData::metric(const Experiment& ex, bool predicted, size_t metric) const
{
  return numbers(face_column(ex, predicted, metric));
}

namespace {

void both_faces(const Experiment& ex, size_t metric, std::set<std::string>& out)
{
  out.insert(face_column(ex, true, metric));
  out.insert(face_column(ex, false, metric));
}

std::set<std::string> summary_columns(const Experiment& ex)
{
  std::set<std::string> out;
  if (ex.sweep.repetitions() >= 2)
    for (size_t m = 0; m < ex.model->info().metrics.size(); ++m)
      both_faces(ex, m, out);
  return out;
}

}  // namespace

ResultsData ResultsData::for_summary(const Experiment& ex, const std::string& path)
{
  return ResultsData(path, summary_columns(ex));
}

ResultsData ResultsData::for_analyses(const Experiment& ex, const std::string& path)
{
  ResultsLayout layout          = read_results_layout(path);  // the header, read once for the decision and the rows
  std::set<std::string> columns = summary_columns(ex);
  bool rows_read = !columns.empty() || !ex.crossings.empty() || !ex.references.empty() || !ex.agreements.empty() ||
                   !ex.comparisons.empty() || !ex.tables.empty() || !ex.fits.empty() || ex.scalability ||
                   layout.column("rel_dev") >= 0;
  if (!rows_read)
    return ResultsData(path, layout, {}, false, {});
  columns.insert("rel_dev");
  for (const CrossingSpec& c : ex.crossings) {
    both_faces(ex, c.metric, columns);
    if (c.along_metric)
      both_faces(ex, c.along_index, columns);
  }
  for (const Reference& r : ex.references)
    if (r.crossing < 0)
      both_faces(ex, r.metric, columns);
  for (const Agreement& a : ex.agreements)
    both_faces(ex, a.metric, columns);
  for (const Comparison& c : ex.comparisons) {
    both_faces(ex, c.metric, columns);
    both_faces(ex, c.right_metric, columns);
  }
  for (const SummaryTable& t : ex.tables) {
    for (size_t m : t.metrics)
      both_faces(ex, m, columns);
    if (t.relative_to)
      both_faces(ex, *t.relative_to, columns);
  }
  std::set<std::string> cells;  // the swept parameters that group the rows of a law or of the scalability table
  for (const GrowthFitSpec& f : ex.fits) {
    both_faces(ex, f.metric, columns);
    for (size_t l = 0; l < f.by.size(); ++l)
      if (f.by_metric[l])
        both_faces(ex, *ex.model->info().metric_index(f.by[l]), columns);
      else
        columns.insert(f.by[l]);
    cells.insert(f.group_by.begin(), f.group_by.end());
  }
  if (const auto& s = ex.scalability) {
    both_faces(ex, s->metric, columns);
    columns.insert(s->processors);
    for (const Axis& a : ex.sweep.axes())
      if (a.name != s->processors)
        cells.insert(a.name);
  }
  return ResultsData(path, layout, columns, true, cells);
}

}  // namespace isogrid
