#include "simulator/report/run_analysis.hpp"

#include "simulator/run/checked_file.hpp"

#include <filesystem>

namespace isogrid {

size_t RunAnalysis::failures() const
{
  size_t n = count_failures(references) + count_failures(comparisons);
  for (const auto& a : agreements)
    n += a.passed() ? 0 : 1;
  return n;
}

void write_summary(const Experiment& ex, const std::string& out_dir)
{
  namespace fs = std::filesystem;
  if (ex.sweep.repetitions() < 2)
    return;  // no summary.csv: nothing to read
  std::string results = (fs::path(out_dir) / "results.csv").string();
  write_summary_csv((fs::path(out_dir) / "summary.csv").string(), ex, ResultsData::for_summary(ex, results));
}

RunAnalysis analyse_run(const Experiment& ex, const std::string& out_dir)
{
  namespace fs           = std::filesystem;
  std::string results    = (fs::path(out_dir) / "results.csv").string();
  const ResultsData data = ResultsData::for_analyses(ex, results);  // read once, for every pass below
  RunAnalysis a;
  a.crossings = compute_crossings(ex, data);
  if (!ex.crossings.empty())
    write_crossings_csv((fs::path(out_dir) / "crossings.csv").string(), ex, a.crossings);
  write_summary_csv((fs::path(out_dir) / "summary.csv").string(), ex, data);
  a.references         = check_references(ex, data, a.crossings);
  a.agreements         = check_agreements(ex, data);
  a.comparisons        = check_comparisons(ex, data);
  a.tables             = fill_summary_tables(ex, data);
  a.max_deviation      = max_abs_deviation(data);
  a.laws               = fit_results(ex, data);
  a.isoefficiency_laws = fit_isoefficiency_lines(ex, out_dir);
  write_laws(out_dir, kFitsFile, a.laws);
  write_laws(out_dir, kIsoefficiencyLawsFile, a.isoefficiency_laws);
  a.scalability = compute_scalability(ex, data);
  if (ex.scalability)
    write_file_atomically((fs::path(out_dir) / kScalabilityFile).string(), scalability_csv(ex, a.scalability));
  return a;
}

}  // namespace isogrid
