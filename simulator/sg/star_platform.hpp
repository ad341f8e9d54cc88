#pragma once
// A star (equivalently a bus): a center host and workers, each worker behind its own link. A transfer between
// the center and worker i takes latency_i + bytes/bandwidth_i; the center's own link never limits anything.
#include "simulator/sg/messaging.hpp"

#include <string>
#include <vector>

namespace isogrid::sg {

struct StarWorker {
  std::string name;
  double speed     = 1e9;  // flop/s
  double bandwidth = 1e8;  // byte/s
  double latency   = 0;    // s
};

struct StarSpec {
  std::string name        = "star";
  std::string center_name = "P0";
  double center_speed     = 1e9;
  std::vector<StarWorker> workers;
};

struct Star {
  Host* center = nullptr;
  std::vector<Host*> workers;
};

Star build_star(const StarSpec& spec);

}  // namespace isogrid::sg
