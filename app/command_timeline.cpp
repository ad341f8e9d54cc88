// `isogrid timeline EXP --point N`: runs chosen points of an experiment again with their timelines recorded, and
// writes each as a table and a Gantt chart into the experiment's results folder (docs/timelines.md). The rows of
// results.csv are not touched: a point's timeline changes none of its metrics.
#include "app/commands.hpp"
#include "app/experiment_loading.hpp"
#include "app/run_flags.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/core/timeline.hpp"
#include "simulator/process/process_pool.hpp"
#include "simulator/report/plotter.hpp"
#include "simulator/run/output_folder.hpp"
#include "simulator/run/runner.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>

namespace fs = std::filesystem;

namespace isogrid::cli {

namespace {

struct TimelineArgs {
  std::string experiment;
  std::vector<std::string> set;
  std::vector<uint64_t> points;
  std::string where;  // chooses points by their parameters, besides --point
  std::string out;
  bool no_plot = false;
};

constexpr uint64_t kMostChosen = 20;  // timelines a --where may ask for at once

[[noreturn]] void refuse(const std::string& key, const std::string& message)
{
  throw InputError(SourceLocation{}, key, message);
}

// The point's parameters as the figure's note says them.
std::string describe_point(const Experiment& ex, const Point& p, uint64_t index)
{
  std::vector<std::string> parts;
  const ModelInfo& info = ex.model->info();
  for (const Axis& axis : ex.sweep.axes())
    if (auto i = info.param_index(axis.name))
      parts.push_back(fmt::format("{} = {}", axis.name, shown_value(ex, *i, p.values[*i])));
  parts.push_back(fmt::format("repetition {}", index % ex.sweep.repetitions()));  // repetitions vary fastest
  return fmt::format("point {}: {}", index, fmt::join(parts, ", "));
}

void timeline(const TimelineArgs& args, Shared& shared)
{
  std::vector<std::string> overrides = args.set;
  if (!args.where.empty())  // the experiment's own `where:` gives way: any point of the sweep may be chosen
    overrides.push_back("where=" + args.where);
  LoadedExperiment loaded = load_one_experiment(args.experiment, overrides);
  const Experiment& ex    = loaded.ex;  // a reference, not a structured binding: the child's lambda captures it
  if (!ex.simulates())
    refuse("mode", fmt::format("a timeline records a point's simulation, and this experiment only predicts (mode: "
                               "predict){}",
                               ex.model->info().can_simulate ? "; add --set mode=both" : ""));
  std::vector<uint64_t> points = args.points;
  for (uint64_t point : points)
    if (point >= ex.sweep.size())
      refuse("--point",
             fmt::format("point {} is past the sweep, whose points are 0 .. {}", point, ex.sweep.size() - 1));
  if (!args.where.empty()) {
    if (ex.included_points > kMostChosen)
      refuse("--where", fmt::format("{} chooses {} points; a timeline each is too many (at most {}): narrow it, or "
                                    "name points with --point",
                                    args.where, ex.included_points, kMostChosen));
    for (uint64_t i = 0; i < ex.sweep.size(); ++i)
      if (ex.includes(i) && std::find(points.begin(), points.end(), i) == points.end())
        points.push_back(i);
  }
  if (points.empty())
    refuse("--point", "name a point (--point N, its index in results.csv) or choose some (--where CONDITION)");
  std::string out = experiment_out_dir(args.experiment, args.out);
  OutputLock lock(out);  // no run writes the folder meanwhile
  lock.writing();
  fs::create_directories(fs::path(out) / kTimelinesFolder);
  ProcessPool pool(1, ex.timeout_s);
  pool.close_in_children(lock.fd());
  for (uint64_t index : points) {
    Point p;
    ex.sweep.point_into(index, p);
    pool.launch(index, [&] {
      Timeline recorded;
      SimulationContext context{ex.simgrid_config, false};
      context.timeline = &recorded;
      evaluate_point(ex, p, Faces{false, true}, context);
      write_timeline(out, index, recorded);  // here: a large table need not cross the pipe
      return std::to_string(recorded.entries().size());
    });
    std::vector<ChildResult> done;
    while (done.empty())
      done = pool.wait_some();
    const ChildResult& r = done.front();
    if (!r.ok) {
      fmt::print(stderr, "error: point {}: {}\n", index, r.error);
      shared.exit_code = kFailure;
      continue;
    }
    std::string table = timeline_path(out, index);
    fmt::print("timeline: {}\n", table);
    if (r.payload == "0") {  // a model (a plugin's) whose simulation records nothing: say so, rather than draw nothing
      fmt::print(stderr,
                 "error: point {}: the {} model's simulation recorded nothing on its timeline; a model records "
                 "through SimulationContext::timeline (docs/timelines.md)\n",
                 index, ex.model->info().name);
      shared.exit_code = kFailure;
      continue;
    }
    if (args.no_plot)
      continue;
    std::string png   = fs::path(table).replace_extension(".png").string();
    std::string title = ex.title.empty() ? ex.file : ex.title;
    PlotResult drawn =
        run_plot_script((fs::path(plot_script_path()).parent_path() / "isogrid_timeline_plot.py").string(),
                        {table, png, title, describe_point(ex, p, index)});
    if (!drawn.error.empty()) {
      fmt::print(stderr, "error: drawing {}: {}\n", png, drawn.error);
      shared.exit_code = kFailure;
      continue;
    }
    fmt::print("plot: {} (and {})\n", png, fs::path(png).replace_extension(".pdf").string());
  }
}

}  // namespace

void add_timeline_command(CLI::App& app, Shared& shared)
{
  auto args     = std::make_shared<TimelineArgs>();
  CLI::App* cmd = app.add_subcommand("timeline", "Run chosen points again with their timelines recorded: who "
                                                 "computed, waited or moved when, as a table and a Gantt chart");
  cmd->add_option("experiment", args->experiment, "experiment file (YAML)")->required()->check(CLI::ExistingFile);
  cmd->add_option("--point", args->points, "a point's index in results.csv (repeatable)");
  cmd->add_option("--where", args->where,
                  "choose the points whose parameters meet this condition (as an experiment's where:, e.g. 'm == 6 "
                  "and beta >= 1'), at most 20");
  cmd->add_option("--set", args->set, "override a key, as `run --set` does");
  cmd->add_option("-o,--out", args->out, "results folder (default: results/<experiment name>)");
  cmd->add_flag("--no-plot", args->no_plot, "write the tables only");
  cmd->footer("Writes OUT/timelines/point-N.csv (the table docs/timelines.md describes), point-N.paje (the same as a "
              "Pajé trace, for ViTE and pj_dump) and its Gantt chart, point-N.png and .pdf, beside it. A timeline plot "
              "in the experiment file (kind: timeline) records its points during `isogrid run` instead.");
  cmd->callback([args, &shared] { timeline(*args, shared); });
}

}  // namespace isogrid::cli
