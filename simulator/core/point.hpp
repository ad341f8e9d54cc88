#pragma once
// One parameter set of a sweep, plus where it sits in the sweep and the seed derived for it.
#include "simulator/core/param_spec.hpp"
#include "simulator/core/value.hpp"

#include <cstdint>
#include <string_view>
#include <vector>

namespace isogrid {

struct Point {
  const std::vector<ParamSpec>* specs = nullptr;  // the model's parameters; values[i] belongs to (*specs)[i]
  std::vector<Value> values;
  uint64_t index       = 0;  // position in the sweep, repetitions included: the row order of results.csv
  uint64_t combination = 0;  // which parameter combination
  uint32_t repetition  = 0;
  uint64_t seed        = 0;

  const Value& get(std::string_view name) const;
  double number(std::string_view name) const;
  long long integer(std::string_view name) const;
  const std::string& text(std::string_view name) const;
  // A per-worker parameter: a scalar broadcast to n entries, or a list that must have n entries.
  std::vector<double> per_worker(std::string_view name, size_t n) const;
  bool has(std::string_view name) const;
};

}  // namespace isogrid
