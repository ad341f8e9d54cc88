#include "app/commands.hpp"
#include "app/experiment_loading.hpp"
#include "app/run_flags.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/core/text.hpp"
#include "simulator/report/report_writer.hpp"
#include "simulator/report/run_analysis.hpp"
#include "simulator/sg/session.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>

namespace fs = std::filesystem;

namespace isogrid::cli {

namespace {

struct ReproduceArgs {
  std::string folder;
  RunFlags flags;
};

void reproduce(const ReproduceArgs& args, Shared& shared)
{
  auto [paper, files] = read_paper_folder(args.folder);

  // Every study is validated, and every output folder checked, before the first point runs.
  std::vector<Experiment> experiments;
  for (const auto& f : files)
    preload_plugins(f);
  const Catalog catalog = build_command_catalog();
  for (const auto& f : files)
    experiments.push_back(load_checked_experiment(f, {}, catalog));
  fs::path out = paper_out_dir(args.folder, args.flags.out);
  std::vector<RunOptions> options;
  // The engine a run prepares in this process, for its workers to adopt, keeps its settings for good: when the
  // studies' SimGrid settings differ, no study prepares one, and each worker makes its own with its study's settings.
  bool one_setting = std::all_of(experiments.begin(), experiments.end(), [&](const Experiment& ex) {
    return ex.simgrid_config == experiments.front().simgrid_config;
  });
  for (const auto& ex : experiments) {
    RunOptions opt = make_run_options(args.flags, (out / fs::path(ex.file).stem()).string(), shared);
    if (!one_setting)
      opt.warm_up = nullptr;
    check_output_folder(ex, opt);
    opt.estimate = estimate_run(ex, opt.out_dir);
    options.push_back(opt);
  }

  std::vector<StudyReport> studies;
  size_t missed       = 0;
  uint64_t error_rows = 0;
  for (size_t i = 0; i < experiments.size(); ++i) {
    const Experiment& ex = experiments[i];
    fmt::print("[{}/{}] {} ({}{})\n", i + 1, experiments.size(), ex.title.empty() ? ex.file : ex.title,
               counted(ex.included_points, "point"),
               options[i].estimate
                   ? fmt::format(", about {}", format_duration(options[i].estimate->wall_s(options[i].jobs)))
                   : "");
    StudyReport s;
    s.experiment = &ex;
    s.folder     = fs::path(ex.file).stem().string();
    s.run        = run_experiment(ex, options[i]);
    if (s.run.interrupted) {
      write_summary(ex, options[i].out_dir);
      fmt::print("interrupted; finished rows are kept, continue with --resume\n");
      shared.exit_code = kInterrupted;
      return;
    }
    s.analysis = analyse_run(ex, options[i].out_dir);
    if (!args.flags.no_plot)
      s.plots = render_plots(options[i].out_dir);
    missed += s.analysis.failures();
    error_rows += s.run.error_rows;
    const RunAnalysis& a = s.analysis;
    fmt::print("  {} in {:.1f} s, {}, references met {}/{}{}\n", counted(s.run.counts.total, "point"), s.run.wall_s,
               counted(s.run.counts.errors, "error"), a.references.size() - count_failures(a.references),
               a.references.size(),
               a.comparisons.empty()
                   ? ""
                   : fmt::format(", comparison groups held {}/{}", a.comparisons.size() - count_failures(a.comparisons),
                                 a.comparisons.size()));
    if (!s.plots.ok && !s.plots.error.empty())
      fmt::print(stderr, "  warning: {}\n", s.plots.error);
    studies.push_back(std::move(s));
  }
  std::string report = (out / "REPORT.md").string();
  write_report(report, paper, studies, shared.command_line, sg::simgrid_version());
  fmt::print("report: {}\n", report);
  if (error_rows) {
    fmt::print("{} error row(s) in the studies' results.csv; --resume --retry-errors computes them again\n",
               error_rows);
    shared.exit_code = kPointsFailed;
  }
  if (missed) {
    fmt::print("{} not met (reference values, agreements or comparison groups)\n", counted(missed, "check"));
    shared.exit_code = error_rows ? kPointsFailed : kFailure;
  }
}

}  // namespace

void add_reproduce_command(CLI::App& app, Shared& shared)
{
  auto args     = std::make_shared<ReproduceArgs>();
  CLI::App* cmd = app.add_subcommand("reproduce", "Run every study of a paper (each YAML file of the folder) and "
                                                  "write REPORT.md: paper vs predicted vs simulated, with plots");
  cmd->add_option("folder", args->folder, "a paper's folder, e.g. experiments/drozdowski2003/")
      ->required()
      ->check(CLI::ExistingDirectory);
  add_run_flags(cmd, args->flags, "results/<paper folder name>");
  cmd->footer("Exit code 1 when a reference value is out of its tolerance, an agreement is not met or a comparison "
              "fails; the report says which.");
  add_plugin_option(cmd, shared.plugins);
  cmd->callback([args, &shared] {
    load_plugins(shared.plugins);
    reproduce(*args, shared);
  });
}

}  // namespace isogrid::cli
