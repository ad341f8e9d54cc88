#include "simulator/sg/bandwidth_changes.hpp"

#include <simgrid/kernel/resource/Action.hpp>
#include <simgrid/kernel/resource/Model.hpp>
#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <stdexcept>
#include <unordered_map>
#include <xbt/config.hpp>

namespace isogrid::sg {

namespace {

using simgrid::kernel::resource::Action;
using simgrid::kernel::resource::ActionHeap;
using simgrid::kernel::resource::Model;

// The rate caps held, by the kernel activity of their transfer (what an action knows of its transfer).
std::unordered_map<const simgrid::kernel::activity::ActivityImpl*, double>& caps()
{
  static std::unordered_map<const simgrid::kernel::activity::ActivityImpl*, double> held;
  return held;
}

// The network model's started actions live in its Model half; S4U hands out the interface half.
Model& network_model()
{
  auto* model = dynamic_cast<Model*>(simgrid::s4u::Engine::get_instance()->get_netzone_root()->get_network_model());
  if (!model)
    throw std::logic_error("SimGrid's network model is no kernel::resource::Model");
  return *model;
}

double bound_of(const Action& action)
{
  auto it = caps().find(action.get_activity());
  return it == caps().end() ? -1.0 : it->second;
}

}  // namespace

void follow_bandwidth_changes()
{
  static bool installed = false;
  if (installed || simgrid::config::get_value<double>("network/TCP-gamma") != 0)
    return;
  installed = true;
  simgrid::s4u::Link::on_bandwidth_change_cb([](const simgrid::s4u::Link&) {
    for (Action& action : *network_model().get_started_action_set())
      // A positive bound is the start-time one (or a cap). A transfer still paying its latency has none under
      // TCP-gamma 0 (its cap, if any, is set already), and touching it would drop its latency event from the lazy
      // solver's heap (Action::set_bound removes the action from it).
      if (action.get_bound() > 0 && action.get_type() != ActionHeap::Type::latency)
        action.set_bound(bound_of(action));
  });
}

void hold_rate_cap(const simgrid::s4u::Comm& comm, double rate)
{
  caps()[comm.get_impl()] = rate;
  // Started in this instant (the receiver was waiting): its action is new, so setting its bound keeps its place in
  // the lazy solver's heap.
  for (Action& action : *network_model().get_started_action_set())
    if (action.get_activity() == comm.get_impl())
      action.set_bound(rate);
}

void release_rate_cap(const simgrid::s4u::Comm& comm) { caps().erase(comm.get_impl()); }

}  // namespace isogrid::sg
