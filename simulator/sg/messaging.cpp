#include "simulator/sg/messaging.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mailbox.hpp>

namespace sg4 = simgrid::s4u;

namespace isogrid::sg {

namespace {
// S4U refuses null payloads; isogrid messages carry only their simulated size.
int g_token = 0;
}  // namespace

void spawn(const std::string& name, Host* host, std::function<void()> code)
{
  sg4::Actor::create(name, host, std::move(code));
}

void send(const std::string& mailbox, uint64_t bytes) { sg4::Mailbox::by_name(mailbox)->put(&g_token, bytes); }

void receive(const std::string& mailbox) { sg4::Mailbox::by_name(mailbox)->get<int>(); }

void compute(double flops) { sg4::this_actor::execute(flops); }

double now() { return sg4::Engine::get_clock(); }

double host_speed(const Host* host) { return host->get_speed(); }

const std::string& host_name(const Host* host) { return host->get_name(); }

}  // namespace isogrid::sg

namespace isogrid::sg {

struct ActorGroup::Members {
  std::vector<sg4::ActorPtr> actors;
};

ActorGroup::ActorGroup() : members_(std::make_unique<Members>()) {}
ActorGroup::~ActorGroup() = default;

void ActorGroup::spawn(const std::string& name, Host* host, std::function<void()> code)
{
  members_->actors.push_back(sg4::Actor::create(name, host, std::move(code)));
}

void ActorGroup::join_all()
{
  for (auto& a : members_->actors)
    a->join();
}

}  // namespace isogrid::sg
