#include "app/commands.hpp"
#include "app/experiment_loading.hpp"
#include "app/run_flags.hpp"
#include "app/run_report.hpp"
#include "simulator/core/text.hpp"
#include "simulator/report/run_analysis.hpp"
#include "simulator/run/runner.hpp"
#include "simulator/run/shards.hpp"

#include <filesystem>
#include <fmt/format.h>

namespace isogrid::cli {

namespace {

struct RunArgs {
  std::string experiment;
  std::vector<std::string> set;
  std::string shard;  // "K/N", or empty
  RunFlags flags;
  ReportFlags report;
};

void run(const RunArgs& args, Shared& shared)
{
  auto [catalog, ex] = load_one_experiment(args.experiment, args.set);
  std::string out    = experiment_out_dir(args.experiment, args.flags.out);
  std::optional<ShardSpec> shard;
  if (!args.shard.empty()) {
    shard = parse_shard(args.shard);  // checked when the command line was parsed
    restrict_to_shard(ex, *shard);
    if (ex.included_points == 0)
      fmt::print("shard {}/{}: no point of the sweep falls in it (more shards than points); nothing to run\n", shard->k,
                 shard->n);
  }
  RunOptions opt = make_run_options(args.flags, shard ? shard_folder(out, *shard) : out, shared);
  opt.shard      = shard;

  fmt::print("{}: {} of model {} ({}), {} -> {}\n", ex.title.empty() ? ex.file : ex.title,
             counted(ex.included_points, "point"), ex.model->info().name, mode_name(ex.mode), counted(opt.jobs, "job"),
             opt.out_dir);
  opt.estimate = estimate_run(ex, opt.out_dir);  // before the run replaces what it reads
  if (opt.estimate)
    fmt::print("estimated run time: {}\n", describe_estimate(*opt.estimate, opt.jobs));
  RunResult r = run_experiment(ex, opt);
  fmt::print("{} {} ({} already done, {} run, {}) in {}\n",
             r.interrupted ? "interrupted after" : "done:", counted(r.counts.total, "point"), r.counts.skipped,
             r.counts.ran, counted(r.counts.errors, "error"), format_duration(r.wall_s));
  if (r.error_rows)
    fmt::print("{} error row(s) in {}; --resume --retry-errors computes them again\n", r.error_rows, r.results_csv);
  if (r.trace)
    print_trace(*r.trace, opt.out_dir, "");
  if (r.interrupted) {
    write_summary(ex, opt.out_dir);
    fmt::print("finished rows are in {}; continue with --resume\n", r.results_csv);
    shared.exit_code = kInterrupted;
    return;
  }
  if (shard) {
    // A shard's rows are a part of the sweep: checks and plots wait for the merge.
    fmt::print("shard {}/{} complete: {}\nmerge the shards with: isogrid collect {}\n", shard->k, shard->n,
               r.results_csv, out);
    if (r.error_rows)
      shared.exit_code = kPointsFailed;
    return;
  }
  fmt::print("results: {}\n", r.results_csv);
  report_complete_run(ex, opt.out_dir, r, args.report, shared);
}

}  // namespace

void add_run_command(CLI::App& app, Shared& shared)
{
  auto args     = std::make_shared<RunArgs>();
  CLI::App* cmd = app.add_subcommand("run", "Run an experiment file: validate, expand the sweep, run every point, "
                                            "write results.csv, run.json and plots");
  cmd->add_option("experiment", args->experiment,
                  "experiment file (YAML), e.g. experiments/drozdowski2003/fig3-isoefficiency-m-V.yaml")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--set", args->set,
                  "override a key: --set S=10 fixes a parameter, --set 'V=logspace(0,10,21)' sweeps it, "
                  "--set seed=7 sets a top-level key, --set parameters.A=[1,2] uses a path")
      ->take_all()
      ->allow_extra_args(false);
  cmd->add_option("--shard", args->shard,
                  "run only shard K of N (e.g. 3/10) into OUT/shards/K-of-N; `isogrid collect OUT` merges the shards "
                  "(docs/cluster.md)")
      ->check(shard_validator());
  add_run_flags(cmd, args->flags, "results/<experiment name>");
  add_report_flags(cmd, args->report);
  cmd->footer("Interrupt with Ctrl-C at any time: finished rows stay in results.csv and --resume picks up the rest.\n"
              "results.csv has one row per point, in sweep order, identical for any --jobs (but for wall_s).");
  add_plugin_option(cmd, shared.plugins);
  cmd->callback([args, &shared] {
    args->report.no_plot = args->flags.no_plot;
    load_plugins(shared.plugins);
    run(*args, shared);
  });
}

}  // namespace isogrid::cli
