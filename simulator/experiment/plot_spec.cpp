#include "simulator/experiment/plot_spec.hpp"

#include <nlohmann/json.hpp>

namespace isogrid {

namespace {

template <class T>
nlohmann::json optional(const std::optional<T>& value)
{
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

}  // namespace

std::string plot_kind_name(PlotKind kind)
{
  switch (kind) {
    case PlotKind::Contour: return "contour";
    case PlotKind::Line: return "line";
    case PlotKind::Parity: return "parity";
    case PlotKind::Sequence: return "sequence";
    case PlotKind::Isoefficiency: return "isoefficiency";
    case PlotKind::Timeline: return "timeline";
  }
  return "?";
}

nlohmann::json to_json(const PlotSpec& s)
{
  nlohmann::json j;
  j["kind"]             = plot_kind_name(s.kind);
  j["file"]             = s.file;
  j["title"]            = optional(s.title);
  j["face"]             = s.face;
  nlohmann::json select = nlohmann::json::object();
  for (const auto& [name, values] : s.select)
    select[name] = values;
  j["select"]          = select;
  j["x_label"]         = optional(s.x_label);
  j["y_label"]         = optional(s.y_label);
  j["size"]            = optional(s.size);
  j["formats"]         = s.formats;
  j["reference_lines"] = nlohmann::json::array();
  for (const auto& r : s.reference_lines)
    j["reference_lines"].push_back({{"axis", r.axis}, {"value", r.value}, {"label", r.label}});
  j["paper"] = nlohmann::json::array();
  for (const auto& p : s.paper) {
    nlohmann::json at = nlohmann::json::object();
    for (const auto& [name, value] : p.at)
      at[name] = value;
    j["paper"].push_back({{"metric", p.metric},
                          {"at", at},
                          {"value", p.value},
                          {"statistic", p.statistic},
                          {"derived", p.derived},
                          {"face", p.face}});
  }
  switch (s.kind) {
    case PlotKind::Contour:
      j["x"]          = s.x;
      j["x_kind"]     = "parameter";
      j["y"]          = s.y;
      j["z"]          = s.z;
      j["levels"]     = optional(s.levels);
      j["log_x"]      = s.log_x;
      j["log_y"]      = s.log_y;
      j["infeasible"] = optional(s.infeasible);
      break;
    case PlotKind::Line:
      j["x"]          = s.x;
      j["x_kind"]     = s.x_is_metric ? "metric" : "parameter";
      j["y"]          = s.metrics;
      j["series"]     = optional(s.series);
      j["panels"]     = optional(s.panels);
      j["log_x"]      = s.log_x;
      j["log_y"]      = s.log_y;
      j["bins"]       = optional(s.bins);
      j["infeasible"] = optional(s.infeasible);
      break;
    case PlotKind::Sequence:
      j["y"]          = s.metrics;
      j["series"]     = optional(s.series);
      j["panels"]     = nullptr;
      j["infeasible"] = nullptr;
      break;
    case PlotKind::Isoefficiency:
      j["x"]      = s.x;
      j["x_kind"] = "parameter";
      j["y"]      = s.y;
      j["z"]      = s.z;
      j["log_x"]  = s.log_x;
      j["log_y"]  = s.log_y;
      j["series"] = nullptr;
      j["panels"] = nullptr;
      break;
    case PlotKind::Parity:
      j["metric"]    = s.metric;
      j["series"]    = optional(s.series);
      j["panels"]    = optional(s.panels);
      j["band"]      = optional(s.band);
      j["log"]       = s.log;
      j["runs"]      = s.runs;
      j["residuals"] = s.residuals;
      break;
    case PlotKind::Timeline:
      j["point"]  = s.points;
      j["groups"] = s.groups;
      break;
  }
  return j;
}

std::set<uint64_t> timeline_points(const std::vector<PlotSpec>& plots)
{
  std::set<uint64_t> points;
  for (const PlotSpec& plot : plots)
    if (plot.kind == PlotKind::Timeline)
      for (long long point : plot.points)
        points.insert(static_cast<uint64_t>(point));
  return points;
}

nlohmann::json to_json(const std::vector<PlotSpec>& specs)
{
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : specs)
    out.push_back(to_json(s));
  return out;
}

}  // namespace isogrid
