// figure_fixture EXPERIMENT OUT: a small results folder for a shipped study, made in seconds, for the figure test
// (tests/shipped_figures_test.py) to draw every plot of the study from, and the report test
// (tests/report_tables_test.py) to compile every table of its REPORT.md.
//
// The experiment is read and checked as `isogrid run` reads it, its sweep expanded and run by the runner, and the
// run analysed (summary.csv, crossings.csv, isoefficiency.csv...) as `run` does; only the model's faces are replaced
// by made-up values, computed in-process. So the folder has every column, parameter value, repetition and file the
// real run has, and what the figures draw from it is decided by the plot code alone.
//
// The made-up values are never negative, and half of the metrics spread as widely as their means, so that error
// bars would reach below 0 if they were not clipped. Each grows with every swept number, and words and lists shift it
// by a hash; over an isoefficiency search's range it climbs from 0.02 to 0.98, so that every level is found.
#include "simulator/core/catalog.hpp"
#include "simulator/core/timeline.hpp"
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/report_writer.hpp"
#include "simulator/report/run_analysis.hpp"
#include "simulator/run/checked_file.hpp"
#include "simulator/run/output_folder.hpp"
#include "simulator/run/runner.hpp"
#include "simulator/sg/config_check.hpp"
#include "simulator/sg/platform_check.hpp"
#include "tests/test_support.hpp"
#include "workloads/loads/platform_loads.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace isogrid {
namespace {

double unit_hash(uint64_t x)  // splitmix64, to [0, 1)
{
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return static_cast<double>(x >> 11) / 9007199254740992.0;
}

// The point's varied parameters (the swept ones and the isoefficiency size) as one growing score: log(1 + |x|) of
// each number, weighted by its place, and a hash of every other value. Parameters the sweep holds fixed add
// nothing, so that the score's range, whatever their values, is the sweep's own.
double score(const Point& p, const std::vector<bool>& varied)
{
  double s = 0;
  for (size_t i = 0; i < p.values.size(); ++i) {
    if (!varied[i])
      continue;
    const Value& v = p.values[i];
    if (is_number(v))
      s += std::log1p(std::fabs(std::get<double>(v))) / static_cast<double>(i + 1);
    else
      s += unit_hash(std::hash<std::string>{}(format_value(v))) * 2.0;
  }
  return s;
}

class SyntheticModel : public Model {
public:
  SyntheticModel(const Model& real, std::vector<bool> varied, const IsoefficiencySpec* iso)
      : real_(real), varied_(std::move(varied)), iso_(iso)
  {
  }
  const ModelInfo& info() const override { return real_.info(); }
  void check(const Point& p, const PlatformFacts* platform) const override { real_.check(p, platform); }
  std::optional<double> limit(const std::string& metric, const std::string& param, const Point& p) const override
  {
    return real_.limit(metric, param, p);
  }

  void evaluate(const Point& p, const Faces& wanted, const SimulationContext&, Outcome& out) const override
  {
    double level = 0.05 + 0.9 * (1 - std::exp(-score(p, varied_) / 10));
    if (iso_) {
      // Over the isoefficiency range, from 0.02 to 0.98 (on its log scale when it has one): every level between is
      // crossed once, a little further on as the other parameters grow.
      double x = std::get<double>(p.values[iso_->size]);
      double t = iso_->log_scale ? std::log(x / iso_->low) / std::log(iso_->high / iso_->low)
                                 : (x - iso_->low) / (iso_->high - iso_->low);
      level    = (0.02 + 0.96 * std::clamp(t, 0.0, 1.0)) * (1 - 0.02 * level);
    }
    for (size_t k = 0; k < out.predicted.size(); ++k) {
      // Odd metrics spread as an exponential law (sd as large as the mean, never below 0), even ones by ±20 %.
      double u     = unit_hash(p.seed * 31 + k);
      double noise = k % 2 ? -std::log1p(-u) : 0.8 + 0.4 * u;
      if (wanted.predicted)
        out.predicted[k] = level;
      if (wanted.simulated)
        out.simulated[k] = level * noise;
    }
  }

