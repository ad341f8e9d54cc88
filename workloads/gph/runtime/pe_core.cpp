#include "workloads/gph/runtime/pe_core.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

namespace isogrid::gph {

namespace {
constexpr double kInfinity   = std::numeric_limits<double>::infinity();
constexpr size_t kManagerPe  = 0;  // where start-up speeds are gathered, as PVM's manager task
constexpr double kSpeedBytes = 8;  // one PE's speed in the start-up exchange
}  // namespace

struct PeCore::Frame {
  enum class Phase : std::uint8_t { Start, Fetch, Spark, Inline, Demand, After, Done };
  NodeKey key;
  Node node;
  ThunkId publishes     = 0;  // the spark this frame evaluates as the root of a thread; 0 for an inline evaluation
  Phase phase           = Phase::Start;
  size_t next           = 0;      // the next sparked child to demand
  std::uint32_t fetches = 0;      // input-data fetches to make (Node::fetches, scaled), 0 on the main PE
  std::uint32_t fetched = 0;      // input-data fetches answered (Phase::Fetch)
  bool fetching         = false;  // one is out: the thread was blocked on it

  // The work before the sparks comes in fetches + 1 equal slices, one before each fetch and one after the last.
  double slice() const { return node.before / (fetches + 1.0); }
  std::vector<ThunkId> children;
};

struct PeCore::Thread {
  std::vector<Frame> stack;
  bool main   = false;
  bool stolen = false;  // evaluates a spark that came in a SCHEDULE
  double work = 0;      // reference-PE seconds computed so far (what its sparks shipped away do is not counted)
};

// What this PE knows about one spark: one it created (its parent thread lives here) or one it was sent.
struct PeCore::Thunk {
  enum class State : std::uint8_t {
    InPool,   // in the spark pool: exportable, or absorbed when its parent demands it
    Held,     // unevaluated but not exportable (the pool was full, or a FETCH handed it back)
    Running,  // a thread of this PE evaluates it (a black hole)
    Done,     // evaluated here; the value waits for its demander
    Shipped,  // sent to `shipped_to` in a SCHEDULE
  };
  State state = State::InPool;
  NodeKey key;
  bool demanded       = false;  // a thread of this PE is blocked on it
  bool received       = false;  // it came in a SCHEDULE: a thread evaluating it is a stolen one
  size_t shipped_to   = 0;
  bool acked          = false;          // Shipped: the receiver's ACK is in
  bool fetch_on_ack   = false;          // Shipped, not acked: the blocked thread's FETCH waits for the ACK
  double result_bytes = 0;              // Done
  std::vector<std::uint32_t> fetchers;  // PEs whose FETCH waits for the value (or, Shipped, for the ACK)
  double since = 0;                     // when it came into this PE's care (its timeline's spark stay)
  bool pruned  = false;                 // Held since its creation: the pool was full
};

const char* message_kind_name(MessageKind kind)
{
  static const char* names[kMessageKinds] = {"fish", "schedule", "ack",    "fetch", "resume",
                                             "more", "packet",   "speeds", "table"};
  return names[static_cast<size_t>(kind)];
}

std::uint64_t MessageCounts::total() const
{
  std::uint64_t n = 0;
  for (auto s : sent)
    n += s;
  return n;
}

void MessageCounts::add(const Message& m)
{
  sent[static_cast<size_t>(m.kind)] += 1;
  bytes += m.bytes;
  payload += m.payload;
}

MessageCounts& MessageCounts::operator+=(const MessageCounts& other)
{
  for (size_t k = 0; k < kMessageKinds; ++k)
    sent[k] += other.sent[k];
  bytes += other.bytes;
  payload += other.payload;
  return *this;
}

PeCore::PeCore(const RuntimeSetup& setup, size_t self, Draw draw) : setup_(setup), self_(self), draw_(std::move(draw))
{
  if (!setup.program || !setup.topology || !setup.policy)
    throw std::invalid_argument("gph runtime: program, topology and policy are required");
  if (self >= setup.topology->pes() || setup.work_rate.size() != setup.topology->pes() ||
      setup.main_pe >= setup.topology->pes())
    throw std::invalid_argument("gph runtime: PE index, main PE or work rates do not match the topology");
  if (setup.work_rate[self] <= 0)
    throw std::invalid_argument("gph runtime: a PE's work rate must be positive");
  if (setup.packet_bytes <= 0)
    throw std::invalid_argument("gph runtime: the packet size must be positive");
  if (setup.policy->piggybacks_loads)
    knowledge_ = std::make_unique<PeKnowledge>(*setup.topology, self, setup.parameters.gg2);
}

PeCore::~PeCore() = default;

// ---- time ----------------------------------------------------------------------------------------------------------

void PeCore::start(double now)
{
  now_       = now;
  size_t pes = setup_.topology->pes();
  if (setup_.policy->exchanges_speeds && pes > 1) {
    if (self_ != kManagerPe)
      send(make(MessageKind::Speeds, kManagerPe, kSpeedBytes), now);
    return;  // started_ once the manager's table is in
  }
  begin(now);
  record_activity(now);
}

PeActivity PeCore::activity() const
{
  if (computing_until_ != kInfinity)
    return PeActivity::Compute;
  if (!blocked_.empty())
    return PeActivity::Blocked;
  if (fishing_.outstanding > 0)
    return PeActivity::Fish;
  return PeActivity::Idle;
}

void PeCore::begin(double now)
{
  started_ = true;
  if (self_ == setup_.main_pe) {
    auto main  = std::make_unique<Thread>();
    main->main = true;
    push_frame(*main, setup_.program->root(), 0);
    stats_.threads += 1;
    runnable_.push_back(std::move(main));
  }
  advance(now);
}

double PeCore::wake_time() const
{
  if (computing_until_ != kInfinity)
    return std::min(computing_until_, next_tick_);
  // Idle with a fish allowed but for FISH_DELAY: wake when it has passed.
  bool idle    = started_ && !finished_ && !current_ && runnable_.empty() && pool_live_ == 0;
  double ready = fishing_.last_return + setup_.parameters.fish_delay;
  if (idle && fishing_.outstanding < setup_.parameters.max_fishes && ready > now_)
    return ready;
  return kInfinity;
}

void PeCore::on_wake(double now)
{
  now_ = now;
  if (!inbox_.empty() && next_tick_ < computing_until_) {
    // The wake was the timer tick (wake_time() chose it; the shell's clock may read a hair off it): the running
    // thread yields, the scheduler handles what arrived, and the thread runs on (the only one queued; GUM's
    // scheduling is not fair, doFairScheduling = false).
    drain_inbox(now);
    record_activity(now);
    return;
  }
  if (computing_until_ != kInfinity) {
    stats_.busy_seconds += computing_until_ - computing_since_;
    computing_until_ = kInfinity;
  }
  advance(now);
  record_activity(now);
}

void PeCore::compute(double work, double now)
{
  current_->work += work;
  computing_since_ = now;
  computing_until_ = now + work / setup_.work_rate[self_];
}

// ---- the scheduler -------------------------------------------------------------------------------------------------

void PeCore::advance(double now)
{
  if (!started_ || finished_)
    return;
  while (computing_until_ == kInfinity) {
    if (!current_) {
      if (!runnable_.empty()) {
        current_ = std::move(runnable_.front());
        runnable_.pop_front();
      } else if (auto id = take_spark()) {
        Thunk& t = thunks_.at(*id);
        record_spark(*id, SparkFate::Activated, t.since, now);
        t.state          = Thunk::State::Running;
        current_         = std::make_unique<Thread>();
        current_->stolen = t.received;
        push_frame(*current_, t.key, *id);
        stats_.threads += 1;
      } else {
        try_fishing(now);
        return;
      }
    }
    switch (step(*current_, now)) {
      case Step::Computing: return;
      case Step::Blocked:
        stats_.blocked += 1;
        blocked_[blocked_on_] = std::move(current_);
        drain_inbox(now);  // scheduler entry
        break;
      case Step::Finished:
        if (current_->stolen)
          stats_.stolen_work.push_back(current_->work);
        current_.reset();
        if (finished_)
          return;
        drain_inbox(now);  // scheduler entry
        break;
    }
  }
}

void PeCore::push_frame(Thread& thread, const NodeKey& key, ThunkId publishes)
{
  Frame f;
  f.key       = key;
  f.node      = setup_.program->expand(key);
  f.publishes = publishes;
  thread.stack.push_back(std::move(f));
}

PeCore::Step PeCore::step(Thread& thread, double now)
{
  for (;;) {
    Frame& f = thread.stack.back();
    switch (f.phase) {
      case Frame::Phase::Start: {
        if (self_ != setup_.main_pe)
          f.fetches = input_fetches_for(f.node);
        f.phase = f.fetches > 0 ? Frame::Phase::Fetch : Frame::Phase::Spark;
        if (f.node.before > 0) {
          compute(f.slice(), now);
          return Step::Computing;
        }
        break;
      }
      case Frame::Phase::Fetch:
        // Fetch, block until the data is in, compute the next slice; the last slice ends the phase.
        if (!f.fetching) {
          if (f.fetched == f.fetches) {
            f.phase = Frame::Phase::Spark;
            break;
          }
          fetch_input(f.node.fetch_bytes, now);
          f.fetching = true;
          return Step::Blocked;
        }
        f.fetching = false;
        f.fetched += 1;
        if (f.node.before > 0) {
          compute(f.slice(), now);
          return Step::Computing;
        }
        break;
      case Frame::Phase::Spark:
        for (const NodeKey& child : f.node.sparked) {
          ThunkId id = make_thunk_id(self_, next_serial_++);
          Thunk t;
          t.key   = child;
          t.since = now;
          stats_.sparks += 1;
          if (pool_live_ >= setup_.max_local_sparks) {
            t.state  = Thunk::State::Held;
            t.pruned = true;
            stats_.discarded += 1;
          } else {
            pool_.push_back(id);
            pool_live_ += 1;
          }
          thunks_.emplace(id, t);
          f.children.push_back(id);
        }
        f.phase = Frame::Phase::Inline;
        break;
      case Frame::Phase::Inline:
        f.phase = Frame::Phase::Demand;
        if (f.node.inline_child)
          push_frame(thread, *f.node.inline_child, 0);  // f is invalid from here
        break;
      case Frame::Phase::Demand:
        if (!demand(thread, f))
          return Step::Blocked;
        break;
      case Frame::Phase::After:
        f.phase = Frame::Phase::Done;
        if (f.node.after > 0) {
          compute(f.node.after, now);
          return Step::Computing;
        }
        break;
      case Frame::Phase::Done: {
        ThunkId published = f.publishes;
        double result     = f.node.result_bytes;
        thread.stack.pop_back();
        if (published != 0)
          publish(published, result, now);
        if (thread.stack.empty()) {
          if (thread.main)
            finished_ = true;
          return Step::Finished;
        }
        break;
      }
    }
  }
}

// Demands the frame's sparked children in order. Returns false when the thread must block (blocked_on_ says on
// what); true when it can go on, with the next child pushed on its stack (absorbed) or every child evaluated.
bool PeCore::demand(Thread& thread, Frame& f)
{
  while (f.next < f.children.size()) {
    ThunkId id = f.children[f.next];
    Thunk& t   = thunks_.at(id);
    switch (t.state) {
      case Thunk::State::InPool:
        pool_live_ -= 1;  // its pool entry is skipped when met
        [[fallthrough]];
      case Thunk::State::Held: {
        record_spark(id, t.pruned ? SparkFate::Pruned : SparkFate::Absorbed, t.since, now_);
        NodeKey key = t.key;
        thunks_.erase(id);
        f.next += 1;
        stats_.absorbed += 1;
        push_frame(thread, key, 0);  // f is invalid from here
        return true;
      }
      case Thunk::State::Done:
        thunks_.erase(id);
        f.next += 1;
        continue;
      case Thunk::State::Running:
        t.demanded  = true;
        blocked_on_ = id;
        return false;
      case Thunk::State::Shipped:
        t.demanded  = true;
        blocked_on_ = id;
        if (t.acked)
          send_fetch(id, t.shipped_to, static_cast<std::uint32_t>(self_));
        else
          t.fetch_on_ack = true;
        return false;
    }
  }
  f.phase = Frame::Phase::After;
  return true;
}

void PeCore::publish(ThunkId id, double result_bytes, double now)
{
  Thunk& t       = thunks_.at(id);
  t.state        = Thunk::State::Done;
  t.result_bytes = result_bytes;
  bool answered  = !t.fetchers.empty();
  for (std::uint32_t to : t.fetchers) {
    Message r = make(MessageKind::Resume, to, result_bytes);
    r.thunks  = {id};
    send(std::move(r), now);
  }
  t.fetchers.clear();
  if (t.demanded)
    wake(id);
  else if (answered)
    thunks_.erase(id);  // a thunk has one demander: once its value went there, nobody asks again
}

void PeCore::wake(ThunkId id)
{
  auto it = blocked_.find(id);
  if (it == blocked_.end())
    throw std::logic_error(fmt::format("gph runtime: PE {} has no thread waiting for thunk {:#x}", self_, id));
  runnable_.push_back(std::move(it->second));
  blocked_.erase(it);
}

std::optional<ThunkId> PeCore::take_spark()
{
  while (!pool_.empty()) {
    ThunkId id = pool_.front();
    pool_.pop_front();
    auto it = thunks_.find(id);
    if (it != thunks_.end() && it->second.state == Thunk::State::InPool) {
      pool_live_ -= 1;
      return id;
    }
  }
  return std::nullopt;
}

void PeCore::try_fishing(double now)
{
  if (!started_ || finished_ || setup_.topology->pes() < 2)
    return;
  if (!may_send_fish(fishing_, now, setup_.parameters))
    return;  // one is out, or FISH_DELAY has not passed (wake_time says when)
  FishTarget target = setup_.policy->fish_target(view(now), draw_, setup_.parameters);
  if (!target.found)
    return;  // GRID-GUM2 waiting for load information: the next message brings some
  Message m = make(MessageKind::Fish, target.pe, 0);
  m.fish    = Fish{self_, 0};
  send(std::move(m), now);
  note_fish_sent(fishing_);
  if (recorder_)
    recorder_->fish_sent(self_, now);
  stats_.fishes += 1;
}

// What a FISH may take: the pool, but for its only spark when no thread is running or runnable (keep_last_spark).
size_t PeCore::exportable_sparks() const
{
  bool run_queue_empty = !current_ && runnable_.empty();
  if (setup_.parameters.keep_last_spark && run_queue_empty && pool_live_ == 1)
    return 0;
  return pool_live_;
}

// ---- messages ------------------------------------------------------------------------------------------------------

void PeCore::on_message(const Message& m, double now)
{
  now_              = now;
  const double poll = setup_.parameters.poll_interval;
  if (poll > 0 && computing_until_ != kInfinity) {  // busy: it waits for the next scheduler entry
    if (inbox_.empty())
      next_tick_ = (std::floor(now / poll) + 1) * poll;
    inbox_.push_back({m, now});
    return;
  }
  handle(m, now, now);
  if (computing_until_ == kInfinity)
    advance(now);
  record_activity(now);
}

void PeCore::drain_inbox(double now)
{
  next_tick_ = kInfinity;
  while (!inbox_.empty()) {
    Waiting w = std::move(inbox_.front());
    inbox_.pop_front();
    handle(w.message, w.arrived, now);
  }
}

// `arrived` is when the message reached this PE, `now` when the scheduler handles it: the latency sample is the
// network's, not the time the message waited for a busy PE's scheduler entry.
void PeCore::handle(const Message& m, double arrived, double now)
{
  if (knowledge_) {
    knowledge_->loads.merge(m.loads);
    knowledge_->latency.observe(m.from, std::max(0.0, arrived - m.sent_at));
  }
  switch (m.kind) {
    case MessageKind::More: on_more(m, now); break;
    case MessageKind::Packet: on_packet(m, now); break;
    default:
      if (m.bytes_left > 0) {
        partial_.emplace(transfer_key(m.from, m.transfer), m);
        request_packet(m.from, m.transfer, m.bytes_left, now);
      } else {
        deliver(m, now);
      }
  }
}

void PeCore::deliver(const Message& m, double now)
{
  switch (m.kind) {
    case MessageKind::Fish: on_fish(m, now); break;
    case MessageKind::Schedule: on_schedule(m, now); break;
    case MessageKind::Ack: on_ack(m); break;
    case MessageKind::Fetch: on_fetch(m, now); break;
    case MessageKind::Resume: on_resume(m, now); break;
    case MessageKind::Speeds:
      if (++speeds_heard_ == setup_.topology->pes() - 1) {
        for (size_t pe = 0; pe < setup_.topology->pes(); ++pe)
          if (pe != self_)
            send(make(MessageKind::Table, pe, kSpeedBytes * static_cast<double>(setup_.topology->pes())), now);
        begin(now);
      }
      break;
    case MessageKind::Table: begin(now); break;
    case MessageKind::More:
    case MessageKind::Packet: break;  // handled in on_message
  }
}

void PeCore::on_fish(const Message& m, double now)
{
  FishAction a = setup_.policy->on_fish(view(now), m.fish, exportable_sparks(), draw_, setup_.parameters);
  switch (a.outcome) {
    case FishOutcome::Returned:
      note_fish_returned(fishing_, now);
      if (recorder_)
        recorder_->fish_came_back(self_, m.fish.age, now);
      break;
    case FishOutcome::Schedule: {
      Message s = make(MessageKind::Schedule, m.fish.origin, 0);
      for (size_t k = 0; k < a.sparks; ++k) {
        auto id = take_spark();
        if (!id)
          break;
        Thunk& t = thunks_.at(*id);
        record_spark(*id, SparkFate::Shipped, t.since, now);
        t.state      = Thunk::State::Shipped;
        t.shipped_to = m.fish.origin;
        s.sparks.push_back({*id, t.key});
        const double graph = setup_.program->expand(t.key).graph_bytes;
        s.bytes += graph;
        s.payload += graph;
        stats_.shipped += 1;
      }
      send(std::move(s), now);
      break;
    }
    case FishOutcome::Forward:
    case FishOutcome::SendHome: {
      Message f = make(MessageKind::Fish, a.to, 0);
      f.fish    = a.fish;
      send(std::move(f), now);
      break;
    }
  }
}

void PeCore::on_schedule(const Message& m, double now)
{
  Message ack = make(MessageKind::Ack, m.from, 0);
  for (const SparkPacket& s : m.sparks) {
    // A spark may come back to a PE that shipped it on before: what this PE holds now replaces that record, and
    // fetches waiting there for an ACK will be answered from here.
    Thunk& t   = thunks_[s.id];
    t.key      = s.key;
    t.received = true;
    t.since    = now;
    t.pruned   = false;
    t.acked = t.fetch_on_ack = false;
    ack.thunks.push_back(s.id);
    if (t.demanded) {
      // Home again while its parent waits: the parent evaluates it (its FETCH, still travelling, is dropped when
      // it comes back here).
      t.demanded = false;
      t.state    = Thunk::State::Held;
      wake(s.id);
      continue;
    }
    t.state = Thunk::State::InPool;
    pool_.push_back(s.id);
    pool_live_ += 1;
  }
  ack.bytes += 8.0 * static_cast<double>(ack.thunks.size());
  send(std::move(ack), now);
  note_schedule_received(fishing_);
  if (recorder_)
    recorder_->fish_scheduled(self_, m.from, m.sparks.size(), now);
}

void PeCore::on_ack(const Message& m)
{
  for (ThunkId id : m.thunks) {
    auto it = thunks_.find(id);
    if (it == thunks_.end() || it->second.state != Thunk::State::Shipped)
      continue;
    Thunk& t = it->second;
    t.acked  = true;
    if (t.fetch_on_ack)
      send_fetch(id, t.shipped_to, static_cast<std::uint32_t>(self_));
    t.fetch_on_ack = false;
    for (std::uint32_t requester : t.fetchers)
      send_fetch(id, t.shipped_to, requester);
    bool forwarded = !t.fetchers.empty();
    t.fetchers.clear();
    if (forwarded)
      thunks_.erase(it);  // the demander now asks the new holder
  }
}

Message PeCore::fetch_message(ThunkId id, size_t to, std::uint32_t requester) const
{
  Message f   = make(MessageKind::Fetch, to, 16);
  f.thunks    = {id};
  f.requester = requester;
  return f;
}

// The fetches a node makes here: its own, and those of each shared piece this PE does not hold yet. From now on the
// PE counts the piece as held; a later reader that starts while these fetches are still out does not wait for them
// (GUM would block it on the FETCH_ME's queue), a simplification that only matters for threads interleaving fetches.
std::uint32_t PeCore::input_fetches_for(const Node& node)
{
  double fetches = node.fetches;
  for (const Node::SharedInput& piece : node.shared_inputs)
    if (held_inputs_.insert(piece.id).second)
      fetches += piece.fetches;
  return static_cast<std::uint32_t>(std::lround(fetches * setup_.fetch_scale));
}

// The running thread asks the main PE for `bytes` of input data and blocks on a fresh id until the RESUME.
void PeCore::fetch_input(double bytes, double now)
{
  ThunkId id   = make_thunk_id(self_, next_serial_++);
  Message f    = fetch_message(id, setup_.main_pe, static_cast<std::uint32_t>(self_));
  f.input_data = true;
  f.wanted     = bytes;
  send(std::move(f), now);
  stats_.input_fetches += 1;
  blocked_on_ = id;
}

void PeCore::send_fetch(ThunkId id, size_t to, std::uint32_t requester)
{
  send(fetch_message(id, to, requester), now_);
}

void PeCore::on_fetch(const Message& m, double now)
{
  ThunkId id = m.thunks.at(0);
  if (m.input_data) {  // the input lives here: answer with it
    Message r    = make(MessageKind::Resume, m.requester, m.wanted);
    r.thunks     = {id};
    r.input_data = true;
    send(std::move(r), now);
    return;
  }
  if (m.requester == self_)
    return;  // this PE's own FETCH, passed back to it with the spark: the spark came home first (on_schedule)
  auto it = thunks_.find(id);
  if (it == thunks_.end())
    throw std::logic_error(
        fmt::format("gph runtime: PE {} got a FETCH for thunk {:#x}, which it never held", self_, id));
  Thunk& t = it->second;
  switch (t.state) {
    case Thunk::State::Done: {
      Message r = make(MessageKind::Resume, m.requester, t.result_bytes);
      r.thunks  = {id};
      send(std::move(r), now);
      thunks_.erase(it);
      break;
    }
    case Thunk::State::Running: t.fetchers.push_back(m.requester); break;
    case Thunk::State::InPool: pool_live_ -= 1; [[fallthrough]];
    case Thunk::State::Held: {
      // Still unevaluated: GUM packs the thunk itself into the answer, and the demander evaluates it.
      record_spark(id, SparkFate::HandedBack, t.since, now);
      Message r     = make(MessageKind::Resume, m.requester, setup_.program->expand(t.key).graph_bytes);
      r.thunks      = {id};
      r.unevaluated = true;
      r.key         = t.key;
      send(std::move(r), now);
      thunks_.erase(it);
      break;
    }
    case Thunk::State::Shipped:
      if (t.acked) {
        send_fetch(id, t.shipped_to, m.requester);
        thunks_.erase(it);
      } else {
        t.fetchers.push_back(m.requester);
      }
      break;
  }
}

void PeCore::on_resume(const Message& m, double now)
{
  ThunkId id = m.thunks.at(0);
  if (!m.input_data) {  // input data has no thunk here: the id only names the blocked thread
    Thunk& t = thunks_.at(id);
    if (!t.demanded)
      throw std::logic_error(
          fmt::format("gph runtime: PE {} got a RESUME for thunk {:#x} nobody waits for", self_, id));
    t.demanded = false;
    if (m.unevaluated) {
      t.state  = Thunk::State::Held;
      t.key    = m.key;
      t.since  = now;
      t.pruned = false;
    } else {
      t.state = Thunk::State::Done;
    }
  }
  wake(id);
  send(make(MessageKind::Ack, m.from, 0), now);
}

// ---- packets -------------------------------------------------------------------------------------------------------

std::uint64_t PeCore::transfer_key(size_t from, std::uint64_t transfer)
{
  return (std::uint64_t{from} << 40) | transfer;
}

void PeCore::request_packet(size_t from, std::uint64_t transfer, double bytes_left, double now)
{
  Message more    = make(MessageKind::More, from, 16);
  more.transfer   = transfer;
  more.bytes_left = bytes_left;
  send(std::move(more), now);
}

void PeCore::on_more(const Message& m, double now)
{
  double chunk = std::min(setup_.packet_bytes, m.bytes_left);
  Message p    = make(MessageKind::Packet, m.from, 0);
  p.bytes      = chunk;  // the packet is the payload: its envelope is inside the pack buffer
  p.transfer   = m.transfer;
  p.bytes_left = m.bytes_left - chunk;
  send(std::move(p), now);
}

void PeCore::on_packet(const Message& m, double now)
{
  std::uint64_t key = transfer_key(m.from, m.transfer);
  if (m.bytes_left > 0) {
    request_packet(m.from, m.transfer, m.bytes_left, now);
    return;
  }
  auto it = partial_.find(key);
  if (it == partial_.end())
    throw std::logic_error(fmt::format("gph runtime: PE {} got the last packet of an unknown transfer", self_));
  Message whole = std::move(it->second);
  partial_.erase(it);
  whole.bytes_left = 0;
  deliver(whole, now);
}

// ---- sending -------------------------------------------------------------------------------------------------------

Message PeCore::make(MessageKind kind, size_t to, double payload_bytes) const
{
  Message m;
  m.kind    = kind;
  m.from    = static_cast<std::uint32_t>(self_);
  m.to      = static_cast<std::uint32_t>(to);
  m.bytes   = setup_.header_bytes + payload_bytes;
  m.payload = payload_bytes;
  return m;
}

void PeCore::send(Message m, double now)
{
  m.sent_at = now;
  if (knowledge_) {
    knowledge_->loads.record(self_, own_load(), now);
    m.loads = knowledge_->loads.piggyback(setup_.parameters.gg2.piggyback_entries);
    m.bytes += setup_.parameters.gg2.piggyback_entry_bytes * static_cast<double>(m.loads.size());
  }
  if (m.kind != MessageKind::Packet && m.bytes > setup_.packet_bytes) {
    m.bytes_left = m.bytes - setup_.packet_bytes;
    m.bytes      = setup_.packet_bytes;
    m.transfer   = next_transfer_++;
  }
  stats_.messages.add(m);
  outbox_.push_back(std::move(m));
}

PeView PeCore::view(double now) const
{
  PeView v;
  v.topology  = setup_.topology;
  v.self      = self_;
  v.main_pe   = setup_.main_pe;
  v.knowledge = knowledge_.get();
  v.now       = now;
  return v;
}

double PeCore::own_load() const
{
  return load_value(setup_.parameters.gg2.load, pool_live_, runnable_.size() + (current_ ? 1 : 0), current_ != nullptr);
}

}  // namespace isogrid::gph
