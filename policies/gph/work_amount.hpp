#pragma once
// How many sparks one SCHEDULE carries. GUM sends exactly one per FISH: on a cluster a second fish costs little.
// GRID-GUM2's P3 answers a fish from a remote or high-latency PE with "additional work if possible, with the
// intention of offsetting the high latency with bandwidth": the number of sparks grows with how many local round
// trips one remote trip costs (lat / lat_local), bounded so that the giver keeps work of its own.
#include "policies/gph/parameters.hpp"
#include "policies/gph/pe_view.hpp"

namespace isogrid::gph {

// GUM, GRID-GUM1, GRID-GUM1.1: one spark (none from an empty pool).
size_t one_spark(size_t pool);

// GRID-GUM2 (P3). `latency` is the receiver's estimate of its one-way latency to the requester (s). A requester in
// the receiver's cluster and no farther than latency_threshold gets one spark. Otherwise
//   k = min(pool - keep_local, ceil(latency / lat_local), k_max), then at most floor(pool / 2), at least 1
// with lat_local the receiver's intra-cluster latency (k_max when it is 0). A pool of one still gives its spark,
// as GUM would; the half-pool cap makes the giver keep at least as many sparks as it sends.
size_t sparks_for_requester(const Topology& topology, size_t receiver, size_t requester, size_t pool, double latency,
                            const Gg2Parameters& parameters);

}  // namespace isogrid::gph
