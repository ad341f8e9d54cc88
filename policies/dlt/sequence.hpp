#pragma once
// The order in which the originator serves the workers. With one port and no result return, serving the
// fastest links first (increasing C_i) is optimal whatever the speeds (Bharadwaj et al. 1996); the other
// orders are there to measure how much a naive order costs.
#include "base/named_registry.hpp"
#include "policies/dlt/single_round.hpp"

#include <vector>

namespace isogrid::dlt {

// Returns a permutation of 0..n-1: position k holds the index of the k-th worker served.
using SequencePolicy = std::vector<size_t> (*)(const std::vector<Worker>& workers);

const NamedRegistry<SequencePolicy>& sequence_policies();
// The same registry, open to additions until the catalog freezes it: for what a plugin registers.
NamedRegistry<SequencePolicy>& sequence_registry();

// Applies a permutation to the workers: out[k] = workers[order[k]].
std::vector<Worker> reorder(const std::vector<Worker>& workers, const std::vector<size_t>& order);

}  // namespace isogrid::dlt
