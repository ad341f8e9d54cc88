#pragma once
// Who exchanges halos with whom, and in which order, in a 1-D chain of ranks spread over clusters.
//
// Korkhov's model (Sec. 4.4.1, eq. 4.26) assumes that "we first communicate between CEs": border ranks exchange
// across the wide-area link first, while the other ranks exchange inside their cluster; the critical path of a
// step is then N_y^2 (tau_grid + tau_comm) at the border ranks. This plan realises that order:
//  - every rank first exchanges with all its neighbours in other clusters, at once (separate wide-area links);
//  - then with its neighbours in the same cluster, one at a time, in an order that keeps the border ranks' intra
//    exchanges for last: interior pairs alternate between two rounds (a proper edge colouring of the chain), and
//    pairs that touch a border rank come after both rounds.
// Each exchange sends and receives one halo at once (full-duplex links). A consistent order per pair (by priority,
// then position) cannot deadlock: a rank waits only for pairs of lower or equal priority.
#include <cstddef>
#include <vector>

namespace isogrid::stencil {

struct RankHalo {
  std::vector<size_t> inter;  // neighbours in other clusters: exchanged first, all at once
  std::vector<size_t> intra;  // neighbours in the same cluster: exchanged afterwards, in this order
};

std::vector<RankHalo> chain_halo_plan(const std::vector<size_t>& cluster_of_rank);

}  // namespace isogrid::stencil
