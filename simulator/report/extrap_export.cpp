#include "simulator/report/extrap_export.hpp"

#include "simulator/core/value.hpp"
#include "simulator/report/results_data.hpp"
#include "simulator/run/results_reader.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <map>

namespace isogrid {

namespace {

bool numbers_less(const std::vector<double>& a, const std::vector<double>& b) { return a < b; }

}  // namespace

ExtrapExport extrap_text(const Experiment& ex, const GrowthFitSpec& spec, const std::string& out_dir)
{
  const ResultsTable results = read_results((std::filesystem::path(out_dir) / "results.csv").string());
  const int status           = results.column("status");
  std::vector<int> by, groups;
  std::vector<std::string> group_names;
  // A metric parameter (the PEs a configuration gives) is read on the simulated face when the run has it.
  const bool simulated = results.column(face_column(ex, false, spec.metric)) >= 0;
  for (size_t l = 0; l < spec.by.size(); ++l)
    by.push_back(spec.by_metric[l]
                     ? results.column(face_column(ex, !simulated, *ex.model->info().metric_index(spec.by[l])))
                     : results.column(spec.by[l]));
  for (const auto& name : spec.group_by) {
    groups.push_back(results.column(name));
    group_names.push_back(name);
  }
  std::vector<std::pair<std::string, int>> faces;  // metric name as written, its column
  for (bool predicted : {false, true}) {
    std::string column = face_column(ex, predicted, spec.metric);
    if (int c = results.column(column); c >= 0)
      faces.emplace_back(column, c);
  }
  // region -> face -> point -> values
  std::map<std::vector<std::string>, std::map<std::string, std::map<std::vector<double>, std::vector<double>>>> data;
  std::vector<std::vector<double>> points;
  std::vector<std::vector<std::string>> region_order;
  for (const auto& row : results.rows) {
    if (status >= 0 && row[static_cast<size_t>(status)] != "ok")
      continue;
    std::vector<double> point;
    for (int c : by)
      point.push_back(number_cell(row, c));
    std::vector<std::string> region;
    for (int c : groups)
      region.push_back(c >= 0 ? row[static_cast<size_t>(c)] : "");
    if (!data.count(region))
      region_order.push_back(region);
    if (std::find(points.begin(), points.end(), point) == points.end())
      points.push_back(point);
    for (const auto& [name, c] : faces)
      data[region][name][point].push_back(number_cell(row, c));
  }
  std::sort(points.begin(), points.end(), numbers_less);
  ExtrapExport out;
  out.points     = points.size();
  std::string& t = out.text;
  for (const auto& p : spec.by)
    t += "PARAMETER " + p + "\n";
  t += "\n";
  for (const auto& point : points) {
    t += "POINTS (";
    for (double v : point)
      t += " " + format_number(v);
    t += " )\n";
  }
  for (const auto& region : region_order) {
    std::string name;
    for (size_t k = 0; k < region.size(); ++k)
      name += (name.empty() ? "" : ",") + group_names[k] + "=" + region[k];
    if (name.empty())
      name = "sweep";
    const auto& faces_data = data[region];
    bool whole             = true;
    for (const auto& [face, by_point] : faces_data)
      for (const auto& point : points)
        whole = whole && by_point.count(point);
    if (!whole) {
      out.skipped.push_back(name);
      continue;
    }
    ++out.regions;
    t += "\nREGION " + name + "\n";
    for (const auto& [face, column] : faces) {
      t += "METRIC " + face + "\n";
      for (const auto& point : points) {
        t += "DATA";
        for (double v : faces_data.at(face).at(point))
          t += " " + fmt::format("{:.17g}", v);
        t += "\n";
      }
    }
  }
  return out;
}

}  // namespace isogrid
