#pragma once
// GRID-GUM1.1's use of static information (paper, Appendix A.3): "slow PEs are prevented from extracting work from
// faster PEs, unless the latter is the main PE". Work a fast PE would finish sooner stays with it; the main PE,
// where all work starts, stays open to everyone so that slow PEs are not starved at the start. The paper does
// not say which side enforces it: the sender (default: it fishes only PEs it may take work from) or the receiver
// (Parameters::gg11_receiver_side: a faster non-main PE passes a slower PE's fish on instead of answering).
#include "policies/gph/fishing.hpp"
#include "policies/gph/parameters.hpp"
#include "policies/gph/pe_view.hpp"

namespace isogrid::gph {

// True when `thief` may take work from `victim`: the victim is not faster, or it is the main PE.
bool may_take_work(const Topology& topology, size_t main_pe, size_t thief, size_t victim);

// Uniform over the PEs other than `holder` that `thief` may take work from (GUM's +1 bias does not apply: it is
// an artefact of choosePE, not of this rule). Not found when there is none; draws only when there is one.
FishTarget allowed_target(const Topology& topology, size_t main_pe, size_t thief, size_t holder, const Draw& draw);

// The sender-side rule for a new fish (thief = holder = self). When no PE is allowed, which happens only to a
// main PE slower than every other PE, it fishes blindly: the rule protects fast PEs' work from slow thieves, and
// a starving main PE would otherwise never fish again.
FishTarget filtered_target(const PeView& pe, const Draw& draw, const Parameters& parameters);

// Where a PE without work passes on a fish from `origin`. Sender side: a PE the origin may take work from (the
// origin itself always qualifies, so there is always one, as GUM's choosePE may also return the origin).
// Receiver side: GUM's blind choosePE, the receivers doing the filtering.
FishTarget filtered_forward(const PeView& holder, size_t origin, const Draw& draw, const Parameters& parameters);

// Receiver side: whether `receiver` may answer a fish from `origin`. Always true with sender-side filtering.
bool answers_under_filter(const PeView& receiver, size_t origin, const Parameters& parameters);

}  // namespace isogrid::gph
