#include "simulator/report/aggregates.hpp"

#include "simulator/core/value.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/experiment/statistic.hpp"
#include "simulator/run/checked_file.hpp"
#include "simulator/run/csv_sink.hpp"
#include "simulator/run/results_reader.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <fstream>
#include <map>

namespace isogrid {

namespace {

std::string group_text(const Experiment& ex, const std::vector<std::pair<ParamSlot, Value>>& group)
{
  std::string out;
  for (const auto& [slot, v] : group)
    out += fmt::format("{}{}={}", out.empty() ? "" : ", ", slot_name(slot, ex.model->info()), format_value(v));
  return out.empty() ? "all points" : out;
}

}  // namespace

double first_crossing(std::vector<std::pair<double, double>> points, double level, std::string& note)
{
  points.erase(std::remove_if(points.begin(), points.end(),
                              [](const auto& p) { return std::isnan(p.first) || std::isnan(p.second); }),
               points.end());
  std::sort(points.begin(), points.end());
  if (points.empty()) {
    note = "no points";
    return std::nan("");
  }
  bool below = points.front().second < level;
  if (!below) {
    note = fmt::format("at or above {} from the first point", format_number(level));
    return std::nan("");
  }
  for (size_t i = 1; i < points.size(); ++i) {
    auto [x0, y0] = points[i - 1];
    auto [x1, y1] = points[i];
    if (y1 >= level)
      return y1 == y0 ? x1 : x0 + (level - y0) * (x1 - x0) / (y1 - y0);
  }
  note = fmt::format("stays below {}", format_number(level));
  return std::nan("");
}

std::vector<CrossingResult> compute_crossings(const Experiment& ex, const ResultsData& data)
{
  std::vector<CrossingResult> out;
  if (ex.crossings.empty())
    return out;
  // Per crossing and group: the (x, y) of each combination, repetitions averaged, for both faces.
  struct Acc {
    double x[2] = {0, 0}, y[2] = {0, 0};
    size_t n[2] = {0, 0};
  };
  // Groups in the order of their values, numbers by size (m = 2 before m = 10).
  struct GroupOrder {
    bool operator()(const std::vector<Value>& a, const std::vector<Value>& b) const { return values_less(a, b); }
  };
  std::vector<std::map<std::vector<Value>, std::pair<std::vector<std::pair<ParamSlot, Value>>, std::map<uint64_t, Acc>>,
                       GroupOrder>>
      groups(ex.crossings.size());
  // Columns of each crossing's metric and x, per face, resolved once.
  using Column = const std::vector<double>*;
  std::vector<std::array<Column, 2>> y_col(ex.crossings.size()), x_col(ex.crossings.size());
  for (size_t c = 0; c < ex.crossings.size(); ++c)
    for (int face = 0; face < 2; ++face) {
      const CrossingSpec& spec = ex.crossings[c];
      y_col[c][face]           = data.metric(ex, face == 0, spec.metric);
      x_col[c][face]           = spec.along_metric ? data.metric(ex, face == 0, spec.along_index) : nullptr;
    }
  for (size_t row = 0; row < data.size(); ++row) {
    if (!data.ok(row))
      continue;
    uint64_t combination = data.point(row) / ex.sweep.repetitions();
    Point p              = ex.sweep.point(combination * ex.sweep.repetitions());
    for (size_t c = 0; c < ex.crossings.size(); ++c) {
      const CrossingSpec& spec = ex.crossings[c];
      std::vector<std::pair<ParamSlot, Value>> key;
      std::vector<Value> values;
      for (const ParamSlot& slot : spec.for_each) {
        key.emplace_back(slot, slot.in(p.values));
        values.push_back(key.back().second);
      }
      auto& slot = groups[c][values];
      slot.first = key;
      Acc& acc   = slot.second[combination];
      for (int face = 0; face < 2; ++face) {
        double y = cell(y_col[c][face], row);
        double x = spec.along_metric ? cell(x_col[c][face], row) : std::get<double>(spec.along_param.in(p.values));
        if (std::isnan(x) || std::isnan(y))
          continue;
        acc.x[face] += x, acc.y[face] += y, acc.n[face] += 1;
      }
    }
  }
  for (size_t c = 0; c < ex.crossings.size(); ++c)
    for (const auto& [values, slot] : groups[c]) {
      CrossingResult r;
      r.spec  = c;
      r.group = slot.first;
      for (int face = 0; face < 2; ++face) {
        std::vector<std::pair<double, double>> points;
        for (const auto& [comb, acc] : slot.second)
          if (acc.n[face])
            points.emplace_back(acc.x[face] / static_cast<double>(acc.n[face]),
                                acc.y[face] / static_cast<double>(acc.n[face]));
        if (points.empty())
          continue;
        std::string note;
        (face ? r.simulated : r.predicted) = first_crossing(points, ex.crossings[c].level, note);
        if (!note.empty() && r.note.empty())
          r.note = note;
      }
      out.push_back(std::move(r));
    }
  return out;
}

void write_crossings_csv(const std::string& path, const Experiment& ex, const std::vector<CrossingResult>& results)
{
  AtomicFileWriter f(path);
  f << "crossing,metric,level,along,group,pred_x,sim_x,note\n";
  for (const auto& r : results) {
    const CrossingSpec& s = ex.crossings[r.spec];
    f << csv_field(s.name) << ',' << ex.model->info().metrics[s.metric].name << ',' << format_number(s.level) << ','
      << s.along << ',' << csv_field(group_text(ex, r.group)) << ',' << format_number(r.predicted) << ','
      << format_number(r.simulated) << ',' << csv_field(r.note) << '\n';
  }
  f.commit();
}

static std::string shown(double x) { return std::isnan(x) ? "-" : fmt::format("{:.4g}", x); }

Table crossings_table(const Experiment& ex, const std::vector<CrossingResult>& results)
{
  Table t{{{"crossing", Align::Left},
           {"group", Align::Left},
           {"reaches", Align::Left},
           {"along", Align::Left},
           {"predicted", Align::Right},
           {"simulated", Align::Right},
           {"note", Align::Left}},
          {}};
  for (const auto& r : results) {
    const CrossingSpec& s = ex.crossings[r.spec];
    t.rows.push_back({s.name, group_text(ex, r.group),
                      fmt::format("{} = {}", ex.model->info().metrics[s.metric].name, format_number(s.level)), s.along,
                      shown(r.predicted), shown(r.simulated), r.note});
  }
  return t;
}

void write_summary_csv(const std::string& path, const Experiment& ex, const ResultsData& data)
{
  if (ex.sweep.repetitions() < 2)
    return;  // each row is its own combination: the plots read results.csv as it is
  const ModelInfo& info = ex.model->info();
  std::vector<const std::vector<double>*> columns;
  std::vector<std::string> names;
  for (int face = 0; face < 2; ++face)
    for (size_t m = 0; m < info.metrics.size(); ++m)
      if (const std::vector<double>* c = data.metric(ex, face == 0, m)) {
        columns.push_back(c);
        names.push_back(face_column(ex, face == 0, m));
      }

  AtomicFileWriter f(path);
  f << "combination";
  for (const auto& p : info.params)
    f << ',' << csv_field(p.name);
  f << ",repetitions_ok";
  for (const auto& n : names)
    f << ',' << n << "_mean," << n << "_std," << n << "_median," << n << "_cv";
  f << '\n';

  // The parameter cells every row of a combination repeats, as results.csv shows them (a fixed one formatted once).
  std::vector<bool> swept(info.params.size(), false);
  for (const auto& axis : ex.sweep.axes())
    swept[axis.param] = true;
  std::vector<std::string> fixed_cells(info.params.size());
  for (size_t i = 0; i < info.params.size(); ++i)
    if (!swept[i])
      fixed_cells[i] = csv_field(shown_value(ex, i, ex.sweep.fixed()[i]));

  // The ok values of each column over the current combination's repetitions, flushed when the combination
  // changes (its rows are adjacent).
  int64_t current = -1;
  size_t ok       = 0;
  std::vector<std::vector<double>> values(columns.size());
  std::string line;
  Point p;
  auto flush = [&] {
    if (current < 0)
      return;
    line = std::to_string(current);
    ex.sweep.point_into(static_cast<uint64_t>(current) * ex.sweep.repetitions(), p);
    for (size_t i = 0; i < info.params.size(); ++i)
      line += ',' + (swept[i] ? csv_field(shown_value(ex, i, p.values[i])) : fixed_cells[i]);
    line += ',' + std::to_string(ok);
    for (const std::vector<double>& column : values) {
      if (column.size() == 1) {  // one value: its own mean and median, no spread (most sweeps repeat nothing)
        std::string text = format_number(column.front());
        line.append(",").append(text).append(",,").append(text).append(",");
        continue;
      }
      for (Statistic s : {Statistic::Mean, Statistic::Sd, Statistic::Median, Statistic::Cv})
        line += ',' + format_number(summarise(s, column));
    }
    line += '\n';
    f << line;
  };
  for (size_t row = 0; row < data.size(); ++row) {
    auto combination = static_cast<int64_t>(data.point(row) / ex.sweep.repetitions());
    if (combination != current) {
      flush();
      current = combination;
      ok      = 0;
      for (auto& column : values)
        column.clear();
    }
    if (!data.ok(row))
      continue;
    ++ok;
    for (size_t i = 0; i < columns.size(); ++i)
      if (double x = (*columns[i])[row]; !std::isnan(x))
        values[i].push_back(x);
  }
  flush();
  f.commit();
}

}  // namespace isogrid

