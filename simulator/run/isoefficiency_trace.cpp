#include "simulator/run/isoefficiency_trace.hpp"

#include "base/paired_statistics.hpp"

#include <cmath>
#include <set>

namespace isogrid {

namespace {

LevelSearchSettings search_settings(const IsoefficiencySpec& spec, double level)
{
  LevelSearchSettings s;
  s.level     = level;
  s.low       = spec.low;
  s.high      = spec.high;
  s.log_scale = spec.log_scale;
  s.whole     = spec.whole;
  s.scan      = spec.scan;
  s.tolerance = spec.tolerance;
  return s;
}

}  // namespace

IsoefficiencyTrace::IsoefficiencyTrace(const Experiment& ex, const IsoefficiencySpec& spec) : ex_(ex), spec_(spec)
{
  const std::vector<Axis>& axes = ex.sweep.axes();
  std::optional<size_t> size_axis;
  for (size_t k = 0; k < axes.size(); ++k) {
    if (axes[k].param == spec.size && !axes[k].element)
      size_axis = k;
    else
      group_axes_.push_back(&axes[k]);
  }
  // Every combination of the group axes, in the sweep's order, with the size's axis (if swept) at its first value.
  std::vector<size_t> positions(axes.size(), 0);
  for (;;) {
    IsoGroup g;
    g.combination = ex.sweep.combination_at(positions);
    for (size_t k = 0; k < axes.size(); ++k)
      if (!size_axis || k != *size_axis)
        g.values.push_back(axes[k].values[positions[k]]);
    groups_.push_back(std::move(g));
    size_t k = axes.size();
    while (k-- > 0) {
      if (size_axis && k == *size_axis)
        continue;
      if (++positions[k] < axes[k].values.size())
        break;
      positions[k] = 0;
    }
    if (k == static_cast<size_t>(-1))
      break;
  }
  for (size_t g = 0; g < groups_.size(); ++g)
    for (bool simulated : {false, true}) {
      if (simulated ? !ex.simulates() : !ex.predicts())
        continue;
      for (size_t level = 0; level < spec.levels.size(); ++level)
        lines_.push_back(IsoLine{g, level, simulated, LevelSearch(search_settings(spec, spec.levels[level]))});
    }
}

std::vector<ProbeKey> IsoefficiencyTrace::needed()
{
  std::set<ProbeKey> out;
  for (IsoLine& line : lines_) {
    bool advanced = true;
    while (advanced && !line.search.done()) {
      advanced = false;
      for (double x : line.search.wanted()) {
        ProbeKey key{line.group, line.simulated, x};
        auto known = values_.find(key);
        if (known == values_.end()) {
          out.insert(key);
          continue;
        }
        line.search.take(x, known->second);
        advanced = true;
        if (line.search.done())
          break;
      }
    }
  }
  return {out.begin(), out.end()};
}

void IsoefficiencyTrace::give(const ProbeKey& probe, const std::vector<double>& repetitions)
{
  double sum = 0;
  for (double v : repetitions)
    sum += v;
  values_[probe]      = sum / static_cast<double>(repetitions.size());
  repetitions_[probe] = repetitions;
}

std::optional<std::pair<double, double>> IsoefficiencyTrace::crossing_interval(const IsoLine& line,
                                                                               const LevelCrossing& c) const
{
  const std::vector<double>* before = repetitions_at({line.group, line.simulated, c.before_x});
  const std::vector<double>* after  = repetitions_at({line.group, line.simulated, c.after_x});
  if (c.jump || !before || !after || before->size() < 2)
    return std::nullopt;
  const bool log_scale = spec_.log_scale;
  const double u0 = log_scale ? std::log(c.before_x) : c.before_x, u1 = log_scale ? std::log(c.after_x) : c.after_x;
  const double level = spec_.levels[line.level];
  // In the search's own coordinate (log size on a log scale), so that the interval is a relative one there.
  std::vector<double> crossings;
  for (size_t r = 0; r < before->size(); ++r) {
    double y0 = (*before)[r], y1 = (*after)[r];
    if (!std::isfinite(y0) || !std::isfinite(y1) || y0 == y1)
      return std::nullopt;  // a repetition flat here: it has no crossing nearby to estimate
    // The repetition's own curve through the bracket's two probes, followed to the level: a Newton step from the
    // mean's crossing (the bracket is narrow, so this is the curve's tangent).
    double u = u0 + (level - y0) / (y1 - y0) * (u1 - u0);
    double x = log_scale ? std::exp(u) : u;
    if (!(x >= spec_.low && x <= spec_.high))
      return std::nullopt;  // a repetition whose curve does not reach the level within the range near here
    crossings.push_back(u);
  }
  const auto [mean, half] = mean_interval(crossings);
  if (log_scale)
    return std::make_pair(std::exp(mean - half), std::exp(mean + half));
  return std::make_pair(mean - half, mean + half);
}

const std::vector<double>* IsoefficiencyTrace::repetitions_at(const ProbeKey& probe) const
{
  auto found = repetitions_.find(probe);
  return found == repetitions_.end() ? nullptr : &found->second;
}

bool IsoefficiencyTrace::done() const
{
  for (const IsoLine& line : lines_)
    if (!line.search.done())
      return false;
  return true;
}

Point IsoefficiencyTrace::probe_point(const ProbeKey& probe, uint32_t repetition) const
{
  Point p = ex_.sweep.point(groups_[probe.group].combination * ex_.sweep.repetitions() + repetition);
  ParamSlot{spec_.size, std::nullopt}.set(p.values, Value(probe.size));
  return p;
}

}  // namespace isogrid
