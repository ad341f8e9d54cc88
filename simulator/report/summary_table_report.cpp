#include "simulator/report/summary_table_report.hpp"

#include "base/paired_statistics.hpp"
#include "simulator/run/results_reader.hpp"

#include <cmath>
#include <fmt/format.h>
#include <map>

namespace isogrid {

namespace {

std::string shown(double x) { return std::isnan(x) ? "-" : fmt::format("{:.4g}", x); }

// "8.851 (71.29)": the value, and the paper's when the table gives it; a mean with the half-width of its 95 %
// interval, "8.851 ± 0.4107 (71.29)".
std::string cell(double value, double half_width, const std::vector<double>* paper, size_t k)
{
  std::string text = std::isnan(half_width) ? shown(value) : fmt::format("{} ± {}", shown(value), shown(half_width));
  return paper ? fmt::format("{} ({})", text, shown((*paper)[k])) : text;
}

// The paper's mean of a row over the paper's mean of relative_to, when the table lists the mean for both.
double paper_ratio(const SummaryTable& t, size_t metric)
{
  if (!t.relative_to)
    return std::nan("");
  for (size_t k = 0; k < t.statistics.size(); ++k)
    if (t.statistics[k] == Statistic::Mean) {
      auto row = t.paper.find(metric), base = t.paper.find(*t.relative_to);
      if (row != t.paper.end() && base != t.paper.end())
        return row->second[k] / base->second[k];
    }
  return std::nan("");
}

// A table's rows and columns for one group.
Table layout(const Experiment& ex, const SummaryTableOutcome& o)
{
  const SummaryTable& t = *o.table;
  const ModelInfo& info = ex.model->info();
  std::string paper     = t.paper.empty() ? "" : " (paper)";
  Table table{{{"metric", Align::Left}}, {}};
  for (Statistic s : t.statistics)
    table.columns.push_back({(s == Statistic::Mean ? "mean ± 95 % CI" : statistic_name(s)) + paper, Align::Right});
  if (t.relative_to)
    table.columns.push_back({"mean / mean of " + info.metrics[*t.relative_to].name + paper, Align::Right});
  table.columns.push_back({"rows", Align::Right});
  for (size_t r = 0; r < t.metrics.size(); ++r) {
    auto it                          = t.paper.find(t.metrics[r]);
    const std::vector<double>* given = it == t.paper.end() ? nullptr : &it->second;
    std::vector<std::string> row{info.metrics[t.metrics[r]].name};
    for (size_t k = 0; k < t.statistics.size(); ++k)
      row.push_back(
          cell(o.cells[r][k], t.statistics[k] == Statistic::Mean ? o.mean_half_width[r] : std::nan(""), given, k));
    if (t.relative_to) {
      double ratio = paper_ratio(t, t.metrics[r]);
      row.push_back(std::isnan(ratio) ? shown(o.relative[r])
                                      : fmt::format("{} ({})", shown(o.relative[r]), shown(ratio)));
    }
    row.push_back(std::to_string(o.rows_ok[r]));
    table.rows.push_back(std::move(row));
  }
  return table;
}

std::string heading(const SummaryTableOutcome& o)
{
  const SummaryTable& t = *o.table;
  std::string face      = t.predicted ? "predicted" : "simulated";
  std::string title     = t.title.empty() ? "table" : t.title;
  return fmt::format("{} ({}, {})", title, face, o.group);
}

}  // namespace

std::vector<SummaryTableOutcome> fill_summary_tables(const Experiment& ex, const ResultsData& data)
{
  std::vector<SummaryTableOutcome> out;
  if (ex.tables.empty())
    return out;
  std::vector<const Axis*> axes;
  for (const auto& axis : ex.sweep.axes())
    if (axis.values.size() > 1)
      axes.push_back(&axis);

  // Per table: its groups in sweep order, each holding the values of every row metric and of relative_to.
  struct Group {
    std::string text;
    std::vector<std::vector<double>> values;  // per row metric, then relative_to's last
  };
  struct Columns {
    std::vector<const std::vector<double>*> column;  // per row metric, then relative_to's
    std::vector<Group> groups;
    std::map<std::string, size_t> by_text;
  };
  std::vector<Columns> tables(ex.tables.size());
  for (size_t k = 0; k < tables.size(); ++k) {
    const SummaryTable& t = ex.tables[k];
    for (size_t metric : t.metrics)
      tables[k].column.push_back(data.metric(ex, t.predicted, metric));
    if (t.relative_to)
      tables[k].column.push_back(data.metric(ex, t.predicted, *t.relative_to));
  }
  for (size_t row = 0; row < data.size(); ++row) {
    Point p          = ex.sweep.point(data.point(row));
    std::string text = axes_values_text(axes, p.values);
    bool ok          = data.ok(row);
    for (auto& table : tables) {
      auto [it, added] = table.by_text.emplace(text, table.groups.size());
      if (added)
        table.groups.push_back(
            {text.empty() ? "all points" : text, std::vector<std::vector<double>>(table.column.size())});
      for (size_t c = 0; c < table.column.size(); ++c)
        if (double x = cell(table.column[c], row); ok && !std::isnan(x))
          table.groups[it->second].values[c].push_back(x);
    }
  }
  for (size_t k = 0; k < tables.size(); ++k) {
    const SummaryTable& t = ex.tables[k];
    for (const auto& g : tables[k].groups) {
      SummaryTableOutcome o;
      o.table     = &t;
      o.group     = g.text;
      double base = t.relative_to ? summarise(Statistic::Mean, g.values.back()) : std::nan("");
      for (size_t r = 0; r < t.metrics.size(); ++r) {
        o.rows_ok.push_back(g.values[r].size());
        std::vector<double> cells;
        for (Statistic s : t.statistics)
          cells.push_back(summarise(s, g.values[r]));
        o.cells.push_back(std::move(cells));
        o.relative.push_back(summarise(Statistic::Mean, g.values[r]) / base);
        o.mean_half_width.push_back(mean_interval(g.values[r]).half_width);
      }
      out.push_back(std::move(o));
    }
  }
  return out;
}

std::vector<Section> summary_table_sections(const Experiment& ex, const std::vector<SummaryTableOutcome>& outcomes)
{
  std::vector<Section> out;
  for (const auto& o : outcomes)
    out.push_back({heading(o), layout(ex, o)});
  return out;
}

}  // namespace isogrid
