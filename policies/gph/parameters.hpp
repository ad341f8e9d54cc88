#pragma once
// Every constant of the GpH runtimes' load distribution, with the value GUM 4.xx or the shared notes (B.1.2,
// B.1.6) give. Fields the paper leaves open are here so that experiments can sweep them.
#include <cstddef>
#include <limits>

namespace isogrid::gph {

// What a PE publishes as its "current load" (the paper does not define it).
enum class LoadMeasure {
  ExportableSparks,  // |spark pool|: what a FISH could actually take (default)
  SparksAndThreads,  // spark pool plus runnable threads
  Busy,              // 1 while a thread runs, else 0
};

// How GRID-GUM2 ranks loaded PEs outside the fisher's cluster (or all of them without the cluster preference).
enum class RemoteScore {
  LoadOverLatency,  // rel_load / latency (default)
  Weighted,         // rel_load / (1 + alpha * latency)
};

// What GRID-GUM2 does when its table names no loaded PE.
enum class NoCandidate {
  RandomFish,  // GUM's blind choosePE (default)
  Wait,        // send nothing; the runtime retries when new information arrives
};

struct Gg2Parameters {
  LoadMeasure load = LoadMeasure::ExportableSparks;
  // P1: a PE is a candidate when its known load is > 0 and load / speed >= this (0: any loaded PE).
  double relative_load_threshold = 0;
  // P2: loaded PEs of the fisher's own cluster first (highest load / speed), remote ones only if none.
  bool prefer_own_cluster  = true;
  RemoteScore remote_score = RemoteScore::LoadOverLatency;
  // 1/s, for RemoteScore::Weighted: 1000 means one millisecond of latency halves a PE's attraction.
  double alpha         = 1000;
  NoCandidate fallback = NoCandidate::RandomFish;
  // A PE forwarding a fish sends it to a PE it knows is loaded (ranked from the fish's origin), not at random:
  // P1 says work is only sought from PEs known to be loaded, and the forwarder's table may know one.
  bool informed_forwarding = true;
  // Entries older than this (s) are ignored when choosing; infinity keeps every entry.
  double stale_after = std::numeric_limits<double>::infinity();
  // Table entries piggy-backed on each message: 0 = every known entry, k = the k most recent.
  size_t piggyback_entries     = 0;
  double piggyback_entry_bytes = 16;  // PE id, load and timestamp: the message-size overhead per entry
  // Weight of a new one-way latency sample in the EWMA (TCP's smoothed-RTT gain, 1/8).
  double latency_gain = 0.125;
  // P3: a requester in another cluster, or farther than latency_threshold (s), gets
  // k = min(pool - keep_local, ceil(lat / lat_local), k_max), at most half the pool, at least 1.
  size_t k_max             = 8;
  size_t keep_local        = 1;
  double latency_threshold = 1e-3;
  // GRID-GUM1.1 is "a special implementation of GRID-GUM2 using static information only" (paper, Sec. 5.2; Table 9
  // splits GRID-GUM2's gain into static and dynamic parts), which suggests GRID-GUM2 keeps its static rule: no work
  // from a faster PE unless it is the main PE, over the candidates it fishes and forwards to. Off by default: with
  // it, the simulated GRID-GUM2 runs Table 11's raytracer 8-44 % slower than GRID-GUM1 where the paper has it up to
  // 46 % faster, so the paper's GRID-GUM2 cannot have applied the rule unconditionally (docs/models.md).
  bool static_rule = false;
};

struct Parameters {
  unsigned fish_life_expectancy = 10;  // FISH_LIFE_EXPECTANCY: hops before a fish is sent home
  unsigned max_fishes           = 1;   // MAX_FISHES: outstanding fishes per PE
  // FISH_DELAY after an own fish returns empty, in seconds. GUM 4.06 (Schedule.c v1.57) has the check commented out
  // (re-fish at once: 0); GUM 5.x (v1.194) compares last_fish_arrived_at + 1000 against a millisecond clock (1 s)
  // and blocks on receive meanwhile; GUM 6.x busy-waits until it expires. The model follows 6.x with 5.x's value:
  // the PE stays idle, answers messages, and fishes again 1 s after its fish came back.
  double fish_delay = 1;
  // When a busy PE handles messages. GUM handles them only at scheduler entry (Schedule.c: PacketsWaiting() ->
  // processMessages()): when a thread blocks or finishes, or at a timer tick that makes the running thread yield,
  // every 10 ms in GHC 4 (CS_MAX_FREQUENCY 100), 20 ms in GHC 5 (TICK_FREQUENCY 50), 50 ms in 2006's RtsFlags. An
  // idle PE waits in the scheduler and handles a message at once. 0 handles every message on arrival.
  double poll_interval = 0.02;  // GHC 5's tick, the GUM 5.x that fish_delay follows
  // Sparks.c findSpark(for_export) (GHC 5.x-6.x GUM): a PE whose run queue is empty does not export its only spark,
  // "the only work a PE has"; the FISH goes on as if the pool were empty. It bites when a thread has just blocked or
  // finished and the scheduler handles messages before activating that spark; at a timer tick the running thread is
  // back in the run queue, so the spark may go.
  bool keep_last_spark = true;
  // choosePE's "r == self -> r + 1" redirection, which doubles the odds of the PE after self. On for fidelity;
  // off draws uniformly over the other PEs.
  bool gum_bias = true;
  // GRID-GUM1.1 enforces "no work from a faster PE unless it is the main PE" at the receiver (a faster non-main
  // PE passes the fish on instead of answering; fishes are sent blindly) rather than at the sender (default).
  bool gg11_receiver_side = false;
  Gg2Parameters gg2;
};

}  // namespace isogrid::gph
