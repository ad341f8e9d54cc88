#include "app/run_flags.hpp"

#include "simulator/run/shards.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/loads/platform_loads.hpp"

namespace isogrid::cli {

void add_run_flags(CLI::App* command, RunFlags& flags, const std::string& default_out)
{
  command->add_option("-o,--out", flags.out, "output folder (default: " + default_out + ")")->check(folder_validator());
  command
      ->add_option("-j,--jobs", flags.jobs, "simulated points run in parallel, one process each (default: all cores)")
      ->check(CLI::Range(1u, 1024u));
  CLI::Option* resume = command->add_flag("--resume", flags.resume,
                                          "continue an interrupted run in the same folder; finished points are kept");
  command->add_flag("--retry-errors", flags.retry_errors, "with --resume: compute the error rows again too")
      ->needs(resume);
  command->add_flag("--force", flags.force, "replace a previous run in the output folder (every file it wrote)")
      ->excludes(resume);
  command->add_flag("--no-plot", flags.no_plot, "do not draw the plots");
  command->add_flag("--no-progress", flags.no_progress,
                    "no progress display (on a terminal, a line redrawn in place; in a log, such as CI's or Slurm's, a "
                    "line after 10 s, then every minute or so)");
  command->add_flag("--simgrid-logs", flags.simgrid_logs, "let SimGrid print its own log lines");
}

CLI::Validator folder_validator()
{
  return CLI::Validator(
      [](std::string& dir) { return dir.empty() ? std::string("an empty folder name: give a folder") : ""; }, "DIR");
}

CLI::Validator shard_validator()
{
  return CLI::Validator(
      [](std::string& value) {
        try {
          parse_shard(value);
          return std::string();
        } catch (const std::invalid_argument& e) {
          return std::string(e.what());
        }
      },
      "K/N");
}

std::string experiment_out_dir(const std::string& experiment, const std::string& out)
{
  return out.empty() ? (std::filesystem::path("results") / std::filesystem::path(experiment).stem()).string() : out;
}

std::string paper_out_dir(const std::string& paper_folder, const std::string& out)
{
  std::filesystem::path folder = std::filesystem::path(paper_folder).lexically_normal();
  if (folder.filename().empty())
    folder = folder.parent_path();
  std::filesystem::path dir =
      out.empty() ? std::filesystem::path("results") / folder.filename() : std::filesystem::path(out);
  if (dir.filename().empty())
    dir = dir.parent_path();
  return dir.string();
}

RunOptions make_run_options(const RunFlags& flags, const std::string& out_dir, const Shared& shared)
{
  RunOptions opt;
  opt.out_dir         = out_dir;
  opt.jobs            = flags.jobs ? flags.jobs : default_jobs();
  opt.resume          = flags.resume;
  opt.retry_errors    = flags.retry_errors;
  opt.force           = flags.force;
  opt.progress        = !flags.no_progress;
  opt.simgrid_logs    = flags.simgrid_logs;
  opt.command_line    = shared.command_line;
  opt.simgrid_version = sg::simgrid_version();
  // Children fork from a parent whose engine is ready: each point skips SimGrid's initialisation.
  opt.warm_up = [](const SimulationContext& c) { sg::prepare_engine(c.simgrid_config, c.simgrid_logs); };
  // Points that share a platform file start from a process that loaded it once.
  opt.prepare_platform = [](const SimulationContext& c, const std::string& platform) {
    sg::prepare_engine(c.simgrid_config, c.simgrid_logs);
    sg::prepare_platform(platform, loads::resolver());
  };
  return opt;
}

}  // namespace isogrid::cli
