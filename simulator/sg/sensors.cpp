#include "simulator/sg/sensors.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/s4u/Host.hpp>

#include <stdexcept>

namespace sg4 = simgrid::s4u;

namespace isogrid::sg {

double probe_cpu(Host* host, double seconds_at_peak)
{
  const double start = sg4::Engine::get_clock();
  sg4::this_actor::exec_init(seconds_at_peak * host->get_speed())->set_host(host)->wait();
  return seconds_at_peak / (sg4::Engine::get_clock() - start);
}

double probe_bandwidth(Host* from, Host* to, double nominal, std::uint64_t bytes)
{
  const double start = sg4::Engine::get_clock();
  Activities probe;
  probe.transfer(from, to, bytes);
  probe.wait();
  return static_cast<double>(bytes) / (sg4::Engine::get_clock() - start) / nominal;
}

namespace {

void spawn_sensor(const std::string& name, Host* where, double period, SensorRecord record,
                  std::function<double()> measure)
{
  if (!(period > 0))
    throw std::invalid_argument(name + ": a sensor probes with a positive period");
  sg4::Actor::create(name, where, [period, record, measure] {
    for (std::size_t k = 0;; ++k) {
      double due  = static_cast<double>(k) * period;  // not accumulated: no drift
      double wait = due - sg4::Engine::get_clock();
      if (wait > 0)
        sg4::this_actor::sleep_for(wait);
      double at = sg4::Engine::get_clock();
      record(at, measure());
    }
  })->daemonize();
}

}  // namespace

void spawn_cpu_sensor(const std::string& name, Host* host, double period, SensorRecord record)
{
  spawn_sensor(name, host, period, std::move(record), [host] { return probe_cpu(host); });
}

void spawn_bandwidth_sensor(const std::string& name, Host* from, Host* to, double nominal, double period,
                            SensorRecord record)
{
  spawn_sensor(name, from, period, std::move(record),
               [from, to, nominal] { return probe_bandwidth(from, to, nominal); });
}

}  // namespace isogrid::sg
