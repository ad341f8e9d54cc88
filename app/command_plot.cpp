#include "app/commands.hpp"
#include "simulator/report/plotter.hpp"

#include <filesystem>
#include <fmt/format.h>

namespace isogrid::cli {

void add_plot_command(CLI::App& app, Shared& shared)
{
  auto dir      = std::make_shared<std::string>();
  auto formats  = std::make_shared<std::vector<std::string>>();
  CLI::App* cmd = app.add_subcommand("plot", "Draw the plots of a results folder (line plots; contour maps with "
                                             "labelled iso-lines for two-parameter sweeps)");
  cmd->add_option("folder", *dir, "a folder written by `isogrid run` (holds results.csv and run.json)")
      ->required()
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--formats", *formats,
                  "also write every figure in these formats, beside its own (e.g. --formats pdf svg: vector images for "
                  "a paper)")
      ->check(CLI::IsMember({"png", "svg", "pdf"}))
      ->take_all();
  cmd->footer("What to draw comes from the experiment's `plots:` list (see docs/experiment-files.md); without one, "
              "a line plot for one swept parameter and a contour map for two.");
  cmd->callback([dir, formats, &shared] {
    for (const char* f : {"results.csv", "run.json"})
      if (!std::filesystem::exists(std::filesystem::path(*dir) / f)) {
        fmt::print(stderr, "error: {} has no {}; is it a folder written by `isogrid run`?\n", *dir, f);
        shared.exit_code = kBadInput;
        return;
      }
    PlotResult r = render_plots(*dir, *formats);
    if (!r.ok) {
      fmt::print(stderr, "error: {}\n", r.error);
      shared.exit_code = kFailure;
      return;
    }
    for (const auto& f : r.files)
      fmt::print("plot: {}\n", (std::filesystem::path(*dir) / f).string());
  });
}

}  // namespace isogrid::cli
