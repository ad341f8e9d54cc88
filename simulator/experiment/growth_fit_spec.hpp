#pragma once
// Growth laws fitted to a sweep's results (base/growth_law.hpp), written as
//   fit:
//     - metric: makespan        # any metric; each face it has is fitted separately
//       by: [m]                 # one to three swept numeric parameters, each with 3 or more values, or metrics
//                               # (a PE count a configuration gives: its value on the same face)
//       group_by: [runtime]     # the swept parameters a law is fitted per value of (default: every other one)
//       terms: 1                # non-constant terms per hypothesis over one parameter: 1 (default) or 2
//       exponents: [0, 0.5, 1, 1.5, 2, 3]   # the powers i tried (default: Extra-P's 19, 0 to 3)
//       logs: [0, 1, 2]                     # the powers j of log2 tried (default: 0, 1, 2)
// (a single mapping is one fit). `group_by` groups the rows: a law per combination of their values and face, in
// fits.csv.
#include "base/growth_law.hpp"
#include "simulator/core/model.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/experiment/axis.hpp"

#include <vector>

namespace isogrid {

struct GrowthFitSpec {
  size_t metric = 0;
  std::vector<std::string> by;        // swept axes or metrics, in the order given
  std::vector<bool> by_metric;        // by[i] is a metric, read on the face fitted
  std::vector<std::string> group_by;  // swept axes, in the sweep's order
  growth::HypothesisSet hypotheses;
};

// Nothing when the experiment has no `fit:` block. Fails at the field on bad input: a metric the model lacks, a
// parameter that is not swept, not numeric or has fewer values than the law's coefficients can be told apart with,
// more than three parameters or one twice, a group_by that is not swept or is a law's parameter, an empty
// hypothesis set, terms other than 1 or 2.
std::vector<GrowthFitSpec> read_growth_fits(const Field& field, const Model& model, const std::vector<Axis>& axes);

}  // namespace isogrid
