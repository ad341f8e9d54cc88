#pragma once
// A results folder's measurements in Extra-P's text input format (PARAMETER, POINTS, REGION, METRIC, DATA; the
// format of extra-p/extrap's docs/examples/input.txt), so that the same measurements open in Extra-P: one
// PARAMETER per law parameter, the POINTS their distinct value combinations in numeric order, one REGION per
// combination of the other swept parameters (a single "sweep" region when there are none), and one METRIC per face
// (sim_<metric>, pred_<metric>), whose DATA lines give every ok repetition of each point.
#include "simulator/experiment/experiment.hpp"
#include "simulator/experiment/growth_fit_spec.hpp"
#include "simulator/report/results_data.hpp"

#include <string>

namespace isogrid {

struct ExtrapExport {
  std::string text;
  size_t regions = 0, points = 0;
  std::vector<std::string> skipped;  // regions left out: a point without an ok row there
};

// `spec` must be one of ex.fits: `data` is results.csv as ResultsData::for_analyses(ex, ...) read it.
ExtrapExport extrap_text(const Experiment& ex, const GrowthFitSpec& spec, const ResultsData& data);

}  // namespace isogrid
