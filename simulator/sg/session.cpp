#include "simulator/sg/session.hpp"

#include "simulator/sg/bandwidth_changes.hpp"
#include "simulator/sg/platform_loader.hpp"

#include <algorithm>
#include <csignal>
#include <fmt/format.h>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/version.h>

namespace isogrid::sg {

namespace {

simgrid::s4u::Engine* create_engine(const std::vector<std::string>& config, bool simgrid_logs)
{
  std::vector<std::string> args = {"isogrid"};
  if (!simgrid_logs)
    args.emplace_back("--log=root.thres:critical");  // parsed before --cfg, so config changes stay silent
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer cannot follow SimGrid's swapped stacks (Debian's SimGrid is built without its fiber
  // annotations): an exception unwinding an actor's stack, such as the one that ends a daemon when the simulation
  // does, is reported as a stack overflow (google/sanitizers#189). Each actor on its own thread keeps the reports
  // true; the order actors run in, and so every result, is the same under either factory. Given first, so that an
  // experiment's own contexts/factory still applies (and is still checked).
  args.emplace_back("--cfg=contexts/factory:thread");
#endif
  for (const auto& c : config)
    args.push_back("--cfg=" + c);
  std::vector<char*> argv;
  for (auto& a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  return new simgrid::s4u::Engine(&argc, argv.data());
}

// The settings prepare_engine made this process's engine with: a child that adopts the engine gets them too.
std::vector<std::string>& prepared_settings()
{
  static std::vector<std::string> settings;
  return settings;
}

}  // namespace

void prepare_engine(const std::vector<std::string>& config, bool simgrid_logs)
{
  if (simgrid::s4u::Engine::has_instance())
    return;
  // SimGrid's engine takes over Ctrl-C (it prints its status and exits). In the parent of a sweep, Ctrl-C must stay
  // the runner's: it keeps finished rows and says how to resume. Children get SimGrid's handler back on their own.
  struct sigaction previous {};
  ::sigaction(SIGINT, nullptr, &previous);
  create_engine(config, simgrid_logs);
  ::sigaction(SIGINT, &previous, nullptr);
  prepared_settings() = config;
}

Session::Session(const std::vector<std::string>& config, bool simgrid_logs)
{
  // A point's plan may open the session (to read its platform) before its simulation does: the settings are
  // applied once per process, before any platform exists.
  static bool configured = false;
  if (simgrid::s4u::Engine::has_instance()) {
    engine_ = simgrid::s4u::Engine::get_instance();
    // An adopted engine keeps every setting it was made with, and set_config only adds: a point whose settings lack
    // one of them would run under another experiment's network model (reproduce ran a study's points under the
    // previous study's settings). Refused rather than simulated wrong.
    for (const auto& s : configured ? std::vector<std::string>{} : prepared_settings())
      if (std::find(config.begin(), config.end(), s) == config.end())
        throw std::logic_error(fmt::format("this process's SimGrid engine was prepared with {}, which this point "
                                           "does not set: its settings would leak into the point",
                                           s));
    // A platform loaded before this session (a fork server's, shared by the points) was created under the
    // prepared settings, and SimGrid takes no model setting after that: the point must ask for those exactly.
    if (!configured && platform_file_loaded()) {
      for (const auto& c : config)
        if (std::find(prepared_settings().begin(), prepared_settings().end(), c) == prepared_settings().end())
          throw std::logic_error(
              fmt::format("this point sets {}, which the platform it shares was not loaded with", c));
    } else if (!configured) {
      for (const auto& c : config)
        simgrid::s4u::Engine::set_config(c);
    }
  } else {
    engine_ = create_engine(config, simgrid_logs);
  }
  configured = true;
  follow_bandwidth_changes();  // transfers follow their links' bandwidth as it changes (bandwidth_changes.hpp)
}

void Session::run() { engine_->run(); }

double Session::clock() const { return simgrid::s4u::Engine::get_clock(); }

std::string simgrid_version()
{
  int major = 0, minor = 0, patch = 0;
  sg_version_get(&major, &minor, &patch);
  return fmt::format("{}.{}.{}", major, minor, patch);
}

const std::vector<std::string>& exact_network_config()
{
  static const std::vector<std::string> config = {
      "network/model:CM02",  "network/latency-factor:1", "network/bandwidth-factor:1",
      "network/TCP-gamma:0", "network/crosstraffic:0",   "network/weight-S:0",
  };
  return config;
}

}  // namespace isogrid::sg
