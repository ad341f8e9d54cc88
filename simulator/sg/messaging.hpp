#pragma once
// The few S4U calls workloads make, behind plain functions: when SimGrid renames or removes one (3.35 drops
// Comm::wait_any, 4.0 deprecates Actor::create), only messaging.cpp changes.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace simgrid::s4u {
class Host;
class Mailbox;
}  // namespace simgrid::s4u

namespace isogrid::sg {

using Host = simgrid::s4u::Host;

void spawn(const std::string& name, Host* host, const std::function<void()>& code);
// An actor that never keeps the simulation alive: it is killed once every ordinary actor has finished.
void spawn_daemon(const std::string& name, Host* host, const std::function<void()>& code);

// Blocking transfer of `bytes` to whoever receives on `mailbox` (rendezvous semantics).
void send(const std::string& mailbox, uint64_t bytes);
void receive(const std::string& mailbox);

// Computes `flops` on the calling actor's host.
void compute(double flops);

double now();

// A short header travelling with a message's simulated bytes: what it is, who sent it, how many items it carries.
// Workloads give `kind` their own meaning.
struct Note {
  int kind        = 0;
  long long from  = 0;
  long long count = 0;
};

// A mailbox, looked up once. SimGrid finds a mailbox by hashing its name on every call, so an actor that sends or
// receives many messages keeps Lines; a name converts to a Line where a message goes once. Create Lines inside
// the simulation (once the engine exists).
class Line {
public:
  Line(const std::string& name);                       // NOLINT(google-explicit-constructor): a name is a Line
  Line(const char* name) : Line(std::string(name)) {}  // NOLINT(google-explicit-constructor)
  simgrid::s4u::Mailbox* mailbox() const { return mailbox_; }

private:
  simgrid::s4u::Mailbox* mailbox_;
};

// Sends `bytes` with `note` and returns at once; the transfer goes on by itself (a fire-and-forget command).
void post_note(Line line, uint64_t bytes, const Note& note);
// Sends `bytes` with `note` and returns when they have arrived.
void send_note(Line line, uint64_t bytes, const Note& note);
Note receive_note(Line line);
// True when a message has fully arrived on `line` and receive_note would not block (needs an EagerReceiver).
bool note_waiting(Line line);

// Notes passed between actors of one host in zero simulated time, as through shared memory (a 0-byte message would
// still pay its route's latency). Create it before the actors that use it and keep it alive while they run.
class LocalQueue {
public:
  LocalQueue();
  ~LocalQueue();
  LocalQueue(const LocalQueue&)            = delete;
  LocalQueue& operator=(const LocalQueue&) = delete;
  void push(const Note& note);
  Note pop();  // blocks the calling actor until a note is there
  // Waits at most `timeout` simulated seconds; empty when none came in time (no exception: timeouts are routine).
  std::optional<Note> pop_for(double timeout);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// While it lives, messages sent to `mailbox` flow as soon as they are sent, as over TCP, instead of waiting for the
// receiver to ask: without it, a master receiving from many workers would let only one transfer run at a time.
// Create it in the receiving actor.
class EagerReceiver {
public:
  explicit EagerReceiver(Line line);
  ~EagerReceiver();
  EagerReceiver(const EagerReceiver&)            = delete;
  EagerReceiver& operator=(const EagerReceiver&) = delete;

private:
  Line line_;
};

// A daemon named `name` on `host` that takes each message sent to `line` once it has fully arrived and pushes it into
// `inbox`. A receiver hearing from many senders, some over slow links, gives each sender a line of its own with a
// relay into one inbox: it then takes messages in the order they finish arriving, as a select() loop would, and a
// long transfer does not hide the short ones that finished meanwhile. `inbox` must outlive the simulation.
void relay(const std::string& name, Host* host, Line line, LocalQueue& inbox);

double host_speed(const Host* host);
const std::string& host_name(const Host* host);

}  // namespace isogrid::sg

#include <memory>

namespace isogrid::sg {

// Transfers started together and waited for together: a halo exchange sends to and receives from several
// neighbours at once. Waits on each transfer in turn (no wait_all: 3.35 changed that API).
class Exchange {
public:
  Exchange();
  ~Exchange();
  void send(const std::string& mailbox, uint64_t bytes);
  void receive(const std::string& mailbox);
  void wait();  // every transfer started since the last wait

private:
  struct Transfers;
  std::unique_ptr<Transfers> transfers_;
};

// Another user's job on a host, for as long as this object lives (call from an actor): a computation that never
// ends, sharing the CPU with weight `weight` against 1 for each of our computations, so they run 1 + weight times
// slower while it lasts.
class BackgroundLoad {
public:
  BackgroundLoad(Host* host, double weight);
  ~BackgroundLoad();
  BackgroundLoad(const BackgroundLoad&)            = delete;
  BackgroundLoad& operator=(const BackgroundLoad&) = delete;

private:
  struct Job;
  std::unique_ptr<Job> job_;
};

// Computations placed on any host and host-to-host transfers, started by one actor and waited for together: a
// bulk-synchronous application (every process computes, then every process exchanges, then the next step) driven
// by one actor instead of one per process. Transfers need no receiving actor: they go from host to host.
class Activities {
public:
  Activities();
  ~Activities();
  Activities(const Activities&)            = delete;
  Activities& operator=(const Activities&) = delete;
  void compute_on(Host* host, double flops);
  void transfer(Host* from, Host* to, uint64_t bytes);
  void wait();  // every activity started since the last wait

private:
  struct Pending;
  std::unique_ptr<Pending> pending_;
};

// Blocks the calling actor for `seconds` of simulated time.
void sleep_for(double seconds);

// An actor another actor can stop where it is: kill() ends it with its computations and transfers (a batch system
// killing a job at its requested time). Kill it only while it runs: its owner knows when its code has returned.
class StoppableActor {
public:
  StoppableActor(const std::string& name, Host* host, const std::function<void()>& code);
  ~StoppableActor();
  StoppableActor(StoppableActor&&) noexcept;
  StoppableActor& operator=(StoppableActor&&) noexcept;
  void kill();

private:
  struct Ref;
  std::unique_ptr<Ref> ref_;
};

// Actors started together and waited for together (the originator waits for every worker to finish).
class ActorGroup {
public:
  ActorGroup();
  ~ActorGroup();
  void spawn(const std::string& name, Host* host, const std::function<void()>& code);
  void join_all();

private:
  struct Members;
  std::unique_ptr<Members> members_;
};

}  // namespace isogrid::sg
