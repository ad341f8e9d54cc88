#include "app/run_report.hpp"

#include "simulator/core/text.hpp"
#include "simulator/core/value.hpp"
#include "simulator/report/growth_fits.hpp"
#include "simulator/report/plotter.hpp"
#include "simulator/report/run_analysis.hpp"

#include <cmath>
#include <filesystem>
#include <fmt/format.h>

namespace isogrid::cli {

void print_trace(const TraceCounts& t, const std::string& out_dir, const std::string& interrupted_hint)
{
  fmt::print("isoefficiency: {} {} lines, {} probes ({} point(s) run, {} recorded by an earlier run){}\n",
             t.interrupted ? "interrupted tracing" : "traced", t.lines, t.probes, t.evaluations, t.reused,
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

void report_complete_run(const Experiment& ex, const std::string& out_dir, std::uint64_t error_rows, bool no_plot,
                         Shared& shared)
{
  RunAnalysis analysis = analyse_run(ex, out_dir);
  if (!std::isnan(analysis.max_deviation))
    fmt::print("simulated vs predicted {}: largest relative deviation {:.3e}\n", ex.model->info().primary_metric,
               analysis.max_deviation);
  if (error_rows)
    fmt::print("{} point(s) failed; see the status and message columns\n", error_rows);
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
    fmt::print("\ncomparisons: {} of {} group(s) hold\n{}",
               analysis.comparisons.size() - count_failures(analysis.comparisons), analysis.comparisons.size(),
               text_sections(comparison_sections(ex, analysis.comparisons)));
  if (ex.scalability)
    fmt::print("\nscalability against {} = {} ({}):\n{}", ex.scalability->processors,
               format_number(ex.scalability->baseline), kScalabilityFile,
               text_table(scalability_table(ex, analysis.scalability)));
  print_laws("growth laws", kFitsFile, analysis.laws);
  print_laws("isoefficiency functions", kIsoefficiencyLawsFile, analysis.isoefficiency_laws);
  if (error_rows)
    shared.exit_code = kPointsFailed;  // scripts and CI notice a sweep whose points failed
  if (!no_plot && !ex.plots.empty()) {
    PlotResult plots = render_plots(out_dir);
    if (plots.ok)
      for (const auto& f : plots.files)
        fmt::print("plot: {}\n", (std::filesystem::path(out_dir) / f).string());
    else {
      fmt::print(stderr, "warning: {}\n", plots.error);
      shared.exit_code = kFailure;
    }
  }
}

}  // namespace isogrid::cli
