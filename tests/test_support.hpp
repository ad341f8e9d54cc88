#pragma once
// Helpers shared by the test suites: points built by name, work run in a forked child (SimGrid allows one engine
// per process), temporary folders, running the isogrid binary.
#include "simulator/core/catalog.hpp"
#include "simulator/run/process_pool.hpp"

#include <filesystem>
#include <functional>
#include <map>
#include <sys/types.h>
#include <string>
#include <vector>

namespace isogrid::testing {

// A point of `model` with its defaults, overridden by `values`.
Point point_for(const Model& model, const std::map<std::string, Value>& values, uint64_t seed = 1);

// Runs each job in its own child process, `jobs` at a time; returns their payloads in order. Fails the test
// (throws) when a child does not report.
std::vector<std::string> run_in_children(const std::vector<std::function<std::string()>>& work, unsigned jobs = 2);

// Both faces of each point, each point in a child process of its own, under SimGrid's exact network settings:
// predict() in the child too unless the model's simulate() fills that face itself.
std::vector<Outcome> evaluate_in_children(const std::vector<Point>& points, const Model& model);

// Serialises an Outcome to and from a payload.
std::string encode_outcome(const Outcome& out);
Outcome decode_outcome(const std::string& payload);

// A fresh empty folder under the system temp dir, removed with the object.
class TempDir {
public:
  TempDir();
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  std::string write(const std::string& name, const std::string& content) const;

private:
  std::filesystem::path path_;
};

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// Runs the isogrid binary built with the tests.
CommandResult run_isogrid(const std::string& arguments);

// Starts the isogrid binary in the background (its output to `log`), for tests that signal it.
pid_t start_isogrid(const std::vector<std::string>& arguments, const std::string& log);
// Waits for it; returns its exit code (128 + signal when killed).
int wait_isogrid(pid_t pid);

std::string read_file(const std::string& path);

}  // namespace isogrid::testing
