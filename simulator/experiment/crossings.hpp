#pragma once
// Where a metric crosses a level, per group of points: the isoefficiency function of Gupta & Kumar, the smallest
// beta for gamma >= 0.8 in Korkhov's design rule, the smallest load that makes m workers worth it. Written as
//   crossings:
//     - name: beta_for_gamma_0.8
//       metric: grid_efficiency      # the metric that crosses
//       level: 0.8
//       along: beta                  # a swept parameter or a metric: the x at which the crossing happens
//       for_each: [C]                # one crossing per value of these swept parameters
// After a run, crossings.csv holds, for each group and face, the x where the metric first reaches the level
// (linear interpolation between the two points around it). References can name a crossing instead of a metric.
#include "simulator/core/model.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/experiment/axis.hpp"

#include <string>
#include <vector>

namespace isogrid {

struct CrossingSpec {
  std::string name;
  size_t metric = 0;
  double level  = 0;
  std::string along;
  bool along_metric  = false;  // along names a metric (else a swept parameter, or an element of one)
  size_t along_index = 0;      // the metric, when along_metric
  ParamSlot along_param;       // the swept parameter, otherwise
  std::vector<ParamSlot> for_each;
};

std::vector<CrossingSpec> read_crossings(const Field& field, const Model& model, const std::vector<Axis>& axes);

}  // namespace isogrid
