#include "workloads/batch/jobs_command.hpp"

#include "policies/batch/stream_summary.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/core/input_file.hpp"
#include "simulator/core/model.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/report/plotter.hpp"
#include "workloads/batch/background_stream.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

namespace isogrid::batch_cluster {

namespace {

struct JobsArgs {
  BatchClusterParams params;
  std::string out;
  unsigned long long seed = 1;
  bool plot               = true;
};

std::string option_of(const std::string& param)
{
  if (param == "trace")
    return "TRACE";
  std::string option = "--" + param;
  std::replace(option.begin(), option.end(), '_', '-');
  return option;
}

// Each number within the bounds batch-cluster declares for it, as an experiment file's would be.
void check_bounds(const BatchClusterParams& p)
{
  const ModelInfo& info = batch_cluster_schema().info();
  auto check            = [&](const char* name, double value) {
    for (const ParamSpec& spec : info.params)
      if (spec.name == name)
        if (std::optional<std::string> problem = number_problem(spec, value))
          throw InputError({}, option_of(name), *problem);
  };
  check("processors", static_cast<double>(p.processors));
  check("start_day", p.start_day);
  check("days", p.days);
  check("load_factor", p.load_factor);
  check("offered_load", p.offered_load);
  check("requested_over_run", p.requested_over_run);
  check("jobs", static_cast<double>(p.jobs));
  check("start_hour", p.start_hour);
  check("max_jobs", static_cast<double>(p.max_jobs));
}

BackgroundStream stream_of(const JobsArgs& a)
{
  check_bounds(a.params);
  if (!a.params.trace.empty()) {
    try {
      check_input_file(a.params.trace);
    } catch (const InputFileError& e) {
      throw InputError({}, "TRACE", e.what());
    }
  }
  if (a.params.offered_load > 0 && a.params.load_factor != 1)
    throw InputError({}, "--offered-load", "give a load factor or an offered load, not both");
  try {
    return background_stream(a.params, a.seed);
  } catch (const ParamError& e) {
    throw InputError({}, option_of(e.param()), e.what());
  } catch (const std::invalid_argument& e) {
    throw InputError({}, a.params.trace.empty() ? "--processors" : "TRACE", e.what());
  }
}

std::filesystem::path make_folder(const std::string& out)
{
  std::filesystem::path dir(out);
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir))
    throw InputError(
        {}, "--out",
        fmt::format("cannot make the folder {}: {}", out, error ? error.message() : "a file of that name exists"));
  return dir;
}

void write_csv(const std::filesystem::path& file, const BackgroundStream& s)
{
  std::ofstream f(file);
  f << "job,submit_s,width,run_time_s,requested_s,stream\n";
  for (size_t k = 0; k < s.jobs.size(); ++k) {
    const batch::BatchJob& j = s.jobs[k];
    f << fmt::format("{},{},{},{},{},{}\n", j.id, j.submit, j.width, j.run_time, j.requested,
                     s.interactive[k] ? "interactive" : "batch");
  }
  if (!f)
    throw InputError({}, "--out", "cannot write " + file.string());
}

void print_summary(const JobsArgs& a, const BackgroundStream& s, const batch::StreamSummary& m)
{
  std::string what =
      a.params.trace.empty() ? fmt::format("a Lublin-Feitelson stream (seed {})", a.seed) : a.params.trace;
  std::cout << fmt::format("{}: {} jobs over {:.1f} days on {} processors\n", what, m.jobs, m.days, s.processors);
  std::cout << fmt::format("  arrivals       {:.1f} jobs a day\n", m.jobs_per_day);
  std::cout << fmt::format("  offered load   {:.3f} (processor-seconds asked over those the span holds)\n",
                           m.offered_load);
  std::cout << fmt::format("  widths         mean {:.1f}, largest {}; {:.1f} % serial, {:.1f} % powers of two > 1\n",
                           m.mean_width, m.max_width, 100 * m.serial_share, 100 * m.power_of_two_share);
  std::cout << fmt::format("  run times      mean {:.0f} s, median {:.0f} s, longest {:.0f} s\n", m.mean_run_time,
                           m.median_run_time, m.max_run_time);
  std::cout << fmt::format("  parallel jobs  {:.1f} % of the processor-seconds\n", 100 * m.parallel_work_share);
}

void run_jobs(const JobsArgs& a)
{
  BackgroundStream s        = stream_of(a);  // everything checked before anything is written
  batch::StreamSummary m    = batch::summarise_stream(s.jobs, s.processors);
  std::filesystem::path dir = make_folder(a.out);
  write_csv(dir / "jobs.csv", s);
  print_summary(a, s, m);
  std::cout << "jobs: " << (dir / "jobs.csv").string() << "\n";
  if (!a.plot)
    return;
  std::string script = (std::filesystem::path(plot_script_path()).parent_path() / "isogrid_jobs_plot.py").string();
  std::string title  = a.params.trace.empty() ? fmt::format("Lublin-Feitelson stream, seed {}", a.seed)
                                              : std::filesystem::path(a.params.trace).filename().string();
  PlotResult plot    = run_plot_script(script, {dir.string(), fmt::format("{}", s.processors), title});
  if (!plot.ok)
    std::cerr << "no plot: " << plot.error << "\n";
  for (const std::string& file : plot.files)
    std::cout << "plot: " << (dir / file).string() << "\n";
}

void define_jobs_command(CLI::App& command)
{
  auto args             = std::make_shared<JobsArgs>();
  BatchClusterParams& p = args->params;
  command.add_option("trace", p.trace, "an SWF job trace (plain or .gz); none: a Lublin-Feitelson stream");
  command.add_option("--out", args->out, "folder for jobs.csv and jobs.png")->required();
  command.add_option("--processors", p.processors, "the cluster; 0: the trace's MaxProcs (a drawn stream: 128)")
      ->capture_default_str();
  command.add_option("--start-day", p.start_day, "a trace's window starts this many days in")->capture_default_str();
  command.add_option("--days", p.days, "the window's length in days; 0: to the trace's end")->capture_default_str();
  command.add_flag("--scale-widths,!--no-scale-widths", p.scale_widths,
                   "widths times processors / MaxProcs (default: on)");
  command.add_option("--load-factor", p.load_factor, "gaps between submissions divided by it, in (0, 10]")
      ->capture_default_str();
  command.add_option("--offered-load", p.offered_load, "gaps scaled so that the stream offers this; 0: as it comes")
      ->capture_default_str();
  command
      .add_option("--requested-over-run", p.requested_over_run,
                  "requested time where the stream gives none: run time times this")
      ->capture_default_str();
  command.add_option("--jobs", p.jobs, "a drawn stream's length")->capture_default_str();
  command.add_option("--start-hour", p.start_hour, "a drawn stream's clock at t = 0")->capture_default_str();
  command.add_option("--seed", args->seed, "a drawn stream's seed")->capture_default_str();
  command.add_option("--max-jobs", p.max_jobs, "the longest stream accepted")->capture_default_str();
  command.add_flag("--plot,!--no-plot", args->plot, "draw jobs.png (default: on)");
  command.footer("The options are batch-cluster's parameters: the stream shown is the one a point with them replays\n"
                 "(a drawn stream's seed here stands for the point's). docs/batch.md describes the transforms.");
  command.callback([args] { run_jobs(*args); });
}

}  // namespace

CommandEntry jobs_command()
{
  return {"jobs", "Summarise and draw a job trace or a drawn Lublin-Feitelson stream, as a batch cluster replays it",
          define_jobs_command};
}

ISOGRID_COMMAND(jobs_command);

}  // namespace isogrid::batch_cluster
