#pragma once
// Which PE runs the main thread, where the whole computation starts. The choice matters on a grid: every other PE
// first gets work by fishing towards it, across whatever latency separates them.
#include "policies/gph/pe_view.hpp"

namespace isogrid::gph {

// GUM: "one PE is nominated at random" once all PEs know each other (draw % PEs).
size_t random_main_pe(const Topology& topology, const Draw& draw);

// GRID-GUM1: the first PE of the configuration string.
size_t first_main_pe(const Topology& topology);

// GRID-GUM1.1: a fastest PE; the first of them in configuration order.
size_t fastest_main_pe(const Topology& topology);

// GRID-GUM2 (P4): the fastest PE (first of equals) of the "biggest" cluster, the one with the largest sum of CPU
// speeds. Equal sums go to the cluster whose first PE comes first in the configuration.
size_t biggest_cluster_main_pe(const Topology& topology);

}  // namespace isogrid::gph
