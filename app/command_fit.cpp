// `isogrid fit DIR`: growth laws of a results folder (simulator/report/growth_fits.hpp). Without options, the
// experiment's own fit: blocks and traced isoefficiency lines, fitted again and written to fits.csv and
// isoefficiency-laws.csv; with --metric, any metric over one to three swept parameters, printed (and written with
// --csv). --extra-p writes the same measurements in Extra-P's text format.
#include "app/commands.hpp"
#include "app/experiment_loading.hpp"
#include "app/run_report.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/report/extrap_export.hpp"
#include "simulator/report/growth_fits.hpp"
#include "simulator/run/checked_file.hpp"
#include "simulator/run/run_manifest.hpp"

#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>
#include <optional>

namespace fs = std::filesystem;

namespace isogrid::cli {

namespace {

struct FitArgs {
  std::string dir;
  std::string experiment;  // empty: the one run.json names
  std::vector<std::string> set;
  std::string metric;
  std::vector<std::string> by;
  std::optional<std::vector<std::string>> group_by;  // none: every other swept parameter
  long long terms = 0;                               // 0: the block's default
  std::vector<double> exponents;
  std::vector<double> logs;
  std::string csv;
  std::string extrap;
};

// The fit the options describe, read by the same reader as a fit: block, so that it is refused the same way
// ("command line:1:...: fit.by[0]: ...").
GrowthFitSpec spec_from_options(const FitArgs& a, const Experiment& ex)
{
  std::vector<std::string> by = a.by;
  if (by.empty())
    for (const Axis& axis : ex.sweep.axes())
      if (axis.values.size() > 1)
        by.push_back(axis.name);
  if (by.size() != 1 && a.by.empty())
    throw InputError({"command line", 1, 1}, "by",
                     fmt::format("the sweep varies {}: say which to fit over with --by", fmt::join(by, ", ")));
  std::string yaml = fmt::format("metric: {}\nby: [{}]\n", a.metric, fmt::join(by, ", "));
  if (a.group_by)
    yaml += fmt::format("group_by: [{}]\n", fmt::join(*a.group_by, ", "));
  if (a.terms)
    yaml += fmt::format("terms: {}\n", a.terms);
  if (!a.exponents.empty())
    yaml += fmt::format("exponents: [{}]\n", fmt::join(a.exponents, ", "));
  if (!a.logs.empty())
    yaml += fmt::format("logs: [{}]\n", fmt::join(a.logs, ", "));
  auto origin = std::make_shared<YamlOrigin>(YamlOrigin{"command line", {}});
  Field root(load_yaml_text(yaml, "command line"), "fit", origin);
  return read_growth_fits(root, *ex.model, ex.sweep.axes()).front();
}

void fit(const FitArgs& a, Shared& shared)
{
  for (const char* f : {"results.csv", "run.json"})
    if (!fs::exists(fs::path(a.dir) / f)) {
      fmt::print(stderr, "error: {} has no {}; is it a folder written by `isogrid run`?\n", a.dir, f);
      shared.exit_code = kBadInput;
      return;
    }
  nlohmann::json run                 = read_json((fs::path(a.dir) / "run.json").string());
  std::string path                   = a.experiment;
  std::vector<std::string> overrides = a.set;
  if (path.empty()) {
    path = run["experiment"].value("path", "");
    for (const auto& o : run["experiment"].value("overrides", nlohmann::json::array()))
      overrides.push_back(o.get<std::string>());
    if (!fs::exists(path)) {
      fmt::print(stderr, "error: {} was run from {}, which is not here: give the experiment with --experiment\n", a.dir,
                 path.empty() ? "an experiment run.json does not name" : path);
      shared.exit_code = kBadInput;
      return;
    }
  }
  auto [catalog, ex] = load_one_experiment(path, overrides);
  if (!a.metric.empty())
    ex.fits = {spec_from_options(a, ex)};
  // results.csv read once, after the fits are known: the columns they read and group by.
  const ResultsData data = ResultsData::for_analyses(ex, (fs::path(a.dir) / "results.csv").string());
  if (!a.extrap.empty()) {
    if (ex.fits.empty()) {
      fmt::print(stderr, "error: --extra-p exports a metric over parameters: give --metric (and --by)\n");
      shared.exit_code = kBadInput;
      return;
    }
    ExtrapExport e = extrap_text(ex, ex.fits.front(), data);
    write_file_atomically(a.extrap, e.text);
    fmt::print("extra-p: {} point(s), {} region(s) -> {}\n", e.points, e.regions, a.extrap);
    for (const auto& r : e.skipped)
      fmt::print("  region {} left out: a point has no ok row there\n", r);
  }
  std::vector<LawTable> laws = fit_results(ex, data);
  if (a.metric.empty()) {
    std::vector<LawTable> lines = fit_isoefficiency_lines(ex, a.dir);
    if (laws.empty() && lines.empty()) {
      fmt::print(stderr, "error: {} has no fit: block and traced no isoefficiency lines: give --metric (and --by)\n",
                 ex.file);
      shared.exit_code = kBadInput;
      return;
    }
    write_laws(a.dir, kFitsFile, laws);
    write_laws(a.dir, kIsoefficiencyLawsFile, lines);
    print_laws("growth laws", kFitsFile, laws);
    print_laws("isoefficiency functions", kIsoefficiencyLawsFile, lines);
    return;
  }
  if (!a.csv.empty())
    write_file_atomically(a.csv, laws_csv(laws));
  print_laws("growth laws", a.csv.empty() ? "not written: --csv FILE" : a.csv.c_str(), laws);
}

}  // namespace

void add_fit_command(CLI::App& app, Shared& shared)
{
  auto args     = std::make_shared<FitArgs>();
  CLI::App* cmd = app.add_subcommand("fit", "Fit growth laws (c0 + c1 p^i log2(p)^j, Extra-P's normal form) to a "
                                            "results folder: a metric over one to three swept parameters, and "
                                            "each traced isoefficiency line's W(p)");
  cmd->add_option("folder", args->dir, "a folder written by `isogrid run` (holds results.csv and run.json)")
      ->required()
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--metric", args->metric,
                  "fit this metric (each face the run has) instead of the experiment's "
                  "fit: blocks");
  cmd->add_option("--by", args->by,
                  "the swept parameters it is a law of, e.g. --by m or --by p,n (default: the "
                  "one swept parameter)")
      ->delimiter(',');
  cmd->add_option_function<std::vector<std::string>>(
         "--group-by", [args](const std::vector<std::string>& v) { args->group_by = v; },
         "the swept parameters whose values split the rows, a law each (default: every swept parameter but --by's; "
         "with --by a metric such as pes, leave out the parameter it derives from, e.g. --group-by runtime)")
      ->delimiter(',')
      ->expected(0, -1);
  cmd->add_option("--terms", args->terms, "terms besides the constant in a one-parameter hypothesis: 1 or 2");
  cmd->add_option("--exponents", args->exponents, "the powers i tried (default: Extra-P's 19, 0 to 3)")->delimiter(',');
  cmd->add_option("--logs", args->logs, "the powers j of log2 tried (default: 0,1,2)")->delimiter(',');
  cmd->add_option("--csv", args->csv, "with --metric: write the laws to this file (fits.csv's columns)");
  cmd->add_option("--extra-p", args->extrap,
                  "write the metric's measurements (--metric, or the first fit: block) in "
                  "Extra-P's text input format to this file");
  cmd->add_option("--experiment", args->experiment,
                  "the experiment file, when the path run.json records is not "
                  "valid here")
      ->check(CLI::ExistingFile);
  cmd->add_option("--set", args->set, "with --experiment: the overrides the run was made with")->take_all();
  cmd->footer("Each law is chosen among the hypothesis set by leave-one-out cross-validation; rows are every ok "
              "repetition; the other swept parameters group the rows, a law per group and face. See "
              "docs/experiment-files.md, \"Growth laws\".");
  cmd->callback([args, &shared] { fit(*args, shared); });
}

}  // namespace isogrid::cli
