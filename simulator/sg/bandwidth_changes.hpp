#pragma once
// Transfers that follow their links' bandwidth as it changes. SimGrid 3.32 (src/surf/network_cm02.cpp) bounds a
// transfer's rate by the lowest bandwidth on its route *when it starts* (comm_action_set_bounds, 363-377) and never
// updates that bound when a link's bandwidth changes (NetworkCm02Link::set_bandwidth, 490-513, moves the link's
// constraint only; set_latency, by contrast, re-bounds every flow). Under isogrid's exact network settings
// (TCP-gamma 0) a route with latency has no such bound (comm_action_set_variable, 412-415: min(bound, 0) is "none"
// to the solver), but a route of latency 0 keeps it: a transfer started before a bandwidth rise never went faster
// than the bandwidth it started with (11 of 14 random cases off by up to 4.5x), whether the change came from a
// profile, an XML bandwidth_file or Link::set_bandwidth. The same accident dropped Comm::set_rate caps on routes
// with latency: competing traffic took a fair share instead of its cap.
//
// The bound is redundant where it is right (the solver holds every flow to each link's capacity already), so each
// change lifts it from the transfers that carry it, and every rate cap isogrid sets is held by a bound of its own.
#include <simgrid/forward.h>

namespace isogrid::sg {

// Called by Session: from now on, in this process, a link's bandwidth change lifts the start-time bound of every
// transfer that has one (and keeps rate caps). Only under TCP-gamma 0 (every isogrid model's setting): with a gamma,
// a transfer's bound also holds gamma / (2 latency), which S4U cannot recompute; SimGrid's own behaviour then stands.
void follow_bandwidth_changes();

// A transfer capped at `rate` bytes/s (competing traffic), started: its cap is applied at once, whatever its route's
// latency, and kept through bandwidth changes until release_rate_cap.
void hold_rate_cap(const simgrid::s4u::Comm& comm, double rate);
void release_rate_cap(const simgrid::s4u::Comm& comm);

}  // namespace isogrid::sg
