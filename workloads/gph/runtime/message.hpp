#pragma once
// The messages of a simulated GUM runtime (shared notes B.1.2), as plain data: the pure PE core (pe_core.hpp)
// writes and reads them, the SimGrid shell only carries them and charges their bytes to the network.
#include "policies/gph/fishing.hpp"
#include "policies/gph/load_information.hpp"
#include "workloads/gph/program.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace isogrid::gph {

// A spark's global address: the PE that created it (high bits) and a counter there, so that PEs name sparks
// without asking anyone.
using ThunkId = std::uint64_t;
constexpr ThunkId make_thunk_id(size_t creator, std::uint64_t serial)
{
  return (std::uint64_t{creator} << 40) | serial;
}
constexpr std::uint64_t thunk_creator(ThunkId id) { return id >> 40; }
constexpr std::uint64_t thunk_serial(ThunkId id) { return id & ((std::uint64_t{1} << 40) - 1); }

enum class MessageKind : std::uint8_t {
  Fish,      // a work request travelling from PE to PE
  Schedule,  // sparks (and their nearby graph) for the fish's origin
  Ack,       // the new location of shipped graph is recorded
  Fetch,     // a thread needs a value another PE holds
  Resume,    // the value (or the unevaluated thunk, handed back)
  More,      // "send the next packet": GUM's FETCH of a FETCH_ME left behind by a full packet
  Packet,    // the next packet of a large transfer (GUM's RESUME of that FETCH)
  Speeds,    // start-up: a PE's static CPU speed, to the manager (GRID-GUM1.1 and 2)
  Table,     // start-up: the manager's table of every PE's speed
};
constexpr size_t kMessageKinds = 9;
const char* message_kind_name(MessageKind kind);

struct SparkPacket {
  ThunkId id = 0;
  NodeKey key;
};

struct Message {
  MessageKind kind   = MessageKind::Fish;
  std::uint32_t from = 0, to = 0;
  double sent_at = 0;  // simulated s; GRID-GUM2 measures latency from it
  double bytes   = 0;  // what the network carries
  // The graph it carries (a SCHEDULE's sparks, a RESUME's value): what GUM's statistics count as a packet's size,
  // without the envelope, acknowledged addresses or piggy-backed load entries. A transfer split into packets counts
  // its whole graph on its first message.
  double payload = 0;

  Fish fish;                        // Fish
  std::vector<SparkPacket> sparks;  // Schedule
  std::vector<ThunkId> thunks;      // Ack: the sparks acknowledged; Fetch, Resume: the one thunk
  std::uint32_t requester = 0;      // Fetch: who needs the value (a forwarded fetch keeps it)
  bool unevaluated        = false;  // Resume: the thunk itself comes back, not its value
  // Fetch, Resume: a piece of the program's input graph from the main PE (Node::fetches), not a spark's value;
  // `thunks` names the waiting thread's fetch and a Fetch asks for `wanted` bytes.
  bool input_data = false;
  double wanted   = 0;
  NodeKey key;  // Resume with unevaluated: the node to evaluate

  // A transfer larger than one packet: the first packet carries the message, the rest follow one More/Packet round
  // trip each. `transfer` names it at the receiver; `bytes_left` is what is still to come.
  std::uint64_t transfer = 0;
  double bytes_left      = 0;

  std::vector<PiggybackEntry> loads;  // GRID-GUM2's piggy-backed load table entries
};

// Messages sent, and bytes, by kind.
struct MessageCounts {
  std::array<std::uint64_t, kMessageKinds> sent{};
  double bytes = 0, payload = 0;

  std::uint64_t of(MessageKind k) const { return sent[static_cast<size_t>(k)]; }
  std::uint64_t total() const;
  void add(const Message& m);
  MessageCounts& operator+=(const MessageCounts& other);
};

}  // namespace isogrid::gph
