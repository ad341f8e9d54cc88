#pragma once
// The shape every model takes: a parameters struct P and a metrics struct M declared once in a ModelSchema, and
// four hooks that read `params.V` and write `out.makespan`:
//
//   check     cross-parameter rules the per-key specs cannot express; throws ParamError naming the parameter
//             (check_on_platform: the rules that need the platform file's hosts and clusters)
//   plan      the decisions both faces share, made once per point (a partition, a race of schedulers); pure unless
//             the predicted face needs a platform (predicted_face_needs), in which case it runs in a worker process
//             with a SimGrid engine of its own
//   predict   the closed form: fills the predicted face only
//   simulate  the same plan played on SimGrid in a worker process: fills the simulated face only
//
// The harness sees the untyped Model; this adaptor decodes points into P and encodes M into metric columns.
#include "simulator/core/model_schema.hpp"

#include <cstdint>

namespace isogrid {

// Where a point sits in its sweep, and the seed derived for it.
struct PointInfo {
  uint64_t index      = 0;
  uint32_t repetition = 0;
  uint64_t seed       = 0;
};

// The plan of a model whose faces share nothing worth computing once.
struct NoPlan {};

template <class P, class M, class Plan = NoPlan>
class TypedModel : public Model {
public:
  using Params  = P;
  using Metrics = M;

  explicit TypedModel(const ModelSchema<P, M>& schema) : schema_(schema) { schema_.info(); }

  const ModelInfo& info() const final { return schema_.info(); }
  const ModelSchema<P, M>& schema() const { return schema_; }

  void check(const Point& point, const PlatformFacts* platform) const final
  {
    P params = schema_.params_of(point);  // decoded once for both checks: they run on every point of a sweep
    check(params);
    if (platform)
      check_on_platform(params, *platform);
  }

  FaceNeeds predicted_face_needs(const Point& point) const final
  {
    return predicted_face_needs(schema_.params_of(point));
  }

  size_t simulated_hosts(const Point& point) const final { return simulated_hosts(schema_.params_of(point)); }

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
  virtual void check(const P&) const {}
  virtual void check_on_platform(const P&, const PlatformFacts&) const {}
  virtual FaceNeeds predicted_face_needs(const P&) const { return {}; }
  virtual size_t simulated_hosts(const P&) const { return 0; }
  virtual Plan make_plan(const P&, const PointInfo&, const SimulationContext&) const { return Plan{}; }
  virtual void predict(const P&, const Plan&, Face<M>&) const {}
  virtual void simulate(const P&, Plan&, const SimulationContext&, Face<M>&) const {}

private:
  void evaluate(const P& params, const Point& point, const Faces& wanted, const SimulationContext& context,
                Outcome& out) const
  {
    Plan plan = make_plan(params, PointInfo{point.index, point.repetition, point.seed}, context);
    if (wanted.predicted) {
      Face<M> face = blank_face();
      predict(params, plan, face);
      schema_.write(face, out.predicted);
      add_note(out.note, face.note);
    }
    if (wanted.simulated) {
      Face<M> face = blank_face();
      simulate(params, plan, context, face);
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
