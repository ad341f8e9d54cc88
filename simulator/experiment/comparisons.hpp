#pragma once
// Claims that order two sides of a sweep rather than pin a number: "GRID-GUM2 is never more than 5 % slower than
// GRID-GUM1", "the informed policy halves the coefficient of variation". Written as
//   comparisons:
//     - source: "Al Zain et al., Sec. 7"
//       metric: runtime
//       left: {runtime: grid-gum2}     # values of one or more parameters that select the left side
//       right: {runtime: grid-gum1}    # the same parameters, other values
//       relation: "<="                 # <, <=, >, >=: the claim is  left RELATION factor * right
//       factor: 1.05                   # default 1
//       statistic: mean                # over the repetitions of each side (statistic.hpp); default mean
//       face: simulated                # or predicted; default simulated
//       at: {program: raytracer}       # optional: only the groups with these values
// A side may also name its own metric, `left: {metric: time_be}`, `right: {metric: time_dp}`: two metrics of the
// same points ("Box Elimination's schedule beats DP's"), or of different points.
// Points are grouped by every swept parameter but those left and right name; each group yields one check.
#include "simulator/core/model.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/experiment/axis.hpp"
#include "simulator/experiment/statistic.hpp"
#include "simulator/experiment/sweep.hpp"

#include <string>
#include <utility>
#include <vector>

namespace isogrid {

class ValueReader;

// Within: an equivalence claim, left within ±margin (relative) of factor * right.
enum class Relation { Less, LessOrEqual, Greater, GreaterOrEqual, Within };

struct Comparison {
  std::string source;
  size_t metric       = 0;                         // the left side's metric
  size_t right_metric = 0;                         // the right side's: the same unless the right side names one
  std::vector<std::pair<ParamSlot, Value>> left;   // the slots compared, and the left side's values
  std::vector<std::pair<ParamSlot, Value>> right;  // the same slots in the same order, the right side's values
  std::vector<std::pair<ParamSlot, Value>> at;     // only groups with these values (none: every group)
  Relation relation   = Relation::LessOrEqual;
  double factor       = 1;
  double margin       = 0;  // Within: the relative margin, e.g. 0.05 for "within 5 %"
  Statistic statistic = Statistic::Mean;
  bool predicted      = false;  // the face compared: the predicted one, else the simulated one
  SourceLocation where;

  // left RELATION factor * right; false when either side is NaN.
  bool holds(double left_value, double right_value) const;
  // "left <= 1.05 × right" ("left <= right" when the factor is 1); "left within ±5 % of right".
  std::string relation_text() const;
};

// Reads `comparisons:` and checks every name and value against the model and the sweep: left and right name the
// same parameters, each value is one the sweep takes (or the fixed one), `at` does not name a compared parameter,
// and the face is one the experiment computes. `lenient` (--set reshaped the sweep): comparisons that no longer
// fit the sweep are left out instead, and a face not computed is reported at check time.
std::vector<Comparison> read_comparisons(const Field& field, const Model& model, const ValueReader& reader,
                                         const Sweep& sweep, bool predicts, bool simulates, bool lenient);

// "runtime=grid-gum2, program=raytracer": how reports name one side or a filter.
std::string slot_values_text(const std::vector<std::pair<ParamSlot, Value>>& values, const ModelInfo& model);

}  // namespace isogrid
