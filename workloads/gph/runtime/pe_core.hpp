#pragma once
// One PE of a simulated GUM runtime as a pure state machine ("functional core, simulated shell"): it is told that a
// message arrived, or that the time it asked to be woken at has come, and answers with messages to send and the next
// time it wants to be woken. No SimGrid here: the shell (gum_skeleton.hpp) moves the messages over a simulated
// network and keeps the clock; tests drive a core by hand.
//
// What a PE does (shared notes B.1.2):
//  * It runs one thread at a time, non-preemptively: a thread computes until it finishes or blocks. A thread is a
//    stack of frames, one per program node being evaluated (program.hpp gives a node's steps: work before, spark
//    children into the local pool, evaluate an inline child, demand the sparked children, work after).
//  * Messages reach an idle PE at once. A PE whose thread computes handles them at scheduler entry, as GUM does:
//    when the thread blocks or finishes, or at the next timer tick (Parameters::poll_interval; 0: on arrival).
//  * Demanding a child still in the pool absorbs it: the demanding thread evaluates it inline. One being evaluated
//    by a local thread blocks the demander (a black hole); one shipped to another PE blocks it until the value
//    comes back (FETCH/RESUME, after the shipping's ACK; a FETCH meeting a thunk still unevaluated takes it back).
//  * Without a runnable thread a PE turns its oldest spark into a thread; without sparks it fishes as its
//    runtime policy says (policies/gph/runtime_policies.hpp), one fish at a time, waiting FISH_DELAY after its own
//    fish came back empty.
//  * A node that reads the program's input (Node::fetches) fetches it from the main PE between slices of its work,
//    blocking its thread for each round trip; the PE runs another thread or spark meanwhile. A piece several nodes
//    read (Node::shared_inputs) is fetched once per PE: the first reader brings it, later ones find it local.
//  * A payload larger than a packet goes in packets, each after the first fetched by one More/Packet round trip,
//    as GUM leaves FETCH_ME nodes behind a full pack buffer.
#include "policies/gph/load_information.hpp"
#include "policies/gph/parameters.hpp"
#include "policies/gph/pe_view.hpp"
#include "policies/gph/runtime_policies.hpp"
#include "workloads/gph/program.hpp"
#include "workloads/gph/runtime/message.hpp"
#include "workloads/gph/runtime/pe_recorder.hpp"

#include <cstdint>
#include <deque>
#include <limits>
#include <memory>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace isogrid::gph {

// What every PE of one run shares, read-only.
struct RuntimeSetup {
  const Program* program      = nullptr;
  const Topology* topology    = nullptr;
  const RuntimePolicy* policy = nullptr;
  Parameters parameters;
  size_t main_pe = 0;
  std::vector<double> work_rate;   // per PE: reference-PE seconds of work done per simulated second
  double packet_bytes     = 4096;  // GUM's pack buffer: 1024 words of 4 bytes (32-bit PEs)
  double header_bytes     = 32;    // every message's envelope
  size_t max_local_sparks = 4096;  // GUM's maxLocalSparks: sparks beyond it are discarded (parent evaluates)
  // Node::fetches are counted at the program's own input; a run that scales its work (work_scale: a larger input of
  // the same program) scales them alike, so that the program keeps its communication degree (messages per second,
  // the paper's Table 6 measure of a program).
  double fetch_scale = 1;
};

struct PeStatistics {
  MessageCounts messages;           // sent by this PE
  std::uint64_t threads       = 0;  // created here (sparks activated, the main thread)
  std::uint64_t sparks        = 0;  // created here
  std::uint64_t absorbed      = 0;  // sparks evaluated inline by the thread that demanded them
  std::uint64_t shipped       = 0;  // sparks sent away in SCHEDULEs
  std::uint64_t discarded     = 0;  // sparks not kept because the pool was full
  std::uint64_t fishes        = 0;  // new fishes sent (forwarded ones count in messages)
  std::uint64_t blocked       = 0;  // times a thread blocked on a value or on input data
  std::uint64_t input_fetches = 0;  // synchronous fetches of input data from the main PE (Node::fetches)
  double busy_seconds         = 0;  // time spent computing
  // Per thread that evaluated a stolen spark (one received in a SCHEDULE), in the order they finished: the
  // reference-PE seconds it computed here, its sparks shipped on excluded. The grain a steal brought.
  std::vector<double> stolen_work;
};

class PeCore {
public:
  PeCore(const RuntimeSetup& setup, size_t self, Draw draw);
  ~PeCore();
  PeCore(const PeCore&)            = delete;
  PeCore& operator=(const PeCore&) = delete;

