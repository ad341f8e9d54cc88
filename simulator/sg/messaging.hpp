#pragma once
// The few S4U calls workloads make, behind plain functions: when SimGrid renames or removes one (3.35 drops
// Comm::wait_any, 4.0 deprecates Actor::create), only messaging.cpp changes.
#include <cstdint>
#include <functional>
#include <string>

namespace simgrid::s4u {
class Host;
}

namespace isogrid::sg {

using Host = simgrid::s4u::Host;

void spawn(const std::string& name, Host* host, std::function<void()> code);

// Blocking transfer of `bytes` to whoever receives on `mailbox` (rendezvous semantics).
void send(const std::string& mailbox, uint64_t bytes);
void receive(const std::string& mailbox);

// Computes `flops` on the calling actor's host.
void compute(double flops);

double now();

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

// Actors started together and waited for together (the originator waits for every worker to finish).
class ActorGroup {
public:
  ActorGroup();
  ~ActorGroup();
  void spawn(const std::string& name, Host* host, std::function<void()> code);
  void join_all();

private:
  struct Members;
  std::unique_ptr<Members> members_;
};

}  // namespace isogrid::sg
