#include "simulator/report/scalability.hpp"

#include "simulator/core/value.hpp"
#include "simulator/report/results_data.hpp"
#include "simulator/run/csv_sink.hpp"
#include "simulator/run/results_reader.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <map>

namespace isogrid {

namespace {

std::string cell_number(double x) { return std::isfinite(x) ? format_number(x) : ""; }

}  // namespace

ScalabilityValues scalability_against(double baseline, double baseline_time, double processors, double time)
{
  ScalabilityValues v;
  v.speedup         = baseline_time / time;
  v.efficiency      = v.speedup * baseline / processors;
  const double r    = baseline / processors;
  v.serial_fraction = processors == baseline ? std::nan("") : (1 / v.speedup - r) / (1 - r);
  return v;
}

ScalabilityTable compute_scalability(const Experiment& ex, const ResultsData& data)
{
  ScalabilityTable out;
  if (!ex.scalability)
    return out;
  const ScalabilitySpec& spec           = *ex.scalability;
  const std::vector<double>* processors = data.numbers(spec.processors);
  std::vector<const std::vector<std::string>*> group;
  for (const Axis& a : ex.sweep.axes())
    if (a.name != spec.processors) {
      out.group_columns.push_back(a.name);
      group.push_back(data.cells(a.name));
    }
  // (group, face) -> processors -> (sum, count)
  std::map<std::pair<std::vector<std::string>, std::string>, std::map<double, std::pair<double, size_t>>> sums;
  std::vector<std::vector<std::string>> groups;
  for (bool predicted : {true, false}) {
    const std::vector<double>* y = data.metric(ex, predicted, spec.metric);
    if (!y)
      continue;
    for (size_t row = 0; row < data.size(); ++row) {
      if (!data.ok(row))
        continue;
      std::vector<std::string> key = group_key(group, row);
      if (std::find(groups.begin(), groups.end(), key) == groups.end())
        groups.push_back(key);
      double t = (*y)[row];
      if (!std::isfinite(t))
        continue;
      auto& s = sums[{key, face_name(!predicted)}][cell(processors, row)];
      s.first += t;
      ++s.second;
    }
  }
  std::sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) { return cells_less(a, b); });
  for (const auto& key : groups)
    for (const char* face : {"predicted", "simulated"}) {
      auto found = sums.find({key, face});
      if (found == sums.end())
        continue;
      const auto& by_p = found->second;
      auto base        = by_p.find(spec.baseline);
      for (const auto& [p, s] : by_p) {
        ScalabilityRow r{key, face, p, s.first / static_cast<double>(s.second), s.second, {}, base != by_p.end()};
        if (r.has_baseline)
          r.values = scalability_against(spec.baseline, base->second.first / static_cast<double>(base->second.second),
                                         p, r.time);
        out.rows.push_back(std::move(r));
      }
    }
  return out;
}

std::string scalability_csv(const Experiment& ex, const ScalabilityTable& t)
{
  const ScalabilitySpec& spec     = *ex.scalability;
  std::vector<std::string> header = {"metric"};
  header.insert(header.end(), t.group_columns.begin(), t.group_columns.end());
  for (const std::string& c :
       {std::string("face"), spec.processors, std::string("baseline"), std::string("mean_time"),
        std::string("repetitions"), std::string("speedup"), std::string("efficiency"), std::string("karp_flatt")})
    header.push_back(c);
  std::string out           = csv_line(header) + "\n";
  const std::string& metric = ex.model->info().metrics[spec.metric].name;
  for (const ScalabilityRow& r : t.rows) {
    std::vector<std::string> row = {metric};
    row.insert(row.end(), r.group.begin(), r.group.end());
    row.insert(row.end(), {r.face, format_number(r.processors), format_number(spec.baseline), format_number(r.time),
                           std::to_string(r.repetitions)});
    if (r.has_baseline)
      row.insert(row.end(), {cell_number(r.values.speedup), cell_number(r.values.efficiency),
                             cell_number(r.values.serial_fraction)});
    else
      row.insert(row.end(), {"", "", ""});
    out += csv_line(row) + "\n";
  }
  return out;
}

Table scalability_table(const Experiment& ex, const ScalabilityTable& t)
{
  const ScalabilitySpec& spec = *ex.scalability;
  Table table;
  for (const auto& c : t.group_columns)
    table.columns.emplace_back(c);
  for (const std::string& c :
       {std::string("face"), spec.processors, ex.model->info().metrics[spec.metric].name + " (mean)",
        std::string("speedup"), std::string("efficiency"), std::string("Karp-Flatt e")})
    table.columns.emplace_back(c);
  for (const ScalabilityRow& r : t.rows) {
    std::vector<std::string> row = r.group;
    row.insert(row.end(), {r.face, format_number(r.processors), fmt::format("{:.6g}", r.time)});
    if (r.has_baseline)
      row.insert(row.end(),
                 {fmt::format("{:.4g}", r.values.speedup), fmt::format("{:.4g}", r.values.efficiency),
                  std::isfinite(r.values.serial_fraction) ? fmt::format("{:.4g}", r.values.serial_fraction) : "-"});
    else
      row.insert(row.end(), {"no baseline", "", ""});
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace isogrid
