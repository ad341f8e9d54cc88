#pragma once
// Helpers shared by the test suites: points built by name, work run in a forked child (SimGrid allows one engine
// per process), temporary folders, running the isogrid binary.
#include "simulator/core/catalog.hpp"
#include "simulator/core/model_schema.hpp"
#include "simulator/core/timeline.hpp"
#include "simulator/process/process_pool.hpp"
#include "simulator/run/runner.hpp"

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <sys/types.h>
#include <vector>

namespace isogrid::testing {

// A mapping value, as YAML's {a: 1, b: x} reads.
inline Mapping mapping(std::initializer_list<std::pair<std::string, Value>> entries)
{
  Mapping m;
  m.entries.assign(entries.begin(), entries.end());
  return m;
}

// A point of `model` with its defaults, overridden by `values`.
Point point_for(const Model& model, const std::map<std::string, Value>& values, uint64_t seed = 1);

// Runs each job in its own child process, `jobs` at a time; returns their payloads in order. Fails the test
// (throws) when a child does not report.
std::vector<std::string> run_in_children(const std::vector<std::function<std::string()>>& work, unsigned jobs = 2);

// Both faces of each point, each point in a child process of its own, under SimGrid's exact network settings.
std::vector<Outcome> evaluate_in_children(const std::vector<Point>& points, const Model& model);

// The catalog the tests read models from: the built-in one (no plugin), built once per test process.
const Catalog& catalog();

// The model a schema declares, as the catalog holds it.
template <class P, class M>
const Model& model_of(const ModelSchema<P, M>& schema)
{
  return catalog().model(schema.info().name);
}

// The predicted face of one point, computed in this process (models whose predicted face needs no worker).
template <class P, class M>
M predicted(const ModelSchema<P, M>& schema, const P& params, uint64_t seed = 1)
{
  Outcome out(schema.info().metrics.size());
  model_of(schema).evaluate(schema.point_of(params, seed), Faces{true, false}, SimulationContext{}, out);
  return schema.metrics_of(out.predicted);
}

// Both faces of each point, as evaluate_in_children computes them, read back as the model's metrics.
template <class P, class M>
std::vector<TypedOutcome<M>> evaluate_in_children(const ModelSchema<P, M>& schema, const std::vector<P>& params,
                                                  uint64_t seed = 1)
{
  std::vector<Point> points;
  for (const P& p : params)
    points.push_back(schema.point_of(p, seed));
  std::vector<TypedOutcome<M>> out;
  for (const Outcome& o : evaluate_in_children(points, model_of(schema)))
    out.push_back(schema.outcome_of(o));
  return out;
}

// Outcomes read back as the model's metrics.
template <class P, class M>
std::vector<TypedOutcome<M>> read_outcomes(const ModelSchema<P, M>& schema, const std::vector<Outcome>& outcomes)
{
  std::vector<TypedOutcome<M>> out;
  for (const Outcome& o : outcomes)
    out.push_back(schema.outcome_of(o));
  return out;
}

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
// A results folder's results.csv without its last column (wall_s, which differs from run to run).
std::string rows_but_wall_time(const std::string& folder);
// Runs `experiment` (a whole experiment file's text) as it is and with SimGrid's 64 KiB stacks and no guard pages (the
// stacks isogrid picks for large platforms), and expects ok rows, the same in both.
void expect_the_same_rows_in_small_stacks(const std::string& experiment);

// In a child process with a fresh exact-network session: `build` makes the platform and names two of its hosts;
// a computation of `flops` on the first and a transfer of `bytes` from the first to the second start at 0. Returns
// when each ends (profile tests hold them to closed forms across change points).
std::pair<double, double> compute_and_transfer_end(const std::function<std::pair<std::string, std::string>()>& build,
                                                   double flops, double bytes);

// In a child process: `record` runs a simulation with this context (SimGrid's exact network model, a Timeline to
// record into); returns what it recorded.
Timeline timeline_in_child(const std::function<void(const SimulationContext&)>& record);
// The point's simulated face, recorded so; `outcome`, when given, receives the point's outcome.
Timeline timeline_of(const Model& model, const Point& point, Outcome* outcome = nullptr);

// A run of `jobs` at a time into `out_dir`, with no progress display.
RunOptions quiet_run(const std::string& out_dir, unsigned jobs);

#ifdef ISOGRID_SOURCE_DIR
// A file of the source tree (a shipped experiment, a platform), for the suites that read one.
inline std::string source(const std::string& relative) { return std::string(ISOGRID_SOURCE_DIR) + "/" + relative; }
#endif

}  // namespace isogrid::testing
