#pragma once
// A model is what an experiment file names: a workload on a platform, driven by policies, with two faces.
// predict() evaluates the paper's closed form in-process; simulate() runs the same scenario on SimGrid inside a
// fresh child process (SimGrid's Engine is a per-process singleton whose clock cannot be reset).
#include "simulator/core/param_spec.hpp"
#include "simulator/core/platform_facts.hpp"
#include "simulator/core/point.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace isogrid {

class Timeline;

/// A metric's closed-form limit as one parameter grows without bound (DLT's efficiency as V grows: (1 - q^m) /
/// (m (1 - q))). The isoefficiency tracer states it where a level is out of reach at any size, and the largest scale
/// at which a level is reachable at all.
struct MetricLimit {
  std::string metric;   ///< the metric's name
  std::string param;    ///< the parameter that grows
  std::string formula;  ///< the limit in words, for notes and `isogrid list`
};

/// What a model is, derived from its schema: what experiment files, `isogrid list` and the CSV columns read.
struct ModelInfo {
  std::string name;                         ///< what an experiment's `model:` names
  std::string summary;                      ///< one line for `isogrid list`
  std::string source;                       ///< the paper the model reproduces
  std::vector<ParamSpec> params;            ///< in declaration order: the results' parameter columns
  std::vector<MetricSpec> metrics;          ///< in declaration order: each gives a pred_ and a sim_ column
  std::string primary_metric;               ///< sim vs predicted deviation is reported on this one
  std::vector<std::string> simgrid_config;  ///< "key:value" settings every simulated point starts with
  bool can_predict  = true;                 ///< it has a closed form (a predicted face)
  bool can_simulate = true;                 ///< it has a SimGrid scenario (a simulated face)
  std::vector<MetricLimit> limits;          ///< the closed-form limits it declares

  std::vector<std::string> param_names() const;                       ///< params' names, in order
  std::vector<std::string> metric_names() const;                      ///< metrics' names, in order
  std::optional<size_t> param_index(const std::string& name) const;   ///< where a parameter is, if it is
  std::optional<size_t> metric_index(const std::string& name) const;  ///< where a metric is, if it is
};

/// Metric values of one point, aligned with ModelInfo::metrics; NaN means "not computed".
struct Outcome {
  std::vector<double> predicted;  ///< the closed form's values
  std::vector<double> simulated;  ///< SimGrid's values
  std::string note;               ///< short remark for the results row ("infeasible: alpha_7 < 0")

  /// `metric_count` values per face, none computed.
  explicit Outcome(size_t metric_count = 0) { reset(metric_count); }

  /// Every metric "not computed" again and no note, keeping the storage (a sweep reuses one Outcome).
  void reset(size_t metric_count)
  {
    predicted.assign(metric_count, std::numeric_limits<double>::quiet_NaN());
    simulated.assign(metric_count, std::numeric_limits<double>::quiet_NaN());
    note.clear();
  }
};

/// The run's SimGrid settings, the same for every point of an experiment.
struct SimulationContext {
  std::vector<std::string> simgrid_config;  ///< the model's defaults overridden by the experiment's
  bool simgrid_logs = false;                ///< let SimGrid print its own log lines
  /// Where the simulation records what happened over time (a timeline plot names the point); null: nothing is kept.
  Timeline* timeline = nullptr;
};

/// Which faces of a point to compute: an experiment's mode.
struct Faces {
  bool predicted = true;  ///< compute the closed form
  bool simulated = true;  ///< run the simulation
};

/// A face's name in files and plots: "simulated" or "predicted".
inline const char* face_name(bool simulated) { return simulated ? "simulated" : "predicted"; }

/// What computing a point's predicted face needs, so that the runner decides where it runs. The simulated face always
/// runs in a worker process of its own: SimGrid's engine is a per-process singleton whose clock cannot be reset.
struct FaceNeeds {
  bool platform  = false;  ///< it reads a platform through SimGrid, so it needs an engine of its own
  bool heavy_cpu = false;  ///< it costs seconds of CPU, so it runs in a worker process that --jobs spreads

