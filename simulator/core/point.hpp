#pragma once
// One parameter set of a sweep, plus where it sits in the sweep and the seed derived for it. The harness works with
// it untyped; a model reads its own typed parameters struct, decoded by its ModelSchema (model_schema.hpp).
#include "simulator/core/param_spec.hpp"
#include "simulator/core/value.hpp"

#include <cstdint>
#include <vector>

namespace isogrid {

struct Point {
  const std::vector<ParamSpec>* specs = nullptr;  // the model's parameters; values[i] belongs to (*specs)[i]
  std::vector<Value> values;
  uint64_t index        = 0;  // position in the sweep, repetitions included: the row order of results.csv
  uint64_t combination  = 0;  // which parameter combination
  uint32_t repetition   = 0;
  uint64_t seed         = 0;
  const void* filled_by = nullptr;  // the sweep that filled it last (Sweep::point_into reuses its fixed values)
};

}  // namespace isogrid
