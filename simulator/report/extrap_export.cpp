#include "simulator/report/extrap_export.hpp"

#include "simulator/core/value.hpp"
#include "simulator/report/growth_fits.hpp"
#include "simulator/report/results_data.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <map>

namespace isogrid {

namespace {

bool numbers_less(const std::vector<double>& a, const std::vector<double>& b) { return a < b; }

}  // namespace

ExtrapExport extrap_text(const Experiment& ex, const GrowthFitSpec& spec, const ResultsData& data)
{
  // A metric parameter (the PEs a configuration gives) is read on the simulated face when the run has it.
  const bool simulated = data.metric(ex, false, spec.metric) != nullptr;
  const auto by        = law_parameter_columns(ex, spec, data, !simulated);
  std::vector<const std::vector<std::string>*> groups;
  for (const auto& name : spec.group_by)
    groups.push_back(data.cells(name));
  const std::vector<std::string>& group_names = spec.group_by;
  std::vector<std::pair<std::string, const std::vector<double>*>> faces;  // metric name as written, its column
  for (bool predicted : {false, true})
    if (const std::vector<double>* c = data.metric(ex, predicted, spec.metric))
      faces.emplace_back(face_column(ex, predicted, spec.metric), c);
  // region -> face -> point -> values
  std::map<std::vector<std::string>, std::map<std::string, std::map<std::vector<double>, std::vector<double>>>> values;
  std::vector<std::vector<double>> points;
  std::vector<std::vector<std::string>> region_order;
  for (size_t row = 0; row < data.size(); ++row) {
    if (!data.ok(row))
      continue;
    std::vector<double> point;
    for (const auto* c : by)
      point.push_back(cell(c, row));
    std::vector<std::string> region = group_key(groups, row);
    if (!values.count(region))
      region_order.push_back(region);
    if (std::find(points.begin(), points.end(), point) == points.end())
      points.push_back(point);
    for (const auto& [name, c] : faces)
      values[region][name][point].push_back((*c)[row]);
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
    const auto& faces_data = values[region];
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
