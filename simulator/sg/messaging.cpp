#include "simulator/sg/messaging.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <deque>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace isogrid::sg {

namespace {
// S4U refuses null payloads; isogrid messages carry only their simulated size.
int g_token = 0;
}  // namespace

void spawn(const std::string& name, Host* host, const std::function<void()>& code)
{
  sg4::Actor::create(name, host, code);
}

void spawn_daemon(const std::string& name, Host* host, const std::function<void()>& code)
{
  sg4::Actor::create(name, host, code)->daemonize();
}

void send(const std::string& mailbox, uint64_t bytes) { sg4::Mailbox::by_name(mailbox)->put(&g_token, bytes); }

void receive(const std::string& mailbox) { sg4::Mailbox::by_name(mailbox)->get<int>(); }

void compute(double flops) { sg4::this_actor::execute(flops); }

double now() { return sg4::Engine::get_clock(); }

Line::Line(const std::string& name) : mailbox_(sg4::Mailbox::by_name(name)) {}

void post_note(Line line, uint64_t bytes, const Note& note)
{
  // The receiver owns the copy; a note nobody takes is freed with its transfer.
  line.mailbox()->put_init(new Note(note), bytes)->detach([](void* p) { delete static_cast<Note*>(p); });
}

void send_note(Line line, uint64_t bytes, const Note& note) { line.mailbox()->put(new Note(note), bytes); }

Note receive_note(Line line) { return *line.mailbox()->get_unique<Note>(); }

bool note_waiting(Line line) { return line.mailbox()->ready(); }

struct LocalQueue::Impl {
  std::deque<Note> notes;
  sg4::SemaphorePtr available = sg4::Semaphore::create(0);  // one unit per note waiting
};

LocalQueue::LocalQueue() : impl_(std::make_unique<Impl>()) {}
LocalQueue::~LocalQueue() = default;

void LocalQueue::push(const Note& note)
{
  impl_->notes.push_back(note);
  impl_->available->release();
}

Note LocalQueue::pop()
{
  impl_->available->acquire();
  Note n = impl_->notes.front();
  impl_->notes.pop_front();
  return n;
}

std::optional<Note> LocalQueue::pop_for(double timeout)
{
  if (impl_->available->acquire_timeout(timeout))
    return std::nullopt;  // acquire_timeout returns true when it timed out
  Note n = impl_->notes.front();
  impl_->notes.pop_front();
  return n;
}

EagerReceiver::EagerReceiver(Line line) : line_(line) { line_.mailbox()->set_receiver(sg4::Actor::self()); }

EagerReceiver::~EagerReceiver() { line_.mailbox()->set_receiver(nullptr); }

void relay(const std::string& name, Host* host, Line line, LocalQueue& inbox)
{
  spawn_daemon(name, host, [line, &inbox] {
    EagerReceiver eager(line);
    for (;;)
      inbox.push(receive_note(line));
  });
}

double host_speed(const Host* host) { return host->get_speed(); }

const std::string& host_name(const Host* host) { return host->get_name(); }

}  // namespace isogrid::sg

namespace isogrid::sg {

struct StoppableActor::Ref {
  sg4::ActorPtr actor;
};

StoppableActor::StoppableActor(const std::string& name, Host* host, const std::function<void()>& code)
    : ref_(std::make_unique<Ref>(Ref{sg4::Actor::create(name, host, code)}))
{
}
StoppableActor::~StoppableActor()                                    = default;
StoppableActor::StoppableActor(StoppableActor&&) noexcept            = default;
StoppableActor& StoppableActor::operator=(StoppableActor&&) noexcept = default;

void StoppableActor::kill()
{
  // SimGrid cancels the activities a killed actor started (its computations and transfers stop using the host).
  ref_->actor->kill();
}

struct ActorGroup::Members {
  std::vector<sg4::ActorPtr> actors;
};

ActorGroup::ActorGroup() : members_(std::make_unique<Members>()) {}
ActorGroup::~ActorGroup() = default;

void ActorGroup::spawn(const std::string& name, Host* host, const std::function<void()>& code)
{
  members_->actors.push_back(sg4::Actor::create(name, host, code));
}

void ActorGroup::join_all()
{
  for (auto& a : members_->actors)
    a->join();
}

}  // namespace isogrid::sg

namespace isogrid::sg {

struct Exchange::Transfers {
  std::vector<sg4::CommPtr> pending;
  std::deque<int*> received;  // where get_async stores payload pointers: addresses must stay put
};

Exchange::Exchange() : transfers_(std::make_unique<Transfers>()) {}
Exchange::~Exchange() = default;

void Exchange::send(const std::string& mailbox, uint64_t bytes)
{
  transfers_->pending.push_back(sg4::Mailbox::by_name(mailbox)->put_async(&g_token, bytes));
}

void Exchange::receive(const std::string& mailbox)
{
  transfers_->received.push_back(nullptr);
  transfers_->pending.push_back(sg4::Mailbox::by_name(mailbox)->get_async<int>(&transfers_->received.back()));
}

void Exchange::wait()
{
  for (auto& c : transfers_->pending)
    c->wait();
  transfers_->pending.clear();
  transfers_->received.clear();
}

struct Activities::Pending {
  std::vector<sg4::ExecPtr> executions;
  std::vector<sg4::CommPtr> transfers;
};

Activities::Activities() : pending_(std::make_unique<Pending>()) {}
Activities::~Activities() = default;

void Activities::compute_on(Host* host, double flops)
{
  pending_->executions.push_back(sg4::this_actor::exec_init(flops)->set_host(host)->start());
}

void Activities::transfer(Host* from, Host* to, uint64_t bytes)
{
  pending_->transfers.push_back(sg4::Comm::sendto_async(from, to, bytes));
}

void Activities::wait()
{
  for (auto& e : pending_->executions)
    e->wait();
  for (auto& c : pending_->transfers)
    c->wait();
  pending_->executions.clear();
  pending_->transfers.clear();
}

void sleep_for(double seconds) { sg4::this_actor::sleep_for(seconds); }

struct BackgroundLoad::Job {
  sg4::ActorPtr actor;
};

BackgroundLoad::BackgroundLoad(Host* host, double weight) : job_(std::make_unique<Job>())
{
  job_->actor = sg4::Actor::create("background-load", host, [weight] {
    sg4::this_actor::execute(1e300, weight);  // never ends within a simulation
  });
  job_->actor->daemonize();  // never keeps the simulation alive
}

BackgroundLoad::~BackgroundLoad() { job_->actor->kill(); }

}  // namespace isogrid::sg
