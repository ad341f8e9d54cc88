#pragma once
// What `isogrid plot` draws for an experiment. Written as
//   plots:
//     - kind: contour          # a map over two swept parameters, with labelled iso-lines
//       x: m
//       y: V
//       z: efficiency
//       levels: [0.1, 0.2, 0.3, 0.5, 0.7, 0.9]
//       infeasible: feasible   # metric that is 0 where the instance has no solution: hatched
//     - kind: line             # metrics against a swept parameter or a metric, one curve per value of `series`
//       x: m                   # with a metric (x: grain_size), every point is drawn, sorted by x
//       y: [efficiency]
//       series: V
//       panels: N_y            # optional: one panel per value of a swept parameter
//       select: {N_y: 50}      # optional, any kind: only these values of swept parameters
//     - kind: parity           # simulated against predicted, point by point, with a +-band (needs mode: both)
//       metric: time
//       band: 0.05
// Missing plots get a default: a line plot for one swept parameter, a contour map for two.
#include "simulator/core/model.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/experiment/axis.hpp"
#include "simulator/experiment/plot_spec.hpp"
#include <cstdint>

#include "simulator/experiment/isoefficiency.hpp"
#include "simulator/experiment/references.hpp"

#include <vector>

namespace isogrid {

// Validated plot specifications, handed to the plotting package through run.json (plot_spec.hpp). With
// `drop_misfits` (the sweep was reshaped by --set), plots that no longer fit the sweep are left out instead of
// being errors, and the default plot stands in when none is left.
// Plots draw the simulated face when the experiment simulates, else the predicted one, unless they say `face:`.
// `traced`: the experiment's `isoefficiency:` block, which an isoefficiency plot draws (nullptr: none); without a
// `plots:` key, such an experiment draws its lines' W(p) besides the default plot.
// `points`: how many points the sweep has (a timeline plot names one of them).
std::vector<PlotSpec> read_plots(const Field& field, const Model& model, const std::vector<Axis>& axes, bool predicts,
                                 bool simulates, bool drop_misfits = false, const IsoefficiencySpec* traced = nullptr,
                                 uint64_t points = UINT64_MAX);

// Gives each line plot the references' values of its metrics (at their x, a parameter's or a metric's), and each
// contour map those of its z (not those of crossings), to draw over its curves or at their points of the map.
void attach_paper_values(std::vector<PlotSpec>& plots, const std::vector<Reference>& references,
                         const ModelInfo& model);

}  // namespace isogrid
