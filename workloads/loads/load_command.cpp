#include "workloads/loads/load_command.hpp"

#include "policies/loads/generators.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/units.hpp"
#include "simulator/report/plotter.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

namespace isogrid::loads {

namespace {

struct LoadArgs {
  std::string generator;
  std::string out;
  long long resources        = 4;
  double hours               = 3;
  unsigned long long seed    = 1;
  double value               = 1;
  std::string link_bandwidth = "100Mbps";
  bool plot                  = true;
};

void write_file(const std::filesystem::path& path, const std::string& text)
{
  std::ofstream f(path);
  f << text;
  if (!f)
    throw InputError({}, "--out", "cannot write " + path.string());
}

void run_load(const LoadArgs& a)
{
  // Everything is checked before anything is written.
  if (!load_generators().contains(a.generator))
    throw InputError({}, "generator", unknown_name_message("load generator", a.generator, load_generators().names()));
  const LoadGenerator& generator = load_generators().get(a.generator);
  if (a.resources < 1 || a.resources > 10000)
    throw InputError({}, "--resources", fmt::format("expected 1 to 10 000 resources, got {}", a.resources));
  if (!(std::isfinite(a.hours) && a.hours > 0 && a.hours <= 24 * 365))
    throw InputError({}, "--hours", fmt::format("expected a positive number of hours, up to a year, got {}", a.hours));
  if (!(a.value > 0 && a.value <= 1))
    throw InputError({}, "--value", fmt::format("a constant load leaves a share in (0, 1] free, got {}", a.value));
  double nominal = 1;
  if (generator.target == LoadTarget::Bandwidth) {
    try {
      nominal = parse_bandwidth(a.link_bandwidth);
    } catch (const std::invalid_argument& e) {
      throw InputError({}, "--link-bandwidth", e.what());
    }
  }
  GeneratorOptions options{a.hours * 3600, a.value};
  std::vector<AvailabilityTrace> traces;
  for (long long k = 0; k < a.resources; ++k) {
    SeededRandom random = resource_stream(a.seed, static_cast<std::size_t>(k));
    traces.push_back(generator.draw(options, random));
  }

  std::filesystem::path dir(a.out);
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir))
    throw InputError(
        {}, "--out",
        fmt::format("cannot make the folder {}: {}", a.out, error ? error.message() : "a file of that name exists"));
  const bool bandwidth = generator.target == LoadTarget::Bandwidth;
  std::string csv      = "resource,time,available\n";
  for (std::size_t k = 0; k < traces.size(); ++k) {
    // SimGrid reads a speed profile as shares of the peak, a bandwidth profile in bytes per second.
    std::string header =
        fmt::format("# isogrid load {} --seed {} --hours {}: resource {}; {}\n", a.generator, a.seed, a.hours, k,
                    bandwidth ? fmt::format("bandwidth_file values in B/s of a {} link", a.link_bandwidth)
                              : std::string("speed_file values as shares of the peak speed"));
    write_file(dir / fmt::format("{}-{}.profile", a.generator, k),
               header + profile_text(traces[k], bandwidth ? nominal : 1));
    for (const Step& s : traces[k].steps())
      csv += fmt::format("{},{},{}\n", k, s.time, s.value);
  }
  write_file(dir / "load.csv", csv);
  std::cout << fmt::format("{}: {} resource(s), {} h, seed {} -> {}\n", a.generator, a.resources, a.hours, a.seed,
                           dir.string());
  for (std::size_t k = 0; k < traces.size() && k < 8; ++k)
    std::cout << fmt::format("  resource {}: {} steps, mean availability {:.3f} over the window\n", k,
                             traces[k].steps().size(), traces[k].mean(0, options.horizon));
  if (!a.plot)
    return;
  std::string script = (std::filesystem::path(plot_script_path()).parent_path() / "isogrid_load_plot.py").string();
  PlotResult plot    = run_plot_script(script, {dir.string(), a.generator, fmt::format("{}", a.hours * 3600)});
  if (!plot.ok)
    std::cerr << "no plot: " << plot.error << "\n";
  for (const std::string& file : plot.files)
    std::cout << "plot: " << (dir / file).string() << "\n";
}

void define_load_command(CLI::App& command)
{
  auto args = std::make_shared<LoadArgs>();
  std::string names;
  std::size_t width = 0;  // the longest name, so that every summary starts in one column
  for (const auto& e : load_generators().entries())
    width = std::max(width, e.name.size());
  for (const auto& e : load_generators().entries())
    names += fmt::format("\n  {:<{}}  {}", e.name, width, e.summary);
  command.add_option("generator", args->generator, "the load generator" + names)->required();
  command.add_option("--out", args->out, "folder for the profiles (GENERATOR-K.profile), load.csv and load.png")
      ->required();
  command.add_option("--resources", args->resources, "hosts or links to draw a trace for")->capture_default_str();
  command.add_option("--hours", args->hours, "how long each trace runs")->capture_default_str();
  command.add_option("--seed", args->seed, "the seed; resource K's trace depends on it and K alone")
      ->capture_default_str();
  command.add_option("--value", args->value, "constant: the share left free")->capture_default_str();
  command
      .add_option("--link-bandwidth", args->link_bandwidth,
                  "bandwidth generators: the links' nominal bandwidth, which SimGrid's bandwidth profiles "
                  "are written in")
      ->capture_default_str();
  command.add_flag("--plot,!--no-plot", args->plot, "draw load.png (default: on)");
  command.footer("Sanjay (2008) §3.8: random loading picks hosts and links at random, loads each for 3-8 minutes\n"
                 "and repeats; a profile file written here replays as a SimGrid speed_file or bandwidth_file.");
  command.callback([args] { run_load(*args); });
}

}  // namespace

CommandEntry load_command()
{
  return {"load", "Draw a background-load generator's traces as SimGrid profile files, a CSV and a plot",
          define_load_command};
}

ISOGRID_COMMAND(load_command);

}  // namespace isogrid::loads
