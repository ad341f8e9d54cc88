#include "simulator/run/isoefficiency_limits.hpp"

#include "simulator/core/value.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace isogrid {

namespace {

constexpr long long kLargestScaleScanned = 100000;

const std::string& metric_name(const Experiment& ex, const IsoefficiencyTrace& trace)
{
  return ex.model->info().metrics[trace.spec().metric].name;
}

}  // namespace

std::optional<double> line_limit(const Experiment& ex, const IsoefficiencyTrace& trace, const IsoLine& line)
{
  if (ex.model->info().limits.empty())
    return std::nullopt;
  Point p = trace.probe_point({line.group, false, trace.spec().high}, 0);
  return ex.model->limit(metric_name(ex, trace), trace.spec().size_name, p);
}

std::vector<LevelReach> level_reaches(const Experiment& ex, const IsoefficiencyTrace& trace)
{
  std::vector<LevelReach> out;
  const IsoefficiencySpec& spec = trace.spec();
  const ParamSpec& scale        = ex.model->info().params[spec.scale.param];
  if (ex.model->info().limits.empty() || scale.kind != ParamKind::Integer)
    return out;
  const long long top = std::min<long long>(kLargestScaleScanned, static_cast<long long>(scale.max));
  // Groups differ by the scale and the other swept axes; the bound is per combination of the others.
  std::vector<std::vector<Value>> seen;
  for (size_t g = 0; g < trace.groups().size(); ++g) {
    std::vector<Value> others;
    for (size_t k = 0; k < trace.group_axes().size(); ++k)
      if (trace.group_axes()[k]->name != spec.scale_name)
        others.push_back(trace.groups()[g].values[k]);
    if (std::find(seen.begin(), seen.end(), others) != seen.end())
      continue;
    seen.push_back(others);
    Point p       = trace.probe_point({g, false, spec.high}, 0);
    auto limit_at = [&](long long s) {
      p.values[spec.scale.param] = static_cast<double>(s);
      return ex.model->limit(metric_name(ex, trace), spec.size_name, p);
    };
    for (size_t k = 0; k < spec.levels.size(); ++k) {
      LevelReach r{g, k, 0, 0, 0};
      std::optional<double> past = limit_at(1);
      if (!past)
        break;  // the limit does not apply to this group
      long long s = 1;
      while (past && *past >= spec.levels[k] && s < top) {
        r.largest     = s;
        r.limit_there = *past;
        past          = limit_at(++s);
      }
      if (!past || s >= top)
        continue;  // reachable as far as scanned: no bound to state
      r.limit_past = *past;
      out.push_back(r);
    }
  }
  return out;
}

std::string reach_text(const Experiment& ex, const IsoefficiencyTrace& trace, const LevelReach& r)
{
  const IsoefficiencySpec& spec = trace.spec();
  std::string where;
  const IsoGroup& g = trace.groups()[r.group];
  for (size_t k = 0; k < g.values.size(); ++k)
    if (trace.group_axes()[k]->name != spec.scale_name)
      where += fmt::format("{}{} = {}", where.empty() ? " at " : ", ", trace.group_axes()[k]->name,
                           format_value(g.values[k]));
  const std::string& metric = metric_name(ex, trace);
  const double level        = spec.levels[r.level];
  if (r.largest == 0)
    return fmt::format("{} never reaches {}{}, at any {}: its limit as {} grows is {:.6g} at {} = 1", metric,
                       format_number(level), where, spec.size_name, spec.size_name, r.limit_past, spec.scale_name);
  return fmt::format("{} reaches {}{} (as {} grows) up to {} = {}: its limit is {:.6g} there and {:.6g} at {} = {}",
                     metric, format_number(level), where, spec.size_name, spec.scale_name, r.largest, r.limit_there,
                     r.limit_past, spec.scale_name, r.largest + 1);
}

}  // namespace isogrid
