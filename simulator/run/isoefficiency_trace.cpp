#include "simulator/run/isoefficiency_trace.hpp"

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

void IsoefficiencyTrace::give(const ProbeKey& probe, double value) { values_[probe] = value; }

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
