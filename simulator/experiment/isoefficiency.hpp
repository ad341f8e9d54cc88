#pragma once
// Isoefficiency lines traced, not contoured (Drozdowski & Wielebski 2003, Sec. 4; Grama, Gupta & Kumar 1993): for
// each value of a scale parameter and each level k, the problem size at which a metric reaches k, found by search
// (base/level_search.hpp) on each face separately. Written as
//   isoefficiency:
//     metric: efficiency       # any metric
//     scale: m                 # a swept parameter: one size per value (W(p)'s p)
//     size: V                  # the numeric parameter solved for (its sweep, if any, is the contour map's)
//     levels: [0.3, 0.5, 0.7]
//     range: [1, 1e10]         # where the size is searched
//     log: true                # search on log(size) (default when range spans two decades or more)
//     tolerance: 1e-10         # on log(size) (relative), or relative to the range's width on a linear scale
//     scan: 9                  # values spread over the range before narrowing, to see every crossing
//     crossing: first          # which crossing makes W(p): the first, or `hold`: the size from which the metric
//                              # stays at or above k to the range's end (its last crossing, when that one rises)
// Every swept parameter but `size` groups the lines: a line per combination of their values, level and face.
#include "simulator/core/model.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/experiment/axis.hpp"

#include <optional>
#include <vector>

namespace isogrid {

struct IsoefficiencySpec {
  size_t metric = 0;
  ParamSlot scale;  // a swept axis
  std::string scale_name;
  size_t size = 0;  // a model parameter
  std::string size_name;
  std::vector<double> levels;  // increasing
  double low = 0, high = 0;
  bool log_scale   = true;
  bool whole       = false;  // the size parameter takes whole values
  double tolerance = 1e-10;
  size_t scan      = 9;
  bool hold        = false;  // W(p) takes the crossing from which the level holds, not the first
};

// Nothing when the experiment has no `isoefficiency:` block. Fails at the field on bad input: a level outside
// (0, 1] for a metric named *efficiency, a size that is not a single number or is the scale, a range whose ends
// are equal, reversed or outside the size's bounds, a scale that is not swept.
std::optional<IsoefficiencySpec> read_isoefficiency(const Field& field, const Model& model,
                                                    const std::vector<Axis>& axes);

}  // namespace isogrid
