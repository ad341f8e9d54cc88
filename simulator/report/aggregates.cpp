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

const char* kFaces[2] = {"pred_", "sim_"};

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

std::vector<CrossingResult> compute_crossings(const Experiment& ex, const std::string& results_csv)
{
  std::vector<CrossingResult> out;
  if (ex.crossings.empty())
    return out;
  const ModelInfo& info = ex.model->info();
  ResultsLayout csv     = read_results_layout(results_csv);

  // Per crossing and group: the (x, y) of each combination, repetitions averaged, for both faces.
  struct Acc {
    double x[2] = {0, 0}, y[2] = {0, 0};
    size_t n[2] = {0, 0};
  };
  std::vector<std::map<std::string, std::pair<std::vector<std::pair<ParamSlot, Value>>, std::map<uint64_t, Acc>>>>
      groups(ex.crossings.size());
  // Columns of each crossing's metric and x, per face, resolved once.
  std::vector<std::array<int, 2>> y_col(ex.crossings.size()), x_col(ex.crossings.size());
  for (size_t c = 0; c < ex.crossings.size(); ++c)
    for (int face = 0; face < 2; ++face) {
      const CrossingSpec& spec = ex.crossings[c];
      y_col[c][face]           = csv.column(kFaces[face] + info.metrics[spec.metric].name);
      x_col[c][face] = spec.along_metric ? csv.column(kFaces[face] + info.metrics[spec.along_index].name) : -1;
    }
  for_each_result(results_csv, [&](const std::vector<std::string>& row) {
    if (!csv.ok(row))
      return;
    uint64_t combination = csv.point(row) / ex.sweep.repetitions();
    Point p              = ex.sweep.point(combination * ex.sweep.repetitions());
    for (size_t c = 0; c < ex.crossings.size(); ++c) {
      const CrossingSpec& spec = ex.crossings[c];
      std::vector<std::pair<ParamSlot, Value>> key;
      std::string key_text;
      for (const ParamSlot& slot : spec.for_each) {
        key.emplace_back(slot, slot.in(p.values));
        key_text += format_value(key.back().second) + "\x1f";
      }
      auto& slot = groups[c][key_text];
      slot.first = key;
      Acc& acc   = slot.second[combination];
      for (int face = 0; face < 2; ++face) {
        double y = number_cell(row, y_col[c][face]);
        double x =
            spec.along_metric ? number_cell(row, x_col[c][face]) : std::get<double>(spec.along_param.in(p.values));
        if (std::isnan(x) || std::isnan(y))
          continue;
        acc.x[face] += x, acc.y[face] += y, acc.n[face] += 1;
      }
    }
  });
  for (size_t c = 0; c < ex.crossings.size(); ++c)
    for (const auto& [text, slot] : groups[c]) {
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

void write_summary_csv(const std::string& path, const Experiment& ex, const std::string& results_csv)
{
  if (ex.sweep.repetitions() < 2)
    return;  // each row is its own combination: the plots read results.csv as it is
  const ModelInfo& info = ex.model->info();
  ResultsLayout csv     = read_results_layout(results_csv);
  std::vector<int> columns;
  std::vector<std::string> names;
  for (const char* face : kFaces)
    for (const auto& m : info.metrics)
      if (int c = csv.column(face + m.name); c >= 0) {
        columns.push_back(c);
        names.push_back(face + m.name);
      }

  AtomicFileWriter f(path);
  f << "combination";
  for (const auto& p : info.params)
    f << ',' << csv_field(p.name);
  f << ",repetitions_ok";
  for (const auto& n : names)
    f << ',' << n << "_mean," << n << "_std," << n << "_median," << n << "_cv";
  f << '\n';

  // The parameter columns, whose cells every row of a combination repeats: copied from its first row, rather than
  // decoding and formatting the point again (summary.csv may have a million rows).
  std::vector<int> parameters;
  for (const auto& p : info.params)
    parameters.push_back(csv.column(p.name));

  // The ok values of each column over the current combination's repetitions, flushed when the combination
  // changes (its rows are adjacent).
  int64_t current = -1;
  size_t ok       = 0;
  std::vector<std::string> parameter_cells;
  std::vector<std::vector<double>> values(columns.size());
  std::vector<std::string> text(columns.size());  // each column's last value as written, shortest round-trip already
  std::string line;
  auto flush = [&] {
    if (current < 0)
      return;
    line = std::to_string(current);
    for (const auto& cell : parameter_cells)
      line += ',' + csv_field(cell);
    line += ',' + std::to_string(ok);
    for (size_t i = 0; i < values.size(); ++i) {
      if (values[i].size() == 1) {  // one value: its own mean and median, no spread (most sweeps repeat nothing)
        line += ',' + text[i] + ",," + text[i] + ',';
        continue;
      }
      for (Statistic s : {Statistic::Mean, Statistic::Sd, Statistic::Median, Statistic::Cv})
        line += ',' + format_number(summarise(s, values[i]));
    }
    line += '\n';
    f << line;
  };
  for_each_result(results_csv, [&](const std::vector<std::string>& row) {
    auto combination = static_cast<int64_t>(csv.point(row) / ex.sweep.repetitions());
    if (combination != current) {
      flush();
      current = combination;
      ok      = 0;
      parameter_cells.clear();
      for (int c : parameters)
        parameter_cells.push_back(c >= 0 ? row[static_cast<size_t>(c)] : std::string());
      for (auto& column : values)
        column.clear();
    }
    if (!csv.ok(row))
      return;
    ++ok;
    for (size_t i = 0; i < columns.size(); ++i)
      if (double x = number_cell(row, columns[i]); !std::isnan(x)) {
        values[i].push_back(x);
        text[i] = row[static_cast<size_t>(columns[i])];
      }
  });
  flush();
  f.commit();
}

}  // namespace isogrid

namespace isogrid {

std::vector<AgreementResult> check_agreements(const Experiment& ex, const std::string& results_csv)
{
  std::vector<AgreementResult> out;
  if (ex.agreements.empty())
    return out;
  const ModelInfo& info = ex.model->info();
  ResultsLayout csv     = read_results_layout(results_csv);
  std::vector<std::array<int, 2>> columns;  // pred_, sim_ of each agreement's metric
  for (const auto& a : ex.agreements) {
    AgreementResult r;
    r.agreement = &a;
    out.push_back(r);
    const std::string& name = info.metrics[a.metric].name;
    columns.push_back({csv.column("pred_" + name), csv.column("sim_" + name)});
  }
  for_each_result(results_csv, [&](const std::vector<std::string>& row) {
    if (!csv.ok(row))
      return;
    for (size_t k = 0; k < out.size(); ++k) {
      AgreementResult& r = out[k];
      double pred        = number_cell(row, columns[k][0]);
      double sim         = number_cell(row, columns[k][1]);
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
          Point p = ex.sweep.point(csv.point(row));
          for (const auto& axis : ex.sweep.axes())
            r.worst_point +=
                fmt::format("{}{}={}", r.worst_point.empty() ? "" : ", ", axis.name, format_value(axis.in(p.values)));
        }
      }
    }
  });
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
