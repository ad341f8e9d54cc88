#include "app/commands.hpp"
#include "app/experiment_loading.hpp"
#include "app/run_flags.hpp"
#include "simulator/core/text.hpp"
#include "simulator/core/value.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/run/run_estimate.hpp"
#include "simulator/sg/platform_check.hpp"
#include "workloads/loads/platform_loads.hpp"

#include <filesystem>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace isogrid::cli {

namespace {

// What `run` would take: "  run time: about 4m10s with 2 jobs (...)", or why it cannot say.
void print_estimate(const Experiment& ex, const std::string& out, unsigned jobs)
{
  if (auto e = estimate_run(ex, out))
    fmt::print("  run time: {}\n", describe_estimate(*e, jobs));
  else
    fmt::print("  run time: no estimate: {} holds no earlier run of this experiment, and model {} has no measured "
               "cost per point in mode {} (a first run's results.csv times every point)\n",
               out, ex.model->info().name, mode_name(ex.mode));
}

void validate_experiment(const std::string& path, const std::vector<std::string>& set, bool print_plots,
                         const std::string& out, unsigned jobs)
{
  auto [catalog, ex] = load_one_experiment(path, set);
  if (print_plots) {  // for tools, and for the test that holds them against the plot schema
    fmt::print("{}\n", to_json(ex.plots).dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    return;
  }
  fmt::print("{}: valid experiment\n", path);
  fmt::print("  model {} ({}), seed {}, {} point(s) = {} combination(s) x {} repetition(s)\n", ex.model->info().name,
             mode_name(ex.mode), ex.seed, ex.included_points, ex.sweep.combinations(), ex.sweep.repetitions());
  if (!ex.where.empty())
    fmt::print("  where {}: {} of {} point(s) kept\n", ex.where, ex.included_points, ex.sweep.size());
  for (const auto& a : ex.sweep.axes())
    fmt::print("  sweep {}: {} value(s), {} .. {}\n", a.name, a.values.size(), format_value(a.values.front()),
               format_value(a.values.back()));
  fmt::print("  {} reference value(s), {} comparison(s), {} table(s), {} plot(s)\n", ex.references.size(),
             ex.comparisons.size(), ex.tables.size(), ex.plots.size());
  print_estimate(ex, experiment_out_dir(path, out), jobs);
}

// Every study of a paper, as `reproduce` would load them: the first bad one stops with its error.
void validate_paper(const std::string& folder, const std::vector<std::string>& set, const std::string& out,
                    unsigned jobs)
{
  PaperFiles files = read_paper_folder(folder.empty() ? "." : folder);
  uint64_t points  = 0;
  for (const auto& study : files.studies)
    preload_plugins(study);
  const Catalog catalog = build_command_catalog();
  // `reproduce` writes each study into OUT/<study>.
  const std::filesystem::path paper_out = paper_out_dir(folder.empty() ? "." : folder, out);
  double wall                           = 0;
  size_t unknown                        = 0;
  for (const auto& study : files.studies) {
    Experiment ex = load_checked_experiment(study, set, catalog);
    points += ex.included_points;
    auto e           = estimate_run(ex, (paper_out / std::filesystem::path(study).stem()).string());
    double this_wall = e ? e->wall_s(jobs) : 0;
    wall += this_wall;
    unknown += e ? 0 : 1;
    fmt::print("  {}: model {} ({}), {} point(s), {}\n", study, ex.model->info().name, mode_name(ex.mode),
               ex.included_points, e ? fmt::format("about {}", format_duration(this_wall)) : "no estimate");
  }
  fmt::print("{}: valid paper \"{}\", {} {}, {} point(s)\n", folder, files.paper.title, files.studies.size(),
             files.studies.size() == 1 ? "study" : "studies", points);
  fmt::print("  run time: about {} with {}{} (each study from its last run in {}, else as shipped and measured, else "
             "from its model's measured cost "
             "per point)\n",
             format_duration(wall), counted(jobs, "job"),
             unknown ? fmt::format(", and {} without an estimate", counted(unknown, "study", "studies")) : "",
             paper_out.string());
}

}  // namespace

void add_validate_command(CLI::App& app, Shared& shared)
{
  struct Args {
    std::string file;
    std::vector<std::string> set;
    bool print_plots = false;
    std::string out;
    unsigned jobs = 0;
  };
  auto args     = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand("validate", "Check an experiment file, a paper (its folder or paper.yaml: "
                                                 "every study) or a platform file (SimGrid XML or isogrid YAML grid "
                                                 "spec) without running anything");
  cmd->add_option("file", args->file,
                  "experiment (.yaml with a `model:` key), paper (folder or paper.yaml) or platform (.xml, grid "
                  ".yaml)")
      ->required()
      ->check(CLI::ExistingPath);
  cmd->add_option("--set", args->set, "overrides, as for `isogrid run`")->take_all();
  cmd->add_flag("--print-plots", args->print_plots,
                "print the experiment's plots as run.json will hold them (JSON, see simulator/plot/"
                "plot_spec.schema.json) instead of the summary");
  cmd->add_option("-o,--out", args->out,
                  "the output folder `run` (or `reproduce`) would write, whose last run times the estimate "
                  "(default: results/<experiment or paper folder name>)");
  cmd->add_option("-j,--jobs", args->jobs, "the jobs the run time is estimated for (default: all cores)")
      ->check(CLI::Range(1u, 1024u));
  add_plugin_option(cmd, shared.plugins);
  cmd->callback([args, &shared] {
    load_plugins(shared.plugins);
    const unsigned jobs  = args->jobs ? args->jobs : default_jobs();
    const std::string& f = args->file;
    if (std::filesystem::is_directory(f) || is_paper_file(f)) {
      validate_paper(std::filesystem::is_directory(f) ? f : std::filesystem::path(f).parent_path().string(), args->set,
                     args->out, jobs);
      return;
    }
    // A YAML file is a grid spec when it says so (clusters: or star:), else an experiment, so that an experiment
    // that lost its `model:` key is told so rather than read as a platform.
    bool experiment = false;
    if (ends_with(f, ".yaml") || ends_with(f, ".yml")) {
      YAML::Node root = load_yaml_file(f);
      experiment      = !(root.IsMap() && (root["clusters"].IsDefined() || root["star"].IsDefined()));
    }
    if (experiment) {
      validate_experiment(f, args->set, args->print_plots, args->out, jobs);
      return;
    }
    try {
      std::string what = sg::describe_platform(sg::probe_platform(f, loads::resolver()));
      fmt::print("{}: valid platform ({})\n", f, what);
    } catch (const std::exception& e) {
      fmt::print(stderr, "error: {}: platform does not load: {}\n", f, e.what());
      shared.exit_code = kBadInput;
    }
  });
}

}  // namespace isogrid::cli
