#include "simulator/report/comparison_check.hpp"

#include "simulator/core/value.hpp"
#include "simulator/run/results_reader.hpp"

#include <fmt/format.h>
#include <map>

namespace isogrid {

namespace {

using SlotValues = std::vector<std::pair<ParamSlot, Value>>;

bool point_has(const Point& p, const SlotValues& values)
{
  for (const auto& [slot, v] : values)
    if (!values_match(slot.in(p.values), v))
      return false;
  return true;
}

// The axes that tell a comparison's groups apart: every swept one but those it compares.
std::vector<const Axis*> grouping_axes(const Experiment& ex, const Comparison& c)
{
  std::vector<const Axis*> out;
  for (const auto& axis : ex.sweep.axes()) {
    bool compared = false;
    for (const auto& [slot, v] : c.left)
      compared = compared || slot.param == axis.param;
    if (axis.values.size() > 1 && !compared)
      out.push_back(&axis);
  }
  return out;
}

struct Group {
  std::string text;
  std::vector<double> values[2];  // left, right
};

// One comparison's groups, in the order their first row appears (sweep order).
struct Groups {
  std::vector<const Axis*> axes;
  std::vector<Group> list;
  std::map<std::string, size_t> by_text;
  const std::vector<double>* column[2] = {nullptr, nullptr};  // each side's metric, of the compared face
};

std::string shown(double x) { return std::isnan(x) ? "-" : fmt::format("{:.6g}", x); }

std::string verdict(const ComparisonOutcome& o)
{
  if (o.passed())
    return "pass";
  if (o.missing())
    return o.left_rows == 0 && o.right_rows == 0
               ? "FAIL (no ok row on either side)"
               : fmt::format("FAIL (no ok row on the {})", o.left_rows ? "right" : "left");
  return "FAIL";
}

// "runtime (cv, simulated): runtime=grid-gum2 vs runtime=grid-gum1 at program=raytracer"
std::string heading(const Experiment& ex, const Comparison& c)
{
  const ModelInfo& info = ex.model->info();
  auto side             = [&](size_t metric, const std::vector<std::pair<ParamSlot, Value>>& values) {
    std::string params = slot_values_text(values, info);
    if (metric == c.metric && c.metric == c.right_metric)
      return params;
    return params.empty() ? info.metrics[metric].name : info.metrics[metric].name + " at " + params;
  };
  std::string metric = c.metric == c.right_metric ? info.metrics[c.metric].name : "metrics";
  std::string out =
      fmt::format("{} ({}, {}): left {} vs right {}", metric, statistic_name(c.statistic),
                  c.predicted ? "predicted" : "simulated", side(c.metric, c.left), side(c.right_metric, c.right));
  if (!c.at.empty())
    out += " at " + slot_values_text(c.at, info);
  return out;
}

// How many of a comparison's outcomes, starting at `first`, pass, and where its outcomes end.
std::pair<size_t, size_t> tally(const std::vector<ComparisonOutcome>& outcomes, size_t first)
{
  size_t end = first, held = 0;
  for (; end < outcomes.size() && outcomes[end].comparison == outcomes[first].comparison; ++end)
    held += outcomes[end].passed() ? 1 : 0;
  return {held, end};
}

}  // namespace

std::vector<ComparisonOutcome> check_comparisons(const Experiment& ex, const ResultsData& data)
{
  std::vector<ComparisonOutcome> out;
  if (ex.comparisons.empty())
    return out;
  std::vector<Groups> groups(ex.comparisons.size());
  for (size_t k = 0; k < groups.size(); ++k) {
    const Comparison& c = ex.comparisons[k];
    groups[k].axes      = grouping_axes(ex, c);
    groups[k].column[0] = data.metric(ex, c.predicted, c.metric);
    groups[k].column[1] = data.metric(ex, c.predicted, c.right_metric);
  }
  // Parameters come from the point the row's index decodes to: an element axis has no column of its own. Every
  // row opens its group, error rows too, so that a side whose points all failed shows as missing.
  for (size_t row = 0; row < data.size(); ++row) {
    Point p = ex.sweep.point(data.point(row));
    bool ok = data.ok(row);
    for (size_t k = 0; k < groups.size(); ++k) {
      const Comparison& c = ex.comparisons[k];
      if (!point_has(p, c.at))
        continue;
      // A row can be on both sides when they differ only by metric.
      bool on_side[2] = {point_has(p, c.left), point_has(p, c.right)};
      if (!on_side[0] && !on_side[1])
        continue;
      Groups& g        = groups[k];
      std::string text = axes_values_text(g.axes, p.values);
      auto [it, added] = g.by_text.emplace(text, g.list.size());
      if (added)
        g.list.push_back({text.empty() ? "all points" : text, {}});
      for (int side = 0; side < 2; ++side)
        if (double x = cell(g.column[side], row); on_side[side] && ok && !std::isnan(x))
          g.list[it->second].values[side].push_back(x);
    }
  }
  for (size_t k = 0; k < groups.size(); ++k) {
    const Comparison& c = ex.comparisons[k];
    if (groups[k].list.empty())
      out.push_back({&c, "no point of either side was run"});
    for (const Group& g : groups[k].list) {
      ComparisonOutcome o;
      o.comparison = &c;
      o.group      = g.text;
      o.left_rows  = g.values[0].size();
      o.right_rows = g.values[1].size();
      o.left       = summarise(c.statistic, g.values[0]);
      o.right      = summarise(c.statistic, g.values[1]);
      out.push_back(std::move(o));
    }
  }
  return out;
}

std::vector<Section> comparison_sections(const Experiment& ex, const std::vector<ComparisonOutcome>& outcomes)
{
  std::vector<Section> out;
  for (size_t first = 0; first < outcomes.size();) {
    const Comparison& c = *outcomes[first].comparison;
    auto [held, end]    = tally(outcomes, first);
    Section s{fmt::format("{}: {} of {} group(s) hold{}", heading(ex, c), held, end - first,
                          c.source.empty() ? "" : " [" + c.source + "]"),
              {{{"group", Align::Left}, "left", "right", {"relation", Align::Left}, {"", Align::Left}}, {}}};
    for (size_t i = first; i < end; ++i) {
      const ComparisonOutcome& o = outcomes[i];
      s.table.rows.push_back({o.group, shown(o.left), shown(o.right), c.relation_text(), verdict(o)});
    }
    out.push_back(std::move(s));
    first = end;
  }
  return out;
}

}  // namespace isogrid
