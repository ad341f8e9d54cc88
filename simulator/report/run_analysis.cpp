#include "simulator/report/run_analysis.hpp"

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
  write_summary_csv((fs::path(out_dir) / "summary.csv").string(), ex, (fs::path(out_dir) / "results.csv").string());
}

RunAnalysis analyse_run(const Experiment& ex, const std::string& out_dir)
{
  namespace fs        = std::filesystem;
  std::string results = (fs::path(out_dir) / "results.csv").string();
  RunAnalysis a;
  a.crossings = compute_crossings(ex, results);
  if (!ex.crossings.empty())
    write_crossings_csv((fs::path(out_dir) / "crossings.csv").string(), ex, a.crossings);
  write_summary(ex, out_dir);
  a.references    = check_references(ex, results, a.crossings);
  a.agreements    = check_agreements(ex, results);
  a.comparisons   = check_comparisons(ex, results);
  a.tables        = fill_summary_tables(ex, results);
  a.max_deviation = max_abs_deviation(results);
  return a;
}

}  // namespace isogrid
