#pragma once
// The `scalability:` block's metrics (simulator/experiment/scalability_spec.hpp) from results.csv: per group of the
// other swept parameters, face and processor count, the mean time over ok repetitions, and against the baseline's
// the speedup, efficiency and Karp-Flatt serial fraction; written to scalability.csv.
#include "simulator/experiment/experiment.hpp"
#include "simulator/report/results_data.hpp"
#include "simulator/report/table.hpp"

#include <string>
#include <vector>

namespace isogrid {

inline constexpr const char* kScalabilityFile = "scalability.csv";

// Against a baseline of b processors taking t_b: S = t_b / t, E = S b / p, and e = (1/S - b/p) / (1 - b/p) for
// p != b (NaN at p = b). On Amdahl's law t(p) = t(1) (f + (1 - f)/p), e = f at every p.
struct ScalabilityValues {
  double speedup = 0, efficiency = 0, serial_fraction = 0;
};
ScalabilityValues scalability_against(double baseline, double baseline_time, double processors, double time);

struct ScalabilityRow {
  std::vector<std::string> group;  // the other swept parameters' cells
  std::string face;
  double processors = 0, time = 0;
  size_t repetitions = 0;  // ok rows averaged
  ScalabilityValues values;
  bool has_baseline = false;  // the group has an ok baseline row on this face
};

struct ScalabilityTable {
  std::vector<std::string> group_columns;
  std::vector<ScalabilityRow> rows;  // by group (numbers by size), face, processors
};

// Empty without a `scalability:` block; on results.csv as `data` read it for the analyses.
ScalabilityTable compute_scalability(const Experiment& ex, const ResultsData& data);
std::string scalability_csv(const Experiment& ex, const ScalabilityTable& t);
Table scalability_table(const Experiment& ex, const ScalabilityTable& t);

}  // namespace isogrid
