// A plugin that adds a whole model: plugin-square, y = x^2 (predicted only), to test that a model from a plugin is
// listed, validated and run like a built-in one.
#include "plugin/plugin.hpp"
#include "simulator/core/typed_model.hpp"

namespace {

struct SquareParams {
  double x = 1;
};
struct SquareMetrics {
  double y;
};

void declare(isogrid::ModelSchema<SquareParams, SquareMetrics>& s)
{
  s.describe("plugin-square", "y = x^2, from a plugin (tests/plugins/square_model.cpp)", "isogrid's tests");
  s.param("x", &SquareParams::x, "the number squared").non_negative().at_most(1e6);
  s.metric("y", &SquareMetrics::y, "x squared");
  s.primary(&SquareMetrics::y);
}

class SquareModel : public isogrid::TypedModel<SquareParams, SquareMetrics> {
public:
  SquareModel() : TypedModel(isogrid::schema_of(declare)) {}

protected:
  void predict(const SquareParams& p, const isogrid::NoDecisions&, isogrid::Face<SquareMetrics>& out) const override
  {
    out.y = p.x * p.x;
  }
};

}  // namespace

ISOGRID_PLUGIN(registrar) { registrar.add_model(std::make_unique<SquareModel>()); }
