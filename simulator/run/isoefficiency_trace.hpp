#pragma once
// The lines an `isoefficiency:` block traces (simulator/experiment/isoefficiency.hpp), and the probes they need,
// with no process, file or simulation: the caller evaluates the probes needed() lists and gives back each one's
// value. A line is a group (one value of every swept parameter but the size), a level and a face; it is searched by
// a LevelSearch over the size. Lines of one group and face share their probes (every level scans the same sizes
// first), and a probe's value is the metric's mean over the experiment's repetitions, each with the seed the
// sweep gives the group's point (the size at its first swept value): the same draws at every probe of a line
// (common random numbers), so that the line follows the size and not the draws.
#include "base/level_search.hpp"
#include "simulator/experiment/experiment.hpp"
#include "simulator/experiment/isoefficiency.hpp"

#include <map>
#include <optional>
#include <vector>

namespace isogrid {

struct IsoGroup {
  uint64_t combination = 0;   // the sweep combination the group's probes start from
  std::vector<Value> values;  // of every swept axis but the size's, in the sweep's order
};

struct IsoLine {
  size_t group   = 0;
  size_t level   = 0;  // index into the spec's levels
  bool simulated = false;
  LevelSearch search;
};

// One size of one group on one face: its value is the metric's mean over the repetitions.
struct ProbeKey {
  size_t group   = 0;
  bool simulated = false;
  double size    = 0;
  bool operator<(const ProbeKey& o) const
  {
    return group != o.group ? group < o.group : simulated != o.simulated ? simulated < o.simulated : size < o.size;
  }
};

class IsoefficiencyTrace {
public:
  IsoefficiencyTrace(const Experiment& ex, const IsoefficiencySpec& spec);

  // The probes with no value yet that the lines need next, in a fixed order (group, face, size); empty when every
  // line is done. Lines whose next sizes already have values take them first.
  std::vector<ProbeKey> needed();
  // The probe's value on each repetition (NaN: it could not be computed); the line searches take their mean.
  void give(const ProbeKey& probe, const std::vector<double>& repetitions);
  // A crossing's 95 % confidence interval over the repetitions (common random numbers: each repetition draws the
  // same at every probe of a line, so it has a crossing of its own): each repetition's crossing estimated from its
  // values at the two probes around the mean's (the line through them followed to the level, on log size when the
  // search is: a Newton step), then Student's t over them (on log size: the interval is relative). Nothing with one
  // repetition, at a step, or when a repetition is flat there or its estimate leaves the range: the level is then
  // not reached near here on every draw, and an interval would mislead.
  std::optional<std::pair<double, double>> crossing_interval(const IsoLine& line, const LevelCrossing& c) const;
  // What give() was given for a probe; nullptr when nothing was.
  const std::vector<double>* repetitions_at(const ProbeKey& probe) const;
  bool done() const;

  // The point of a probe's repetition: the group's sweep point with the size set.
  Point probe_point(const ProbeKey& probe, uint32_t repetition) const;

  const IsoefficiencySpec& spec() const { return spec_; }
  const std::vector<IsoGroup>& groups() const { return groups_; }
  const std::vector<IsoLine>& lines() const { return lines_; }
  // The swept axes that make a group, in order (every axis but the size's).
  const std::vector<const Axis*>& group_axes() const { return group_axes_; }
  size_t probes_given() const { return values_.size(); }

private:
  const Experiment& ex_;
  IsoefficiencySpec spec_;
  std::vector<const Axis*> group_axes_;
  std::vector<IsoGroup> groups_;
  std::vector<IsoLine> lines_;
  std::map<ProbeKey, double> values_;
  std::map<ProbeKey, std::vector<double>> repetitions_;
};

}  // namespace isogrid
