#include "simulator/report/results_data.hpp"

#include "simulator/run/results_reader.hpp"

#include <stdexcept>

namespace isogrid {

std::string face_column(const Experiment& ex, bool predicted, size_t metric)
{
  return (predicted ? "pred_" : "sim_") + ex.model->info().metrics[metric].name;
}

ResultsData::ResultsData(const std::string& path, const std::set<std::string>& numeric, bool rows)
    : ResultsData(path, read_results_layout(path), numeric, rows)
{
}

ResultsData::ResultsData(const std::string& path, const ResultsLayout& layout, const std::set<std::string>& numeric,
                         bool rows)
{
  header_.insert(layout.header.begin(), layout.header.end());
  if (!rows)
    return;
  std::vector<std::pair<int, std::vector<double>*>> wanted;
  for (const std::string& name : numeric)
    if (int c = layout.column(name); c >= 0)
      wanted.emplace_back(c, &columns_[name]);
  for_each_result(path, [&](const std::vector<std::string>& row) {
    index_.push_back(layout.point(row));
    ok_.push_back(layout.ok(row) ? 1 : 0);
    for (auto& [c, column] : wanted)
      column->push_back(number_cell(row, c));
  });
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
                   !ex.comparisons.empty() || !ex.tables.empty() || layout.column("rel_dev") >= 0;
  if (!rows_read)
    return ResultsData(path, layout, {}, false);
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
  return ResultsData(path, layout, columns, true);
}

}  // namespace isogrid
