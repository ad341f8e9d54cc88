#pragma once
// Draws a results folder's plots with matplotlib (simulator/plot/isogrid_plot.py). The C++ side only finds a
// Python that has matplotlib and hands it the folder; what to draw is in run.json.
#include <string>
#include <vector>

namespace isogrid {

struct PlotResult {
  bool ok = false;
  std::vector<std::string> files;  // written, relative to the folder
  std::string error;
};

// `formats`: images to write besides each plot's own (png, svg, pdf), whatever its spec asks.
PlotResult render_plots(const std::string& results_dir, const std::vector<std::string>& formats = {});
// Any script of simulator/plot run the same way (found Python, MPLBACKEND=Agg, arguments quoted): the files it
// reports with "wrote FILE" lines.
PlotResult run_plot_script(const std::string& script, const std::vector<std::string>& arguments);

// The interpreter used: $ISOGRID_PYTHON, else the first of /usr/bin/python3, python3 that imports matplotlib.
std::string find_plot_python();
std::string plot_script_path();

}  // namespace isogrid
