#pragma once
// GUM's blind work stealing (GUM 4.xx runtime source, shared notes B.1.2): an idle PE without sparks sends a FISH
// to a random PE; a PE with an exportable spark answers with a SCHEDULE to the fish's origin; one without passes
// the fish on at random until it has made FISH_LIFE_EXPECTANCY hops, then sends it home to die; a PE whose own
// fish comes back waits FISH_DELAY before fishing again. The other runtimes change only where fishes go and how
// much an answer carries, so they reuse these pieces.
#include "policies/gph/parameters.hpp"
#include "policies/gph/pe_view.hpp"

#include <cstdint>
#include <functional>
#include <limits>

namespace isogrid::gph {

// A work request. GUM's message also has "history" and "hunger" fields, which its source marks "not currently
// used" (always 0): they are left out.
struct Fish {
  size_t origin = 0;
  unsigned age  = 0;  // NEW_FISH_AGE = 0; each hop adds one
};

// Where a fish goes.
struct FishTarget {
  bool found    = false;  // false: nowhere to send one (a single PE; GRID-GUM2 waiting for information)
  size_t pe     = 0;
  bool informed = false;  // chosen because the PE is known to be loaded (GRID-GUM2), not blindly
};

// GUM's choosePE: r = draw % pes; if r == self then r = (r + 1) % pes. Never self (for pes > 1), may be the
// fish's origin, and with the bias the PE after self is twice as likely. Without the bias: uniform over the
// pes - 1 others. Returns self when it is the only PE.
size_t choose_pe(size_t self, size_t pes, std::uint64_t draw, bool gum_bias);
FishTarget blind_target(const PeView& pe, const Draw& draw, const Parameters& parameters);

// The idle rule's fishing half (the caller has found no runnable thread and no local spark).
struct FishingState {
  unsigned outstanding = 0;
  double last_return   = -std::numeric_limits<double>::infinity();  // when an own fish last came back empty
};
bool may_send_fish(const FishingState& state, double now, const Parameters& parameters);
void note_fish_sent(FishingState& state);
void note_fish_returned(FishingState& state, double now);  // processFish case (a)
void note_schedule_received(FishingState& state);          // processSchedule: the fish was answered

// What a PE does with a fish it receives (processFish cases a-d).
enum class FishOutcome {
  Returned,  // (a) its own fish came back empty: note_fish_returned, then maybe fish again after FISH_DELAY
  Schedule,  // (b) send `sparks` sparks to fish.origin and drop them from the pool
  Forward,   // (c) send `fish` (one hop older) to `to`
  SendHome,  // (d) too old: send `fish` (one hop older) to its origin, `to`, to die
};

struct FishAction {
  FishOutcome outcome = FishOutcome::Returned;
  size_t to           = 0;
  Fish fish;              // the fish as it travels on (Forward, SendHome); as received otherwise
  size_t sparks = 0;      // Schedule only
  bool informed = false;  // Forward: the next PE was chosen from load information
};

// processFish with the policy's decisions plugged in: `answers` says whether this PE serves the origin (it has
// an exportable spark and the policy lets it), `sparks` how many it sends then, `next` where a passed-on fish
// goes (called only when the fish is passed on, so that no random draw is spent otherwise; a fish with nowhere
// to go is sent home).
FishAction process_fish(size_t receiver, const Fish& fish, bool answers, size_t sparks,
                        const std::function<FishTarget()>& next, const Parameters& parameters);

}  // namespace isogrid::gph
