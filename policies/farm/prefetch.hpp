#pragma once
// How many tasks a sub-master (the communication manager) keeps queued for its sub-workers, beyond the one each
// is computing. The paper leaves it open. Too few and sub-workers idle while the next tasks cross the Internet;
// too many and, when the master runs out, the queue holds tasks that slow clusters finish long after the fast
// ones went idle (a Brazilian task takes 1 610 s).
#include "base/named_registry.hpp"

#include <cstddef>

namespace isogrid::farm {

struct PrefetchRequest {
  size_t workers     = 0;  // sub-workers taking part
  double rate        = 0;  // their summed task rate, tasks/s
  double aggregation = 1;  // S: a message carries S results, and S new tasks come back for it
  double round_trip  = 0;  // s from shipping a message to its tasks arriving: result transfer + two latencies
};

// Returns the queue length, in tasks (at least S: the S tasks of the message in flight come back only a round
// trip later, so with fewer the sub-master could never fill a message).
using PrefetchPolicy = long long (*)(const PrefetchRequest& request);

// "round-trip" (S plus what the sub-workers finish during one round trip), "one-per-worker" (S plus one task per
// sub-worker, the shared notes' suggestion) and "none" (S).
const NamedRegistry<PrefetchPolicy>& prefetch_policies();
// The same registry, open to additions until the catalog freezes it: for what a plugin registers.
NamedRegistry<PrefetchPolicy>& prefetch_registry();

}  // namespace isogrid::farm
