#pragma once
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/report_writer.hpp"

#include <memory>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace isogrid::cli {

// The command's catalog: what registered itself, and the models of the plugins loaded so far. A command loads every
// plugin it names first (--plugin: load_plugins; the files' plugins: preload_plugins), then builds it once and
// passes it down; building it closes the policy families to later plugins.
Catalog build_command_catalog();

// An experiment checked in full against `catalog`, its platform files loaded once in a child process. The plugins it
// names must be loaded before the catalog was built (preload_plugins).
Experiment load_checked_experiment(const std::string& path, const std::vector<std::string>& overrides,
                                   const Catalog& catalog);

// One experiment file read by a command that reads no other: its plugins loaded, the catalog built, the experiment
// checked against it. The catalog lives on the heap so that the experiment's references into it stay valid when
// the pair moves.
struct LoadedExperiment {
  std::unique_ptr<const Catalog> catalog;
  Experiment ex;
};
LoadedExperiment load_one_experiment(const std::string& path, const std::vector<std::string>& overrides);

// `--plugin PATH` (repeatable) on a command; load_plugins loads them into the catalog before it reads anything,
// and refuses a plugin with InputError (exit 2).
void add_plugin_option(CLI::App* command, std::vector<std::string>& plugins);
void load_plugins(const std::vector<std::string>& paths);
// The plugins an experiment file names, loaded ahead: a command that reads several files (a paper's studies) loads
// every file's plugins before it reads the first file in full.
void preload_plugins(const std::string& path);

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
