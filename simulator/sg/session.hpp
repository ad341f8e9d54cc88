#pragma once
// One simulation = one SimGrid engine = one process. A Session creates the engine with the experiment's
// configuration ("network/model:CM02", ...) and keeps SimGrid's log lines quiet unless asked.
#include <memory>
#include <string>
#include <vector>

namespace simgrid::s4u {
class Engine;
}

namespace isogrid::sg {

// Creates this process's engine ahead of time, without running it, so that the children forked afterwards
// find it ready: each simulated point then skips SimGrid's initialisation (about a third of its page faults).
// The engine is never run in the process that prepares it. Later Sessions in forked children adopt it.
void prepare_engine(const std::vector<std::string>& config, bool simgrid_logs);

class Session {
public:
  // `config` holds "key:value" SimGrid settings. Adopts a prepared engine if there is one (then applies
  // `config` on top of it: models are created with the platform, so settings still take effect). A second Session
  // in the same process adopts the first one's engine and settings.
  Session(const std::vector<std::string>& config, bool simgrid_logs);
  // The engine is deliberately not deleted: a session lives in a child process that exits right after the run,
  // and SimGrid cannot start a second engine in the same process anyway (its clock is static).
  ~Session()                         = default;
  Session(const Session&)            = delete;
  Session& operator=(const Session&) = delete;

  void run();
  double clock() const;

private:
  simgrid::s4u::Engine* engine_ = nullptr;
};

// "3.32.0", from the library actually linked.
std::string simgrid_version();

// The settings under which SimGrid's network time equals latency + size/bandwidth exactly, so that simulations can
// be held against closed forms: CM02, no correction factors, no TCP window cap, no reverse ACK traffic.
const std::vector<std::string>& exact_network_config();

}  // namespace isogrid::sg
