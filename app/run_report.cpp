#include "app/run_report.hpp"

#include "simulator/core/text.hpp"
#include "simulator/core/value.hpp"
#include "simulator/report/growth_fits.hpp"
#include "simulator/report/plotter.hpp"
#include "simulator/report/report_writer.hpp"
#include "simulator/report/run_analysis.hpp"
#include "simulator/sg/session.hpp"

#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <tuple>

namespace isogrid::cli {

void print_trace(const TraceCounts& t, const std::string& out_dir, const std::string& interrupted_hint)
{
  fmt::print("isoefficiency: {} {}, {} ({} run, {} recorded by an earlier run){}\n",
             t.interrupted ? "interrupted tracing" : "traced", counted(t.lines, "line"), counted(t.probes, "probe"),
             counted(t.evaluations, "point"), t.reused,
             t.interrupted ? interrupted_hint : fmt::format(" -> {}/{}", out_dir, kIsoefficiencyFile));
  for (const std::string& reach : t.reaches)
    fmt::print("  {}\n", reach);
}

void print_laws(const char* title, const char* file, const std::vector<LawTable>& tables)
{
  for (const LawTable& t : tables) {
    std::string by;
    for (const auto& p : t.by)
      by += (by.empty() ? "" : ", ") + p;
    fmt::print("\n{} of {} over {} ({}):\n{}", title, t.of, by, file, text_table(laws_table(t)));
    for (const std::string& d : face_differences(t))
      fmt::print("  {}\n", d);
  }
}

void add_report_flags(CLI::App* command, ReportFlags& flags)
{
  command->add_flag("--verbose", flags.verbose,
                    "print every table of the checks here (by default a line per table and check group; the tables "
                    "are in OUT/REPORT.md)");
  command->add_flag("--strict", flags.strict,
                    "exit 1 when a reference, agreement or comparison is missed (by default only `reproduce` does)");
}

namespace {

// Every table, as `--verbose` asks.
void print_details(const Experiment& ex, const RunAnalysis& analysis)
{
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
    fmt::print("\ncomparisons: {} of {} held\n{}", analysis.comparisons.size() - count_failures(analysis.comparisons),
               counted(analysis.comparisons.size(), "group"),
               text_sections(comparison_sections(ex, analysis.comparisons)));
  if (ex.scalability)
    fmt::print("\nscalability against {} = {} ({}):\n{}", ex.scalability->processors,
               format_number(ex.scalability->baseline), kScalabilityFile,
               text_table(scalability_table(ex, analysis.scalability)));
  print_laws("growth laws", kFitsFile, analysis.laws);
  print_laws("isoefficiency functions", kIsoefficiencyLawsFile, analysis.isoefficiency_laws);
}

// A line per table and check group.
void print_summary(const Experiment& ex, const RunAnalysis& analysis)
{
  if (!analysis.crossings.empty())
    fmt::print("crossings: {} (crossings.csv)\n", counted(analysis.crossings.size(), "line"));
  if (!analysis.agreements.empty()) {
    size_t met = 0;
    for (const auto& a : analysis.agreements)
      met += a.passed() ? 1 : 0;
    fmt::print("agreement of the two faces: {} of {} met\n", met, analysis.agreements.size());
  }
  if (!ex.references.empty())
    fmt::print("references: {} of {} within tolerance\n",
               analysis.references.size() - count_failures(analysis.references), analysis.references.size());
  if (!analysis.comparisons.empty()) {
    fmt::print("comparisons: {} of {} held\n", analysis.comparisons.size() - count_failures(analysis.comparisons),
               counted(analysis.comparisons.size(), "group"));
    for (const std::string& line : comparison_summary_lines(ex, analysis.comparisons))
      fmt::print("  {}\n", line);
  }
  for (size_t first = 0, end = 0; first < analysis.tables.size(); first = end) {
    for (end = first; end < analysis.tables.size() && analysis.tables[end].table == analysis.tables[first].table;)
      ++end;
    fmt::print("table: {} ({})\n", analysis.tables[first].table->title, counted(end - first, "group"));
  }
  if (ex.scalability)
    fmt::print("scalability against {} = {} ({})\n", ex.scalability->processors,
               format_number(ex.scalability->baseline), kScalabilityFile);
  for (const auto& [tables, title, file] :
       {std::tuple{&analysis.laws, "growth laws", kFitsFile},
        std::tuple{&analysis.isoefficiency_laws, "isoefficiency functions", kIsoefficiencyLawsFile}})
    for (const LawTable& t : *tables) {
      fmt::print("{} of {} over {}: {} ({})\n", title, t.of, fmt::join(t.by, ", "), counted(t.laws.size(), "law"),
                 file);
      for (const std::string& d : face_differences(t))
        fmt::print("  {}\n", d);
    }
}

}  // namespace

void report_complete_run(const Experiment& ex, const std::string& out_dir, const RunResult& run,
                         const ReportFlags& flags, Shared& shared)
{
  StudyReport study;
  study.experiment            = &ex;
  study.folder                = ".";
  study.run                   = run;
  study.analysis              = analyse_run(ex, out_dir);
  const RunAnalysis& analysis = study.analysis;
  if (!std::isnan(analysis.max_deviation))
    fmt::print("simulated vs predicted {}: largest relative deviation {:.3e}\n", ex.model->info().primary_metric,
               analysis.max_deviation);
  if (run.error_rows)
    fmt::print("{} failed; see the status and message columns\n", counted(run.error_rows, "point"));
  if (flags.verbose)
    print_details(ex, analysis);
  else
    print_summary(ex, analysis);
  if (run.error_rows)
    shared.exit_code = kPointsFailed;  // scripts and CI notice a sweep whose points failed
  if (!flags.no_plot && !ex.plots.empty()) {
    study.plots = render_plots(out_dir);
    if (study.plots.ok)
      for (const auto& f : study.plots.files)
        fmt::print("plot: {}\n", (std::filesystem::path(out_dir) / f).string());
    else {
      fmt::print(stderr, "warning: {}\n", study.plots.error);
      shared.exit_code = kFailure;
    }
  }
  std::string report = (std::filesystem::path(out_dir) / "REPORT.md").string();
  write_report(report, read_paper_info(std::filesystem::path(ex.file).parent_path().string()), {study},
               shared.command_line, sg::simgrid_version());
  const size_t checks = analysis.checks(), missed = analysis.failures();
  if (checks)
    fmt::print("checks: {} of {} met{}\n", checks - missed, checks,
               missed ? fmt::format(", {} missed{}", missed, flags.strict ? "" : " (--strict makes a miss exit 1)")
                      : "");
  fmt::print("report: {}{}\n", report, flags.verbose ? "" : " (every table; --verbose prints them here)");
  if (missed && flags.strict && shared.exit_code == 0)
    shared.exit_code = kFailure;
}

}  // namespace isogrid::cli
