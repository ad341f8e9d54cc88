// The token ring, both faces. A lap costs, for every host i, its computation work / speed_i and the hop to the next
// host, latency + bytes / bandwidth_i; the closed form is laps times that sum, and the simulation must find it.
#include "workloads/examples/token_ring_model.hpp"

#include "simulator/core/byte_count.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/timeline.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/sg/ring_platform.hpp"
#include "simulator/sg/session.hpp"

#include <cstdint>
#include <fmt/format.h>
#include <string>

namespace isogrid::examples {

using Params  = TokenRingParams;
using Metrics = TokenRingMetrics;

namespace {

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("token-ring",
             "A token passed around a ring of hosts, each computing on it: the walkthrough model of "
             "docs/architecture.md",
             "isogrid's own example (no paper)");
  s.param("hosts", &Params::hosts, "hosts in the ring").at_least(2).at_most(100000).label("hosts").unitless();
  s.param("laps", &Params::laps, "times the token goes around").at_least(1).label("laps").unitless();
  s.param("token_bytes", &Params::token_bytes, "size of the token").positive().bytes().label("token size");
  s.param("work_flops", &Params::work_flops, "computation each host does when the token arrives")
      .non_negative()
      .unit("flop")
      .label("work per host");
  s.param("speed", &Params::speed, "host speeds, one for all or one per host")
      .positive()
      .unit("flop/s")
      .label("host speed")
      .length_of("hosts");  // a list holds one value per host
  s.param("bandwidth", &Params::bandwidth, "link bandwidths; link i joins host i and i + 1")
      .positive()
      .unit("B/s")
      .label("link bandwidth")
      .length_of("hosts");
  s.param("latency", &Params::latency, "latency of every link").non_negative().unit("s").label("link latency");
  s.metric("lap_time", &Metrics::lap_time, "one lap: every host's computation and hop", "s").label("lap time");
  s.metric("makespan", &Metrics::makespan, "all laps, until the token is back at host 0", "s").label("makespan");
  s.metric("hops", &Metrics::hops, "transfers of the token").label("token hops").unitless();
  s.primary(&Metrics::makespan);
  s.simgrid(sg::exact_network_config());  // latency + bytes / bandwidth exactly, so the faces can agree
}

}  // namespace

const ModelSchema<Params, Metrics>& token_ring_schema() { return schema_of(declare); }

namespace {

class TokenRingModel : public TypedModel<Params, Metrics> {
public:
  TokenRingModel() : TypedModel(token_ring_schema()) {}

protected:
  size_t simulated_hosts(const Params& p) const override { return static_cast<size_t>(p.hosts); }

  void predict(const Params& p, const NoDecisions&, Face<Metrics>& out) const override
  {
    auto n                    = static_cast<size_t>(p.hosts);
    std::vector<double> speed = p.speed.expanded(n), bandwidth = p.bandwidth.expanded(n);
    out.lap_time = 0;
    for (size_t i = 0; i < n; ++i)
      out.lap_time += p.work_flops / speed[i] + p.latency + p.token_bytes / bandwidth[i];
    out.makespan = static_cast<double>(p.laps) * out.lap_time;
    out.hops     = static_cast<double>(p.laps * p.hosts);
  }

  void simulate(const Params& p, NoDecisions&, const SimulationContext& context, Face<Metrics>& out) const override
  {
    sg::Session session(context.simgrid_config, context.simgrid_logs);
    auto n = static_cast<size_t>(p.hosts);
    sg::RingSpec spec{"ring", p.speed.expanded(n), p.bandwidth.expanded(n), p.latency};
    std::vector<sg::Host*> hosts = sg::build_rings({spec}).front();
    auto bytes       = truncated_bytes(p.token_bytes);  // refused past 2^63: SimGrid counts bytes in 64 bits
    long long hops   = 0;
    double first_lap = 0;
    // A timeline plot naming the point gives it a timeline: each host's computations and sends, a row each.
    Timeline* timeline = context.timeline;
    for (size_t i = 0; i < n; ++i)
      sg::spawn(fmt::format("host-{}", i), hosts[i], [&, i] {
        std::string next = fmt::format("host-{}", (i + 1) % n);
        std::string row  = fmt::format("host-{}", i);
        for (long long lap = 0; lap < p.laps; ++lap) {
          if (i > 0 || lap > 0)  // host 0 starts with the token
            sg::receive(fmt::format("host-{}", i));
          if (i == 0 && lap == 1)
            first_lap = sg::now();
          double start = sg::now();
          sg::compute(p.work_flops);
          if (timeline)
            timeline->interval("ring", row, "compute", fmt::format("lap {}", lap + 1), start, sg::now());
          start = sg::now();
          sg::send(next, bytes);
          if (timeline)
            timeline->interval("ring", row, "send", fmt::format("lap {}", lap + 1), start, sg::now(),
                               static_cast<double>(bytes));
          ++hops;
        }
        if (i == 0) {  // the last lap ends when the token is back
          sg::receive(fmt::format("host-{}", i));
          out.makespan = sg::now();
        }
      });
    session.run();
    out.lap_time = p.laps > 1 ? first_lap : out.makespan;
    out.hops     = static_cast<double>(hops);
  }
};

}  // namespace

std::unique_ptr<Model> make_token_ring_model() { return std::make_unique<TokenRingModel>(); }

ISOGRID_MODEL("token-ring", make_token_ring_model);

}  // namespace isogrid::examples
