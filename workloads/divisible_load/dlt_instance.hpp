#pragma once
// A DLT instance as an experiment point describes it: the workers in the order they are served, the load and the
// result ratio. Pure: built from parameter values, with heterogeneity drawn from the point's seed.
#include "policies/dlt/single_round.hpp"
#include "workloads/divisible_load/dlt_star_model.hpp"

#include <cstdint>
#include <vector>

namespace isogrid::dlt {

struct Instance {
  std::vector<Worker> workers;  // already in serving order
  double V    = 0;
  double beta = 0;
};

// Workers from A, C, S (numbers, or lists of m values), each scaled by a factor drawn uniformly from
// [1 - spread, 1 + spread] (A_spread, C_spread, S_spread) with the point's seed, then ordered by `sequence`.
Instance instance_of(const DltStarParams& params, uint64_t seed);

// The order in which the `sequence` policy serves these workers: a permutation of 0..n-1.
std::vector<size_t> serving_order(const std::string& sequence, const std::vector<Worker>& workers);

}  // namespace isogrid::dlt
