#pragma once
// A model is what an experiment file names: a workload on a platform, driven by policies, with two faces.
// predict() evaluates the paper's closed form in-process; simulate() runs the same scenario on SimGrid inside a
// fresh child process (SimGrid's Engine is a per-process singleton whose clock cannot be reset).
#include "simulator/core/param_spec.hpp"
#include "simulator/core/point.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace isogrid {

struct ModelInfo {
  std::string name;
  std::string summary;
  std::string source;  // the paper the model reproduces
  std::vector<ParamSpec> params;
  std::vector<MetricSpec> metrics;
  std::string primary_metric;            // sim vs predicted deviation is reported on this one
  std::vector<std::string> simgrid_config;  // "key:value" settings every simulated point starts with
  bool can_predict  = true;
  bool can_simulate = true;

  std::vector<std::string> param_names() const;
  std::vector<std::string> metric_names() const;
  std::optional<size_t> param_index(const std::string& name) const;
  std::optional<size_t> metric_index(const std::string& name) const;
};

// Metric values of one point, aligned with ModelInfo::metrics; NaN means "not computed".
struct Outcome {
  std::vector<double> predicted;
  std::vector<double> simulated;
  std::string note;  // short remark for the results row ("infeasible: alpha_7 < 0")

  explicit Outcome(size_t metric_count = 0)
      : predicted(metric_count, std::numeric_limits<double>::quiet_NaN())
      , simulated(metric_count, std::numeric_limits<double>::quiet_NaN())
  {
  }
};

struct SimulationContext {
  std::vector<std::string> simgrid_config;  // the model's defaults overridden by the experiment's
  bool simgrid_logs = false;                // let SimGrid print its own log lines
  bool simulated_face = true;               // false: simulate() is called only for the predicted face
};

// A problem with one parameter that only shows with the others (a list whose length is not m, ...).
class ParamError : public std::invalid_argument {
public:
  ParamError(std::string param, const std::string& message) : std::invalid_argument(message), param_(std::move(param)) {}
  const std::string& param() const { return param_; }

private:
  std::string param_;
};

class Model {
public:
  virtual ~Model() = default;
  virtual const ModelInfo& info() const = 0;

  // Checks across parameters that per-key specs cannot express (a list's length equals m, ...).
  // Throws ParamError; the harness adds file, line and the point's parameters.
  virtual void check(const Point&) const {}

  // The closed-form face: pure, in-process, cheap.
  virtual void predict(const Point& point, Outcome& out) const = 0;

  // True when predict() needs the simulator for this point (e.g. it reads a platform file), so that
  // the harness runs it in a child process.
  virtual bool predict_needs_simulator(const Point&) const { return false; }

  // The simulated face; called in a child process that owns a fresh SimGrid engine. When
  // predict_needs_simulator(point), it fills the predicted face too.
  virtual void simulate(const Point& point, const SimulationContext& context, Outcome& out) const = 0;

  size_t metric_index(const std::string& metric) const;
};

}  // namespace isogrid
