#pragma once
// What `isogrid plot` draws for an experiment. Written as
//   plots:
//     - kind: contour          # a map over two swept parameters, with labelled iso-lines
//       x: m
//       y: V
//       z: efficiency
//       levels: [0.1, 0.2, 0.3, 0.5, 0.7, 0.9]
//       infeasible: feasible   # metric that is 0 where the instance has no solution: hatched
//     - kind: line             # metrics against one swept parameter, one curve per value of `series`
//       x: m
//       y: [efficiency]
//       series: V
// Missing plots get a default: a line plot for one swept parameter, a contour map for two.
#include "simulator/core/model.hpp"
#include "simulator/experiment/axis.hpp"
#include "simulator/experiment/yaml_source.hpp"

#include <nlohmann/json.hpp>
#include <vector>

namespace isogrid {

// Validated plot specifications, as JSON handed to the plotting script through run.json. With
// `drop_misfits` (the sweep was reshaped by --set), plots that no longer fit the sweep are left out instead of
// being errors, and the default plot stands in when none is left.
// Plots draw the simulated face when the experiment simulates, else the predicted one, unless they say `face:`.
nlohmann::json read_plots(const Field& field, const Model& model, const std::vector<Axis>& axes, bool simulates,
                          bool drop_misfits = false);

}  // namespace isogrid
