#pragma once
// What `isogrid run` and `isogrid reproduce` work out from a finished results.csv: crossings (crossings.csv), the
// per-combination summary (summary.csv, which the plots read), the references, the agreements, the comparisons, the
// summary tables, and the largest deviation between the two faces.
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/aggregates.hpp"
#include "simulator/report/comparison_check.hpp"
#include "simulator/report/growth_fits.hpp"
#include "simulator/report/reference_check.hpp"
#include "simulator/report/scalability.hpp"
#include "simulator/report/summary_table_report.hpp"

#include <string>
#include <vector>

namespace isogrid {

struct RunAnalysis {
  std::vector<CrossingResult> crossings;
  std::vector<ReferenceOutcome> references;
  std::vector<AgreementResult> agreements;
  std::vector<ComparisonOutcome> comparisons;  // one per comparison and group
  std::vector<SummaryTableOutcome> tables;     // one per table and group; summaries, not checks
  std::vector<LawTable> laws;                  // fit: blocks (fits.csv)
  std::vector<LawTable> isoefficiency_laws;    // the traced lines' W(p) (isoefficiency-laws.csv)
  ScalabilityTable scalability;                // speedup, efficiency, Karp-Flatt (scalability.csv)
  double max_deviation = std::nan("");

  size_t checks() const { return references.size() + agreements.size() + comparisons.size(); }
  size_t failures() const;  // references missed, agreements not met, comparison groups that fail
};

RunAnalysis analyse_run(const Experiment& ex, const std::string& out_dir);

// summary.csv alone: what an interrupted run leaves for the plots, without checks that would read a partial sweep.
void write_summary(const Experiment& ex, const std::string& out_dir);

}  // namespace isogrid
