#pragma once
// Holds a finished run against the paper's numbers: for each reference, the predicted and simulated values over
// the matching rows (the reference's statistic of the repetitions, their mean by default) and whether each is
// within tolerance.
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/aggregates.hpp"
#include "simulator/report/failures.hpp"
#include "simulator/report/results_data.hpp"
#include "simulator/report/table.hpp"

#include <string>
#include <vector>

namespace isogrid {

struct ReferenceOutcome {
  const Reference* reference = nullptr;
  std::string point;                 // "m=4, V=1e+05"
  size_t rows       = 0;             // matching rows with status ok
  double predicted  = std::nan("");  // NaN: not computed, or a face the reference is not for
  double simulated  = std::nan("");
  bool predicted_ok = false;
  bool simulated_ok = false;
  bool passed() const;  // every face that was computed is within tolerance, and there is one
};

// `crossings` (from compute_crossings) answer the references that name a crossing.
std::vector<ReferenceOutcome> check_references(const Experiment& ex, const ResultsData& data,
                                               const std::vector<CrossingResult>& crossings = {});

// One row per reference: point, metric, reference, each face and its difference, tolerance, and (Markdown only)
// the source.
Table references_table(const Experiment& ex, const std::vector<ReferenceOutcome>& outcomes);

// Largest |rel_dev| between simulated and predicted primary metric over the ok rows (NaN when none).
double max_abs_deviation(const ResultsData& data);

}  // namespace isogrid
