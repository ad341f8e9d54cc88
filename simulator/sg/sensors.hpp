#pragma once
// NWS-style sensors inside a simulation (Sanjay §3.4.1): AvailCPU and AvailBW measured the way NWS measured them,
// by timing short probes, so that other users' jobs (BackgroundLoad), speed profiles and competing traffic all
// show. A probe takes its share of the resource while it runs, as NWS's did.
#include "simulator/sg/messaging.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace isogrid::sg {

// From an actor: the share of `host`'s peak speed a computation of `seconds_at_peak` gets (its work over the time it
// took, over the peak).
double probe_cpu(Host* host, double seconds_at_peak = 0.01);
// From an actor: the share of `nominal` (byte/s) a transfer of `bytes` from `from` to `to` gets. Latency counts
// against it, as it did against NWS's 64 KB probes.
double probe_bandwidth(Host* from, Host* to, double nominal, std::uint64_t bytes = 65536);

using SensorRecord = std::function<void(double time, double value)>;

// Daemon actors probing every `period` seconds from time 0 and handing each measurement to `record`; they never keep
// the simulation alive.
void spawn_cpu_sensor(const std::string& name, Host* host, double period, SensorRecord record);
void spawn_bandwidth_sensor(const std::string& name, Host* from, Host* to, double nominal, double period,
                            SensorRecord record);

}  // namespace isogrid::sg
