#pragma once
// Rings of hosts, each host linked to the next (the last to the first) by its own link: the platform of a
// systolic ring whose neighbours' bandwidths come from a measured (or drawn) state. Several rings share one
// platform, so that one simulation can run them side by side.
#include "simulator/sg/messaging.hpp"

#include <string>
#include <vector>

namespace isogrid::sg {

struct RingSpec {
  std::string name;
  std::vector<double> speeds;      // flop/s, one host each
  std::vector<double> bandwidths;  // byte/s; bandwidths[i] links host i and host (i + 1) mod n
  double latency = 0;              // s, every link
};

// Builds every ring in one zone; returns each ring's hosts, in ring order. A ring of one host has no link.
std::vector<std::vector<Host*>> build_rings(const std::vector<RingSpec>& rings);

}  // namespace isogrid::sg