namespace isogrid {

std::vector<AgreementResult> check_agreements(const Experiment& ex, const ResultsData& data)
{
  std::vector<AgreementResult> out;
  if (ex.agreements.empty())
    return out;
  std::vector<std::array<const std::vector<double>*, 2>> columns;  // pred_, sim_ of each agreement's metric
  for (const auto& a : ex.agreements) {
    AgreementResult r;
    r.agreement = &a;
    out.push_back(r);
    columns.push_back({data.metric(ex, true, a.metric), data.metric(ex, false, a.metric)});
  }
  for (size_t row = 0; row < data.size(); ++row) {
    if (!data.ok(row))
      continue;
    for (size_t k = 0; k < out.size(); ++k) {
      AgreementResult& r = out[k];
      double pred        = cell(columns[k][0], row);
      double sim         = cell(columns[k][1], row);
      if (std::isnan(pred) || std::isnan(sim))
        continue;
      double diff = std::fabs(sim - pred);
      bool rel    = r.agreement->tolerance_rel >= 0;
      double dev  = rel ? (pred != 0 ? diff / std::fabs(pred) : (diff == 0 ? 0 : INFINITY)) : diff;
      bool ok     = (r.agreement->tolerance_abs < 0 || diff <= r.agreement->tolerance_abs) &&
                (!rel || dev <= r.agreement->tolerance_rel);
      r.points += 1;
      r.outside += ok ? 0 : 1;
      if (dev > r.worst || r.worst_point.empty()) {
        r.worst = std::max(r.worst, dev);
        if (dev >= r.worst) {
          // From the point itself: an axis over one element of a list has no column of its own.
          r.worst_point.clear();
          Point p = ex.sweep.point(data.point(row));
          for (const auto& axis : ex.sweep.axes())
            r.worst_point +=
                fmt::format("{}{}={}", r.worst_point.empty() ? "" : ", ", axis.name, format_value(axis.in(p.values)));
        }
      }
    }
  }
  return out;
}

Table agreements_table(const Experiment& ex, const std::vector<AgreementResult>& results)
{
  Table t{{{"metric", Align::Left},
           {"simulated within", Align::Left},
           {"points", Align::Right},
           {"outside", Align::Right},
           {"worst", Align::Right},
           {"at", Align::Left},
           {"", Align::Left},
           {"source", Align::Left, false}},
          {}};
  for (const auto& r : results) {
    const Agreement& a = *r.agreement;
    bool rel           = a.tolerance_rel >= 0;
    std::string tol    = rel ? fmt::format("{:.10g}%", a.tolerance_rel * 100) : format_number(a.tolerance_abs);
    std::string worst  = rel ? fmt::format("{:.2f}%", r.worst * 100) : fmt::format("{:.3g}", r.worst);
    t.rows.push_back({ex.model->info().metrics[a.metric].name, tol + " of predicted", std::to_string(r.points),
                      std::to_string(r.outside), worst, r.worst_point, r.passed() ? "met" : "NOT MET", a.source});
  }
  return t;
}

}  // namespace isogrid
