#pragma once
// Numbers a paper (or a derivation from its equations) gives for some points of a sweep, with the tolerance
// within which a reproduction counts as matching. Written as
//   references:
//     source: "Drozdowski & Wielebski (2003), eqs. 1-3 at the Fig. 3 setting"
//     derived: true      # worked out from the paper's equations, not printed in it (REPORT.md counts these apart)
//     metric: efficiency
//     tolerance: {abs: 5e-4}
//     values:
//       - {at: {m: 4, V: 1e5}, value: 0.4571}
// or as a list of such groups. A reference may name a crossing (see crossings.hpp) instead of a metric:
//       - {at: {C: 2}, crossing: beta_for_gamma_0.8, value: 46, tolerance: {rel: 0.05}}
// `face: predicted` (or simulated), in a group or an entry, holds the value against that face only: a paper's
// "estimated" column against the model's equations, its "experimental" column against the simulation.
// `statistic: cv` (or median, sd, min, max; in a group or an entry) holds the value against that statistic of the
// point's repetitions instead of their mean: "the coefficient of variation over 50 seeds is under 2 %".
#include "simulator/core/input_error.hpp"
#include "simulator/core/model.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/experiment/axis.hpp"
#include "simulator/experiment/statistic.hpp"

#include <string>
#include <utility>
#include <vector>

namespace isogrid {

class ValueReader;

enum class ReferenceFace { Both, Predicted, Simulated };

struct Reference {
  std::vector<std::pair<ParamSlot, Value>> at;  // (parameter or element of one, value) pairs that select the point
  size_t metric = 0;
  int crossing  = -1;  // >= 0: the reference is for this crossing (index into Experiment::crossings), not a metric
  double value  = 0;
  double tolerance_abs = -1;  // < 0: not set
  double tolerance_rel = -1;
  std::string source;
  std::string note;
  // The value is worked out from the paper's equations, not printed in the paper (`derived: true`): meeting it checks
  // the code against the paper's model, not the model against the paper's measurements.
  bool derived        = false;
  ReferenceFace face  = ReferenceFace::Both;  // the faces the value is held against
  Statistic statistic = Statistic::Mean;      // over the repetitions of the point (metric references only)
  SourceLocation where;
  // Where its `at` mapping and each of the at pairs' values are written, for errors about the point it names.
  std::string at_key;  // "references.values[0].at"
  SourceLocation at_where;
  std::vector<SourceLocation> at_value_where;

  bool checks_predicted() const { return face != ReferenceFace::Simulated; }
  bool checks_simulated() const { return face != ReferenceFace::Predicted; }

  // True when `x` is within tolerance (both bounds apply when both are set).
  bool accepts(double x) const;
  std::string tolerance_text() const;
};

// `crossings` are the names of the experiment's crossings, which references may name instead of a metric.
// A claim about a whole sweep: the simulated face stays within a tolerance of the predicted one on every point
// (Korkhov: "the deviation between prediction and measurement is under 5 %"). Written as
//   agreements:
//     - {metric: grid_speedup, tolerance: {rel: 0.05}, source: "Korkhov (2009), Figs. 4.6-4.7"}
struct Agreement {
  size_t metric        = 0;
  double tolerance_abs = -1;
  double tolerance_rel = -1;
  std::string source;
  SourceLocation where;
};

std::vector<Agreement> read_agreements(const Field& field, const Model& model);

std::vector<Reference> read_references(const Field& field, const Model& model, const ValueReader& reader,
                                       const std::vector<std::string>& crossings = {});

}  // namespace isogrid
