#pragma once
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/report_writer.hpp"

#include <string>
#include <vector>

namespace isogrid::cli {

// An experiment checked in full, its platform files loaded once in a child process.
Experiment load_checked_experiment(const std::string& path, const std::vector<std::string>& overrides);

// A paper's folder: paper.yaml's `studies` first, in its order, then its other experiment files alphabetically.
// Throws InputError when paper.yaml is malformed or the folder holds no experiment file.
struct PaperFiles {
  PaperInfo paper;
  std::vector<std::string> studies;
};
PaperFiles read_paper_folder(const std::string& folder);

// True for paper.yaml, or a YAML file with a paper's keys (studies, citation) and no `model:`.
bool is_paper_file(const std::string& path);

}  // namespace isogrid::cli
