#pragma once
// The shape every model takes: a parameters struct P and a metrics struct M declared once in a ModelSchema, and
// four hooks that read `params.V` and write `out.makespan`:
//
//   check     cross-parameter rules the per-key specs cannot express; throws ParamError naming the parameter
//             (check_on_platform: the rules that need the platform file's hosts and clusters)
//   decide    the decisions both faces share, made once per point (a partition, a race of schedulers); pure unless
//             the predicted face needs a platform (predicted_face_needs), in which case it runs in a worker process
//             with a SimGrid engine of its own
//   predict   the closed form: fills the predicted face only
//   simulate  the same decisions played on SimGrid in a worker process: fills the simulated face only
//
// The harness sees the untyped Model; this adaptor decodes points into P and encodes M into metric columns.
#include "simulator/core/model_schema.hpp"

#include <cstdint>

namespace isogrid {

/// Where a point sits in its sweep, and the seed derived for it.
struct PointInfo {
  uint64_t index      = 0;  ///< the point's place in the sweep (0-based, over every combination and repetition)
  uint32_t repetition = 0;  ///< which repetition of its parameter combination (0-based)
  uint64_t seed       = 0;  ///< derived from the experiment's seed, the combination and the repetition
};

/// The decisions of a model whose faces share nothing worth computing once.
struct NoDecisions {};

/// The shape every model takes (see the top of this file): `P` the parameters struct, `M` the metrics struct, both
/// declared once in a ModelSchema<P, M>; `Decisions` what both faces share, made once per point by decide. A model
/// overrides the protected hooks it needs; the harness calls the untyped Model interface, which this class
/// implements by decoding points into `P` and encoding `M` into metric columns.
template <class P, class M, class Decisions = NoDecisions>
class TypedModel : public Model {
public:
  using Params  = P;  ///< the parameters struct
  using Metrics = M;  ///< the metrics struct (one Face<M> per face)

  /// `schema` must outlive the model (a function-local static, as every built-in model keeps it).
  explicit TypedModel(const ModelSchema<P, M>& schema) : schema_(schema) { schema_.info(); }

  /// Derived from the schema: name, parameters, metrics, SimGrid settings.
  const ModelInfo& info() const final { return schema_.info(); }
  /// The declaration of the parameters and metrics.
  const ModelSchema<P, M>& schema() const { return schema_; }

  void check(const Point& point, const PlatformFacts* platform) const final
  {
    P params = schema_.params_of(point);  // decoded once for both checks: they run on every point of a sweep
    schema_.check_rules(params);          // the declared rules across parameters first, then the model's own
    check(params);
    if (platform)
      check_on_platform(params, *platform);
  }

  /// predicted_face_needs(const P&) on the decoded point.
  FaceNeeds predicted_face_needs(const Point& point) const final
  {
    return predicted_face_needs(schema_.params_of(point));
  }

  size_t simulated_hosts(const Point& point) const final { return simulated_hosts(schema_.params_of(point)); }

  /// The schema's declared limit (ModelSchema::limit) at the decoded point.
  std::optional<double> limit(const std::string& metric, const std::string& param, const Point& point) const final
  {
    if (schema_.info().limits.empty())
      return std::nullopt;
    return schema_.limit_of(metric, param, schema_.params_of(point));
  }

  void evaluate(const Point& point, const Faces& wanted, const SimulationContext& context, Outcome& out) const final
  {
    evaluate(schema_.params_of(point), point, wanted, context, out);
  }

  bool evaluate_in_process(const Point& point, const Faces& wanted, const SimulationContext& context,
                           Outcome& out) const final
  {
    P params = schema_.params_of(point);
    if (needs_worker(wanted, [&] { return predicted_face_needs(params); }))
      return false;
    evaluate(params, point, wanted, context, out);
    return true;
  }

protected:
  /// Cross-parameter rules the per-key specs cannot express; throws ParamError naming the parameter.
  virtual void check(const P&) const {}
  /// The rules that need the platform file's facts (hosts, clusters, routes); throws ParamError.
  virtual void check_on_platform(const P&, const PlatformFacts&) const {}
  /// Whether the predicted face needs a SimGrid engine (it reads a platform) or heavy CPU: then it runs in a worker.
  virtual FaceNeeds predicted_face_needs(const P&) const { return FaceNeeds::in_process(); }
  /// The hosts the simulated face builds from the parameters alone (0 when a platform file gives them).
  virtual size_t simulated_hosts(const P&) const { return 0; }
  /// The decisions both faces share, made once per point from its parameters and seed (PointInfo::seed: every
  /// random draw of the point derives from it).
  virtual Decisions decide(const P&, const PointInfo&, const SimulationContext&) const { return Decisions{}; }
  /// The closed form: fills the predicted face (a metric left unset stays "not computed").
  virtual void predict(const P&, const Decisions&, Face<M>&) const {}
  /// The same decisions played on SimGrid, in a worker process with a fresh engine: fills the simulated face.
  virtual void simulate(const P&, Decisions&, const SimulationContext&, Face<M>&) const {}

private:
  void evaluate(const P& params, const Point& point, const Faces& wanted, const SimulationContext& context,
                Outcome& out) const
  {
    Decisions decisions = decide(params, PointInfo{point.index, point.repetition, point.seed}, context);
    if (wanted.predicted) {
      Face<M> face = blank_face();
      predict(params, decisions, face);
      schema_.write(face, out.predicted);
      add_note(out.note, face.note);
    }
    if (wanted.simulated) {
      Face<M> face = blank_face();
      simulate(params, decisions, context, face);
      schema_.write(face, out.simulated);
      add_note(out.note, face.note);
    }
  }

  Face<M> blank_face() const
  {
    Face<M> face{};
    schema_.blank(face);
    return face;
  }

  static void add_note(std::string& notes, const std::string& note)
  {
    if (note.empty() || notes == note)
      return;
    notes += notes.empty() ? note : "; " + note;
  }

  const ModelSchema<P, M>& schema_;
};

}  // namespace isogrid