  bool evaluate_in_process(const Point& p, const Faces& wanted, const SimulationContext& c, Outcome& out) const override
  {
    evaluate(p, wanted, c, out);
    return true;
  }

private:
  const Model& real_;
  std::vector<bool> varied_;  // per parameter
  const IsoefficiencySpec* iso_;
};

// A made-up timeline for each point a timeline plot names (the synthetic model runs in this process, where nothing is
// recorded): per group drawn, three resources that wait, run on two labels, move and are killed, and a level.
void write_timelines(const Experiment& ex, const std::string& out)
{
  for (const PlotSpec& plot : ex.plots) {
    if (plot.kind != PlotKind::Timeline)
      continue;
    Timeline t;
    std::vector<std::string> groups = plot.groups.empty() ? std::vector<std::string>{"a", "b"} : plot.groups;
    for (const std::string& g : groups) {
      for (int r = 0; r < 3; ++r) {
        std::string row = "run " + std::to_string(r + 1);
        double t0       = 3600.0 * 10 * r;
        t.interval(g, row, "queue wait", "x", t0, t0 + 7200);
        t.interval(g, row, r == 2 ? "killed" : "run", r % 2 ? "y" : "x", t0 + 7200, t0 + 36000);
        t.interval(g, row, "move", "x > y", t0 + 36000, t0 + 36100);
      }
      t.level(g, "x", "jobs queued", 0, 2);
      t.level(g, "x", "jobs queued", 7200, 0);
    }
    std::ostringstream csv;
    t.write_csv(csv);
    std::filesystem::create_directories(std::filesystem::path(out) / kTimelinesFolder);
    for (long long point : plot.points)
      write_file_atomically(timeline_path(out, static_cast<uint64_t>(point)), csv.str());
  }
}

std::vector<bool> varied_parameters(const Experiment& ex)
{
  const ModelInfo& info = ex.model->info();
  std::vector<bool> varied(info.params.size(), false);
  for (const auto& axis : ex.sweep.axes())
    if (auto i = info.param_index(axis.name))
      varied[*i] = true;
  if (ex.isoefficiency)
    varied[ex.isoefficiency->size] = true;
  return varied;
}

int make_fixture(const std::string& experiment, const std::string& out)
{
  SimulatorChecks checks;
  checks.platform = [](const std::string& path) -> const PlatformFacts& {
    return sg::probe_platform(path, loads::resolver());
  };
  checks.setting      = sg::check_simgrid_setting;
  checks.engine_start = sg::check_simgrid_start;
  Experiment ex       = load_experiment(experiment, {}, testing::catalog(), checks);
  SyntheticModel synthetic(*ex.model, varied_parameters(ex), ex.isoefficiency ? &*ex.isoefficiency : nullptr);
  ex.model = &synthetic;
  RunOptions options;
  options.out_dir  = out;
  options.force    = true;
  options.progress = false;
  // The study as `run` reports it: REPORT.md, and its tables as LaTeX and CSV files (tests/report_tables_test.py).
  StudyReport study;
  study.experiment = &ex;
  study.folder     = ".";
  study.run        = run_experiment(ex, options);
  write_timelines(ex, out);
  study.analysis = analyse_run(ex, out);
  write_report((std::filesystem::path(out) / "REPORT.md").string(), PaperInfo{}, {study}, "figure_fixture", "");
  const RunResult& r = study.run;
  std::printf("%s: %llu points -> %s\n", experiment.c_str(), static_cast<unsigned long long>(r.counts.total),
              out.c_str());
  return r.error_rows ? 3 : 0;
}

}  // namespace
}  // namespace isogrid

int main(int argc, char** argv)
{
  if (argc != 3) {
    std::fprintf(stderr, "usage: figure_fixture EXPERIMENT OUT\n");
    return 2;
  }
  try {
    return isogrid::make_fixture(argv[1], argv[2]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "figure_fixture: %s\n", e.what());
    return 2;
  }
}
