#pragma once
// A DLT instance as an experiment point describes it: the workers in the order they are served, the load and the
// result ratio. Pure: built from parameter values, with heterogeneity drawn from the point's seed.
#include "policies/dlt/single_round.hpp"
#include "simulator/core/point.hpp"

#include <vector>

namespace isogrid::dlt {

struct Instance {
  std::vector<Worker> workers;  // already in serving order
  double V    = 0;
  double beta = 0;
};

// Workers from A, C, S (numbers, or lists of m values), each scaled by a factor drawn uniformly from
// [1 - spread, 1 + spread] (A_spread, C_spread, S_spread), then ordered by the `sequence` policy.
Instance instance_from_point(const Point& point);

// The order in which the point's `sequence` policy serves these workers: a permutation of 0..n-1.
std::vector<size_t> serving_order(const Point& point, const std::vector<Worker>& workers);

}  // namespace isogrid::dlt
