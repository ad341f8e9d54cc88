// `isogrid collect DIR`: merges the shards of a sweep into DIR's results.csv and run.json, then checks and plots it
// as `run` does.
#include "app/commands.hpp"
#include "app/experiment_loading.hpp"
#include "app/run_report.hpp"
#include "simulator/core/text.hpp"
#include "simulator/process/process_pool.hpp"
#include "simulator/run/collect.hpp"
#include "simulator/run/interrupt_guard.hpp"
#include "simulator/run/isoefficiency_runner.hpp"
#include "simulator/run/shards.hpp"
#include "simulator/sg/session.hpp"

#include <fmt/format.h>

namespace isogrid::cli {

namespace {

struct CollectArgs {
  std::string dir;
  std::string experiment;  // empty: the one the shards' run.json names
  std::vector<std::string> set;
  ReportFlags report;
};

void collect(const CollectArgs& args, Shared& shared)
{
  ShardedExperiment recorded         = sharded_experiment(args.dir);
  std::string path                   = args.experiment.empty() ? recorded.path : args.experiment;
  std::vector<std::string> overrides = args.experiment.empty() ? recorded.overrides : args.set;
  auto [catalog, ex]                 = load_one_experiment(path, overrides);
  fmt::print("{}: merging {} shards of {} points -> {}\n", ex.title.empty() ? ex.file : ex.title, recorded.shards,
             ex.included_points, args.dir);
  CollectResult r = collect_shards(ex, args.dir, shared.command_line, sg::simgrid_version());
  fmt::print("done: {} points from {} shards ({} of machine time); results: {}\n", r.counts.total, r.shards,
             format_duration(r.shards_wall_s), r.results_csv);
  if (r.counts.error_rows)
    fmt::print("{} error row(s); rerun their shards with --resume --retry-errors, then collect again\n",
               r.counts.error_rows);
  // The isoefficiency lines need the whole sweep, so the shards do not trace them: the merged run does, here.
  if (ex.isoefficiency) {
    InterruptGuard guard;
    ProcessPool pool(default_jobs(), ex.timeout_s);
    TraceCounts t =
        trace_isoefficiency(ex, *ex.isoefficiency, pool, SimulationContext{ex.simgrid_config, false}, args.dir);
    print_trace(t, args.dir, "; collect again to continue");
    if (t.interrupted) {
      shared.exit_code = kInterrupted;
      return;
    }
  }
  RunResult merged;
  merged.counts     = r.counts;
  merged.error_rows = r.counts.error_rows;
  merged.wall_s     = r.shards_wall_s;
  report_complete_run(ex, args.dir, merged, args.report, shared);
}

}  // namespace

void add_collect_command(CLI::App& app, Shared& shared)
{
  auto args     = std::make_shared<CollectArgs>();
  CLI::App* cmd = app.add_subcommand("collect", "Merge the shards of a sweep (isogrid run --shard K/N --out DIR) into "
                                                "DIR/results.csv and run.json, then check and plot it as run does");
  cmd->add_option("dir", args->dir, "the --out folder the shards ran into (it holds shards/K-of-N)")
      ->required()
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--experiment", args->experiment,
                  "the experiment file, when the path the shards recorded is not valid here")
      ->check(CLI::ExistingFile);
  cmd->add_option("--set", args->set, "with --experiment: the overrides the shards ran with")->take_all();
  cmd->add_flag("--no-plot", args->report.no_plot, "do not draw the plots");
  add_report_flags(cmd, args->report);
  cmd->footer("Refused, with nothing written, unless every shard is complete and all ran the same experiment with the\n"
              "same isogrid and SimGrid. The merged results.csv is the one a run on one machine writes, but for "
              "wall_s.");
  cmd->callback([args, &shared] { collect(*args, shared); });
}

}  // namespace isogrid::cli
