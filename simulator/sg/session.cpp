#include "simulator/sg/session.hpp"

#include <fmt/format.h>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/version.h>

namespace isogrid::sg {

Session::Session(const std::vector<std::string>& config, bool simgrid_logs)
{
  std::vector<std::string> args = {"isogrid"};
  if (!simgrid_logs)
    args.emplace_back("--log=root.thres:critical");  // parsed before --cfg, so config changes stay silent
  for (const auto& c : config)
    args.push_back("--cfg=" + c);
  std::vector<char*> argv;
  for (auto& a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  engine_  = new simgrid::s4u::Engine(&argc, argv.data());
}

// The engine is deliberately not deleted: a session lives in a child process that exits right after the run,
// and SimGrid cannot start a second engine in the same process anyway (its clock is static).
Session::~Session() = default;

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
      "network/model:CM02",      "network/latency-factor:1", "network/bandwidth-factor:1",
      "network/TCP-gamma:0",     "network/crosstraffic:0",   "network/weight-S:0",
  };
  return config;
}

}  // namespace isogrid::sg
