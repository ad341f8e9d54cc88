#pragma once
// The cartesian product of the sweep axes, times the repetitions. Points are decoded from their index on demand,
// so a sweep of millions of points costs no memory; the first axis varies slowest, repetitions fastest.
#include "simulator/core/point.hpp"
#include "simulator/experiment/axis.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace isogrid {

class Sweep {
public:
  Sweep() = default;
  // Axes named in `same_seed_across` do not enter the seed: points that differ only in them share their random
  // draws (common random numbers), so that policies are compared on the same random platforms.
  Sweep(const std::vector<ParamSpec>* specs, std::vector<Value> fixed, std::vector<Axis> axes, uint32_t repetitions,
        uint64_t seed, std::vector<bool> same_seed_across = {});

  uint64_t size() const { return combinations_ * repetitions_; }
  uint64_t combinations() const { return combinations_; }
  uint32_t repetitions() const { return repetitions_; }
  const std::vector<Axis>& axes() const { return axes_; }
  const std::vector<Value>& fixed() const { return fixed_; }

  Point point(uint64_t index) const;
  // The same into `p`, whose storage is reused: a sweep of a million analytic points decodes one point at a time.
  // A `p` this sweep filled last keeps its fixed values (no axis touches them) and gets only the axes' ones, so the
  // caller must not have changed them; any other Point is filled whole.
  void point_into(uint64_t index, Point& p) const;
  // The combination whose k-th axis takes its positions[k]-th value (the inverse of the decoding in point()).
  uint64_t combination_at(const std::vector<size_t>& positions) const;
  // The combination where every axis takes the value `at` pins it to (its first value when `at` leaves it free).
  // `at` must name values the axes have (references are checked so when loaded).
  uint64_t combination_of(const std::vector<std::pair<ParamSlot, Value>>& at) const;

private:
  const std::vector<ParamSpec>* specs_ = nullptr;
  std::vector<Value> fixed_;  // one value per model parameter; swept ones (or swept elements) are set per point
  std::vector<Axis> axes_;
  uint32_t repetitions_  = 1;
  uint64_t seed_         = 0;
  uint64_t combinations_ = 1;
  std::vector<bool> seed_blind_;  // per axis: true when the axis does not enter the seed
};

}  // namespace isogrid
