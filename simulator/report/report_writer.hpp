#pragma once
// REPORT.md for `isogrid reproduce`: per study, what was run, the paper's numbers against the predicted and
// simulated ones, the agreement between the two faces, the comparisons between sides of the sweep, and the plots.
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/plotter.hpp"
#include "simulator/report/run_analysis.hpp"
#include "simulator/run/runner.hpp"

#include <string>
#include <vector>

namespace isogrid {

// experiments/<paper>/paper.yaml: title, citation, notes, and the order of the studies (all optional).
struct PaperInfo {
  std::string title;
  std::string citation;
  std::string notes;
  std::vector<std::string> studies;  // file names, in report order; unlisted studies follow alphabetically
};

PaperInfo read_paper_info(const std::string& folder);

struct StudyReport {
  const Experiment* experiment = nullptr;
  std::string folder;  // the study's results, relative to the report ("." when the report is in them)
  RunResult run;
  PlotResult plots;
  RunAnalysis analysis;  // crossings, agreements, references, comparisons, deviation

  // The study's anchor in the report.
  std::string anchor() const { return folder == "." ? "study" : folder; }
};

void write_report(const std::string& path, const PaperInfo& paper, const std::vector<StudyReport>& studies,
                  const std::string& command_line, const std::string& simgrid_version);

}  // namespace isogrid
