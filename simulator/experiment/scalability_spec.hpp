#pragma once
// Scalability metrics derived for any sweep over a processor count, against a declared baseline:
//   scalability:
//     metric: makespan      # a time (smaller is better)
//     processors: m         # a swept numeric parameter
//     baseline: 1           # the value of `processors` the others are measured against (default: its smallest)
// For every other value p of `processors`, per group of the other swept parameters and face, from the mean time
// over repetitions: speedup S = T(b)/T(p), efficiency S b/p, and Karp and Flatt's experimentally determined serial
// fraction e = (1/S - b/p) / (1 - b/p) (Karp & Flatt 1990, with b = 1), which stays constant where Amdahl's law
// holds and grows where overheads grow with p.
#include "simulator/core/model.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/experiment/axis.hpp"

#include <optional>
#include <string>

namespace isogrid {

struct ScalabilitySpec {
  size_t metric = 0;
  std::string processors;
  double baseline = 0;
};

// Nothing without a `scalability:` block. Fails at the field on bad input: a metric the model lacks, a processors
// parameter that is not swept, not numeric or has one value, a baseline that is not one of its values.
std::optional<ScalabilitySpec> read_scalability(const Field& field, const Model& model, const std::vector<Axis>& axes);

}  // namespace isogrid
