#include "simulator/sg/config_check.hpp"

#include "base/unknown_name.hpp"
#include "simulator/core/text.hpp"
#include "simulator/process/process_pool.hpp"
#include "simulator/sg/session.hpp"

#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <regex>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <stdexcept>

namespace isogrid::sg {

// SimGrid's complaint about an unknown key lists every key ("Bad config key: x\nExisting config keys:\n  a: (int)1").
std::string unknown_setting_message(const std::string& key, const std::string& what)
{
  std::vector<std::string> known;
  static const std::regex line(R"(\n  ([^\s:]+): \()");
  for (auto it = std::sregex_iterator(what.begin(), what.end(), line); it != std::sregex_iterator(); ++it)
    known.push_back((*it)[1]);
  std::string closest = closest_match(key, known);
  return fmt::format("unknown SimGrid setting '{}'{}; SimGrid's settings are listed at "
                     "https://simgrid.org/doc/latest/Configuring_SimGrid.html",
                     key, closest.empty() ? "" : fmt::format(" (did you mean '{}'?)", closest));
}

// xbt_die's last words, as the worker's output holds them on one line: "[0.000000] ./src/...:179: [root/CRITICAL]
// Model 'BOGUS' is invalid! Valid models are: ..." or "... Invalid value 'Foo' for option cpu/optim. Possible
// values: - 'Full': Full update ... - 'Lazy': ...".
std::string simgrid_last_words(const std::string& error)
{
  std::string text = error;
  if (auto at = text.find("[root/CRITICAL]"); at != std::string::npos) {
    text = trim(text.substr(at + std::string("[root/CRITICAL]").size()));
    for (const char* after : {"Backtrace (displayed", "; then: "})  // the backtrace, or the output's tail after it
      if (auto trace = text.find(after); trace != std::string::npos)
        text = trim(text.substr(0, trace));
  }
  if (auto at = text.find("Possible values:"); at != std::string::npos) {
    std::vector<std::string> choices;
    static const std::regex choice(R"(- '([^']*)':)");
    std::string rest = text.substr(at);
    for (auto it = std::sregex_iterator(rest.begin(), rest.end(), choice); it != std::sregex_iterator(); ++it)
      choices.push_back((*it)[1]);
    text = trim(text.substr(0, at)) + " Possible values: " + join(choices, ", ");
  }
  return text;
}

void check_setting_numbers(const std::string& setting)
{
  std::string value = setting.substr(setting.find(':') + 1);
  static const std::regex token(R"([^;:,\s]+)");
  for (auto it = std::sregex_iterator(value.begin(), value.end(), token); it != std::sregex_iterator(); ++it) {
    std::string text = it->str();
    char* end        = nullptr;
    double x         = std::strtod(text.c_str(), &end);
    if (end != text.c_str() && *end == '\0' && !std::isfinite(x))
      throw std::runtime_error(fmt::format("{}: '{}' is not a finite number (SimGrid would take it and compute with "
                                           "it: a latency factor of nan drops every latency)",
                                           setting, text));
  }
}

void check_simgrid_setting(const std::string& setting)
{
  check_setting_numbers(setting);
  std::string key = setting.substr(0, setting.find(':'));
  std::string verdict;
  try {
    verdict = run_in_child([&]() -> std::string {
      std::vector<std::string> args = {"isogrid", "--log=root.thres:critical"};
      std::vector<char*> argv;
      for (auto& a : args)
        argv.push_back(a.data());
      argv.push_back(nullptr);
      int argc = static_cast<int>(args.size());
      new simgrid::s4u::Engine(&argc, argv.data());  // never deleted: the worker exits right after
      try {
        simgrid::s4u::Engine::set_config(setting);
      } catch (const std::out_of_range& e) {
        return "?" + unknown_setting_message(key, e.what());
      } catch (const std::exception& e) {
        return fmt::format("SimGrid refuses {}: {}", setting, e.what());
      }
      return "";
    });
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(fmt::format("SimGrid refuses {}: {}", setting, simgrid_last_words(e.what())));
  }
  if (!verdict.empty() && verdict[0] == '?')
    throw UnknownName(verdict.substr(1));
  if (!verdict.empty())
    throw std::runtime_error(verdict);
  try {
    check_simgrid_start({setting});
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(fmt::format("SimGrid refuses {}: {}", setting, e.what()));
  }
}

void check_simgrid_start(const std::vector<std::string>& config)
{
  try {
    run_in_child([&]() -> std::string {
      std::vector<std::string> settings = config;
      settings.emplace_back("tracing/filename:/dev/null");  // with tracing: yes, no simgrid.trace in the working folder
      prepare_engine(settings, false);
      simgrid::s4u::NetZone* zone = simgrid::s4u::create_full_zone("isogrid-settings-check");
      simgrid::s4u::Host* host    = zone->create_host("host", 1e9)->seal();
      zone->seal();
      simgrid::s4u::Actor::create("actor", host, [] { simgrid::s4u::this_actor::execute(1e6); });
      simgrid::s4u::Engine::get_instance()->run();
      return "";
    });
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(simgrid_last_words(e.what()));
  }
}

}  // namespace isogrid::sg
