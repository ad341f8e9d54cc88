#pragma once
// GRID-GUM2's choice of a fish's target from its partial, time-stamped load table (paper Sec. 5; shared notes
// B.1.5-B.1.6). P1: only PEs known to be loaded relative to their speed are worth a fish. P2: among them, those
// of the fisher's own cluster come first (highest load / speed wins, as it will have work longest); only if none
// is known do remote PEs compete, by load / speed over latency, so that a slightly busier PE behind the WAN does
// not win over a near one. Ties go to the lower latency, then the lower PE id. With nothing known, GUM's blind
// choice (or waiting). Each call is one pass over the table: O(PEs).
#include "policies/gph/fishing.hpp"
#include "policies/gph/load_information.hpp"
#include "policies/gph/parameters.hpp"
#include "policies/gph/pe_view.hpp"

#include <optional>

namespace isogrid::gph {

struct CandidateQuery {
  const Topology* topology        = nullptr;
  const LoadTable* loads          = nullptr;  // whose beliefs
  const LatencyEstimates* latency = nullptr;  // measured latencies from `requester`; null: the topology's
  size_t requester                = 0;        // who wants the work: sets "own cluster" and latency
  size_t skip[2]                  = {0, 0};   // never chosen (the fisher itself, the fish's origin)
  double now                      = 0;        // for Gg2Parameters::stale_after
  std::optional<size_t> main_pe;              // with Gg2Parameters::static_rule: the PE everyone may rob
};

// The best known loaded PE, if any.
std::optional<size_t> best_loaded_pe(const CandidateQuery& query, const Gg2Parameters& parameters);

// A new fish from pe.self, with pe.knowledge as the table (a null table knows nothing).
FishTarget informed_target(const PeView& pe, const Draw& draw, const Parameters& parameters);

// Where a PE without work passes on a fish from `origin`: with informed_forwarding, the best loaded PE its own
// table knows, ranked from the origin's standpoint (its cluster, the topology's latency from it, since the
// forwarder has not measured the origin's latencies), neither itself nor the origin; otherwise, or when nothing
// is known, GUM's blind choosePE (never "wait": the fish is already travelling).
FishTarget informed_forward(const PeView& holder, size_t origin, const Draw& draw, const Parameters& parameters);

}  // namespace isogrid::gph