  // Time 0 of the run: the start-up exchange, the main thread on the main PE, the first fishes elsewhere.
  void start(double now);
  void on_message(const Message& message, double now);
  // The time wake_time() returned has come: the running computation ended, or FISH_DELAY has passed.
  void on_wake(double now);
  // When the core needs waking without a message; +infinity when only a message can wake it.
  double wake_time() const;

  // Messages to send, in order; the caller moves them out and clears the vector.
  std::vector<Message>& outbox() { return outbox_; }
  // The main thread has finished: the program's result is there.
  bool finished() const { return finished_; }
  const PeStatistics& statistics() const { return stats_; }
  size_t self() const { return self_; }
  // From now on the core tells `recorder` what it does (pe_recorder.hpp); null: it records nothing.
  void record_into(PeRecorder* recorder) { recorder_ = recorder; }
  PeActivity activity() const;

  // For tests and load reports.
  size_t pool_size() const { return pool_live_; }
  size_t runnable_threads() const { return runnable_.size() + (current_ ? 1 : 0); }

private:
  struct Frame;
  struct Thread;
  struct Thunk;
  enum class Step { Computing, Blocked, Finished };

  void begin(double now);
  void compute(double work, double now);
  void advance(double now);
  Step step(Thread& thread, double now);
  void push_frame(Thread& thread, const NodeKey& key, ThunkId publishes);
  bool demand(Thread& thread, Frame& frame);
  void publish(ThunkId id, double result_bytes, double now);
  void wake(ThunkId id);
  std::optional<ThunkId> take_spark();
  void try_fishing(double now);
  size_t exportable_sparks() const;

  void deliver(const Message& m, double now);
  void handle(const Message& m, double arrived, double now);
  void drain_inbox(double now);
  void on_fish(const Message& m, double now);
  void on_schedule(const Message& m, double now);
  void on_ack(const Message& m);
  void on_fetch(const Message& m, double now);
  void on_resume(const Message& m, double now);
  void on_more(const Message& m, double now);
  void on_packet(const Message& m, double now);
  Message fetch_message(ThunkId id, size_t to, std::uint32_t requester) const;
  void send_fetch(ThunkId id, size_t to, std::uint32_t requester);
  void fetch_input(double bytes, double now);
  std::uint32_t input_fetches_for(const Node& node);
  void request_packet(size_t from, std::uint64_t transfer, double bytes_left, double now);
  static std::uint64_t transfer_key(size_t from, std::uint64_t transfer);

  void record_activity(double now)
  {
    if (recorder_)
      recorder_->activity(self_, activity(), now);
  }
  void record_spark(ThunkId id, SparkFate fate, double since, double now)
  {
    if (recorder_)
      recorder_->spark(self_, id, fate, since, now);
  }

  Message make(MessageKind kind, size_t to, double payload_bytes) const;
  void send(Message m, double now);
  PeView view(double now) const;
  double own_load() const;

  const RuntimeSetup& setup_;
  size_t self_;
  Draw draw_;

  std::unordered_map<ThunkId, Thunk> thunks_;
  std::deque<ThunkId> pool_;  // oldest first; entries whose thunk left the pool are skipped when met
  size_t pool_live_          = 0;
  std::uint64_t next_serial_ = 1;

  std::unique_ptr<Thread> current_;
  std::deque<std::unique_ptr<Thread>> runnable_;
  std::unordered_map<ThunkId, std::unique_ptr<Thread>> blocked_;  // by the thunk each waits for
  ThunkId blocked_on_     = 0;  // what the thread step() just reported Blocked waits for
  double computing_until_ = std::numeric_limits<double>::infinity();
  double computing_since_ = 0;

  double now_ = 0;  // the time of the latest event
  FishingState fishing_;
  bool started_        = false;  // start-up over: may fish
  size_t speeds_heard_ = 0;      // the manager's count of Speeds messages
  bool finished_       = false;

  std::unique_ptr<PeKnowledge> knowledge_;              // GRID-GUM2 only
  std::unordered_map<std::uint64_t, Message> partial_;  // large transfers still arriving, by transfer id
  std::unordered_set<std::uint64_t> held_inputs_;       // Node::SharedInput pieces fetched here (or being fetched)
  std::uint64_t next_transfer_ = 1;

  std::vector<Message> outbox_;
  struct Waiting {
    Message message;
    double arrived;
  };
  std::deque<Waiting> inbox_;  // arrived while a thread computed, for the next scheduler entry
  double next_tick_ = std::numeric_limits<double>::infinity();  // the timer's next yield to them
  PeStatistics stats_;
  PeRecorder* recorder_ = nullptr;
};

}  // namespace isogrid::gph
