#include "workloads/hello/hello_model.hpp"

#include "policies/greeting/greeting_policies.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/sg/messaging.hpp"
#include "simulator/sg/session.hpp"
#include "simulator/sg/star_platform.hpp"

namespace isogrid::hello {

namespace {

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("hello", "A host greeting people: the model tests/new_folders adds", "isogrid's own proof (no paper)");
  s.param("people", &Params::people, "people to greet").at_least(1).at_most(1000);
  s.param("greeting", &Params::greeting, "how").policy(greeting::greeting_policies());
  s.metric("seconds", &Metrics::seconds, "time to greet them all", "s");
  s.primary(&Metrics::seconds);
  s.simgrid(sg::exact_network_config());
}

class HelloModel : public TypedModel<Params, Metrics> {
public:
  HelloModel() : TypedModel(hello_schema()) {}

protected:
  void predict(const Params& p, const NoDecisions&, Face<Metrics>& out) const override
  {
    out.seconds = greeting::greeting_policies().get(p.greeting)(p.people);
  }

  void simulate(const Params& p, NoDecisions&, const SimulationContext& context, Face<Metrics>& out) const override
  {
    sg::Session session(context.simgrid_config, context.simgrid_logs);
    sg::StarSpec star;  // one host of 1 flop/s, no worker
    star.center_speed = 1;
    sg::Star built    = sg::build_star(star);
    double flops      = greeting::greeting_policies().get(p.greeting)(p.people);
    sg::spawn("greeter", built.center, [flops] { sg::compute(flops); });
    session.run();
    out.seconds = sg::now();
  }
};

}  // namespace

const ModelSchema<Params, Metrics>& hello_schema() { return schema_of(declare); }

std::unique_ptr<Model> make_hello_model() { return std::make_unique<HelloModel>(); }

ISOGRID_MODEL("hello", make_hello_model);

}  // namespace isogrid::hello
