#include "simulator/cli/commands.hpp"
#include "simulator/cli/experiment_loading.hpp"
#include "simulator/cli/run_flags.hpp"
#include "simulator/core/text.hpp"
#include "simulator/report/plotter.hpp"
#include "simulator/report/run_analysis.hpp"
#include "simulator/run/runner.hpp"

#include <cmath>
#include <filesystem>
#include <fmt/format.h>

namespace isogrid::cli {

namespace {

struct RunArgs {
  std::string experiment;
  std::vector<std::string> set;
  RunFlags flags;
};

std::string default_out_dir(const std::string& experiment)
{
  return (std::filesystem::path("results") / std::filesystem::path(experiment).stem()).string();
}

void run(const RunArgs& args, Shared& shared)
{
  Experiment ex = load_checked_experiment(args.experiment, args.set);
  RunOptions opt = make_run_options(args.flags, args.flags.out.empty() ? default_out_dir(args.experiment) : args.flags.out,
                                    shared);

  fmt::print("{}: {} points of model {} ({}), {} job(s) -> {}\n", ex.title.empty() ? ex.file : ex.title,
             ex.included_points, ex.model->info().name, mode_name(ex.mode), opt.jobs, opt.out_dir);
  RunResult r = run_experiment(ex, opt);
  fmt::print("{} {} points ({} already done, {} run, {} errors) in {}\n", r.interrupted ? "interrupted after" : "done:",
             r.counts.total, r.counts.skipped, r.counts.ran, r.counts.errors, format_duration(r.wall_s));
  if (r.error_rows)
    fmt::print("{} error row(s) in {}; --resume --retry-errors computes them again\n", r.error_rows, r.results_csv);
  if (r.interrupted) {
    write_summary(ex, opt.out_dir);
    fmt::print("finished rows are in {}; continue with --resume\n", r.results_csv);
    shared.exit_code = kInterrupted;
    return;
  }
  fmt::print("results: {}\n", r.results_csv);
  RunAnalysis analysis = analyse_run(ex, opt.out_dir);
  if (!std::isnan(analysis.max_deviation))
    fmt::print("simulated vs predicted {}: largest relative deviation {:.3e}\n", ex.model->info().primary_metric,
               analysis.max_deviation);
  if (r.counts.errors)
    fmt::print("{} point(s) failed; see the status and message columns\n", r.counts.errors);
  if (!analysis.crossings.empty())
    fmt::print("\ncrossings (crossings.csv):\n{}", text_table(crossings_table(ex, analysis.crossings)));
  if (!analysis.agreements.empty())
    fmt::print("\nagreement of the two faces:\n{}", text_table(agreements_table(ex, analysis.agreements)));
  if (!ex.references.empty()) {
    size_t missed = count_failures(analysis.references);
    fmt::print("\nreferences: {} of {} within tolerance\n{}", analysis.references.size() - missed,
               analysis.references.size(), text_table(references_table(ex, analysis.references)));
  }
  if (!analysis.tables.empty())
    fmt::print("\ntables:\n{}", text_sections(summary_table_sections(ex, analysis.tables)));
  if (!analysis.comparisons.empty())
    fmt::print("\ncomparisons: {} of {} group(s) hold\n{}",
               analysis.comparisons.size() - count_failures(analysis.comparisons), analysis.comparisons.size(),
               text_sections(comparison_sections(ex, analysis.comparisons)));
  if (r.error_rows)
    shared.exit_code = kPointsFailed;  // scripts and CI notice a sweep whose points failed
  if (!args.flags.no_plot && !ex.plots.empty()) {
    PlotResult plots = render_plots(opt.out_dir);
    if (plots.ok)
      for (const auto& f : plots.files)
        fmt::print("plot: {}\n", (std::filesystem::path(opt.out_dir) / f).string());
    else {
      fmt::print(stderr, "warning: {}\n", plots.error);
      shared.exit_code = kFailure;
    }
  }
}

}  // namespace

void add_run_command(CLI::App& app, Shared& shared)
{
  auto args = std::make_shared<RunArgs>();
  CLI::App* cmd = app.add_subcommand("run", "Run an experiment file: validate, expand the sweep, run every point, "
                                            "write results.csv, run.json and plots");
  cmd->add_option("experiment", args->experiment, "experiment file (YAML), e.g. experiments/drozdowski2003/fig3.yaml")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--set", args->set,
                  "override a key: --set S=10 fixes a parameter, --set 'V=logspace(0,10,21)' sweeps it, "
                  "--set seed=7 sets a top-level key, --set parameters.A=[1,2] uses a path")
      ->take_all()
      ->allow_extra_args(false);
  add_run_flags(cmd, args->flags, "results/<experiment name>");
  cmd->footer("Interrupt with Ctrl-C at any time: finished rows stay in results.csv and --resume picks up the rest.\n"
              "results.csv has one row per point, in sweep order, identical for any --jobs (but for wall_s).");
  cmd->callback([args, &shared] { run(*args, shared); });
}

}  // namespace isogrid::cli