  /// Whether the predicted face runs in a worker process.
  bool in_worker() const { return platform || heavy_cpu; }

  /// Nothing: the closed form runs in the parent, in microseconds.
  static FaceNeeds in_process() { return {}; }
  /// An engine of its own when the point names a platform file (the closed form reads its constants off it).
  static FaceNeeds platform_when(bool reads_a_platform) { return {reads_a_platform, false}; }
  /// Seconds of CPU (a race of schedulers, a planner search): a worker process, spread by --jobs.
  static FaceNeeds heavy() { return {false, true}; }
};

/// A problem with one parameter that only shows with the others (a list whose length is not m, ...). `within` leads
/// from the parameter's value to the culprit inside it (a mapping's keys, a list's indices as digits), and `at_key`
/// says that the culprit is that last key itself rather than its value, so that the error names its own line.
class ParamError : public std::invalid_argument {
public:
  /// `param`: the parameter the error is reported at; `message`: what is wrong, as the user reads it.
  ParamError(std::string param, const std::string& message, std::vector<std::string> within = {}, bool at_key = false)
      : std::invalid_argument(message), param_(std::move(param)), within_(std::move(within)), at_key_(at_key)
  {
  }
  const std::string& param() const { return param_; }                 ///< the parameter at fault
  const std::vector<std::string>& within() const { return within_; }  ///< the path to the culprit inside it
  bool at_key() const { return at_key_; }                             ///< the culprit is the last key itself

private:
  std::string param_;
  std::vector<std::string> within_;
  bool at_key_ = false;
};

/// What the harness sees of a model (TypedModel implements it from a schema; a model derives from TypedModel).
class Model {
public:
  virtual ~Model() = default;
  /// Name, parameters, metrics and defaults.
  virtual const ModelInfo& info() const = 0;

  /// Checks across parameters that per-key specs cannot express (a list's length equals m, ...), and, given the
  /// point's platform file as probed before the first point (its `.platform()` parameter), against it: m beyond the
  /// hosts, an unknown host name. Throws ParamError; the harness adds file, line and the point's parameters.
  virtual void check(const Point&, const PlatformFacts* platform = nullptr) const { (void)platform; }

  /// What the point's predicted face needs (a SimGrid engine, heavy CPU), so the runner knows where it runs.
  virtual FaceNeeds predicted_face_needs(const Point&) const { return {}; }

  /// The hosts the simulated face builds from the point's own parameters (a star of m workers, a ring of n hosts);
  /// 0 when they come from a platform file, which the harness probes itself. The harness sizes SimGrid's actor
  /// stacks from the largest platform of the sweep (with_room_for_actors).
  virtual size_t simulated_hosts(const Point&) const { return 0; }

  /// The closed-form limit of `metric` at `point` as `param` grows without bound, when the model declares one
  /// (ModelInfo::limits) and it applies at this point; nothing otherwise.
  virtual std::optional<double> limit(const std::string& metric, const std::string& param, const Point& point) const
  {
    (void)metric, (void)param, (void)point;
    return std::nullopt;
  }

  /// Computes the `wanted` faces of one point into `out`. Called in-process, or in a worker process with a fresh
  /// SimGrid engine when needs_worker() says so.
  virtual void evaluate(const Point& point, const Faces& wanted, const SimulationContext& context,
                        Outcome& out) const = 0;
  /// evaluate() in this process when needs_worker() allows it, and true; false, with `out` untouched, when the
  /// point must run in a worker. A typed model decodes the point once for both questions.
  virtual bool evaluate_in_process(const Point& point, const Faces& wanted, const SimulationContext& context,
                                   Outcome& out) const;
};

/// True when a point's wanted faces must run in a worker process: the simulated face, or a predicted face that
/// needs a platform or heavy CPU.
bool needs_worker(const Model& model, const Point& point, const Faces& wanted);
/// The same rule, given what the predicted face needs; `predicted_needs()` is asked only when the rule depends on it.
template <class PredictedNeeds>
bool needs_worker(const Faces& wanted, PredictedNeeds predicted_needs)
{
  return wanted.simulated || (wanted.predicted && predicted_needs().in_worker());
}

}  // namespace isogrid
