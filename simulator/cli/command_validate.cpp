#include "simulator/cli/commands.hpp"
#include "simulator/cli/experiment_loading.hpp"
#include "simulator/core/text.hpp"
#include "simulator/core/value.hpp"
#include "simulator/experiment/yaml_source.hpp"
#include "simulator/sg/platform_check.hpp"

#include <fmt/format.h>

namespace isogrid::cli {

namespace {

void validate_experiment(const std::string& path, const std::vector<std::string>& set, bool print_plots)
{
  Experiment ex = load_checked_experiment(path, set);
  if (print_plots) {  // for tools, and for the test that holds them against the plot schema
    fmt::print("{}\n", to_json(ex.plots).dump(2));
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
}

}  // namespace

void add_validate_command(CLI::App& app, Shared& shared)
{
  struct Args {
    std::string file;
    std::vector<std::string> set;
    bool print_plots = false;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand("validate", "Check an experiment file or a platform file (SimGrid XML or "
                                                 "isogrid YAML grid spec) without running anything");
  cmd->add_option("file", args->file, "experiment (.yaml with a `model:` key) or platform (.xml, grid .yaml)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--set", args->set, "overrides, as for `isogrid run`")->take_all();
  cmd->add_flag("--print-plots", args->print_plots,
                "print the experiment's plots as run.json will hold them (JSON, see simulator/plot/"
                "plot_spec.schema.json) instead of the summary");
  cmd->callback([args, &shared] {
    const std::string& f = args->file;
    bool experiment      = false;
    if (ends_with(f, ".yaml") || ends_with(f, ".yml")) {
      YAML::Node root = load_yaml_file(f);
      experiment      = root.IsMap() && root["model"].IsDefined();
    }
    if (experiment) {
      validate_experiment(f, args->set, args->print_plots);
      return;
    }
    try {
      std::string what = sg::check_platform_loads(f);
      fmt::print("{}: valid platform ({})\n", f, what);
    } catch (const std::exception& e) {
      fmt::print(stderr, "error: {}: platform does not load: {}\n", f, e.what());
      shared.exit_code = kBadInput;
    }
  });
}

}  // namespace isogrid::cli
