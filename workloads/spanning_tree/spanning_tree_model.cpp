#include "workloads/spanning_tree/spanning_tree_model.hpp"

#include "simulator/core/registrations.hpp"
#include "simulator/core/timeline.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/sg/session.hpp"
#include "simulator/sg/star_platform.hpp"

#include <cmath>
#include <fmt/format.h>

namespace isogrid::spanning_tree {

using Params  = SpanningTreeParams;
using Metrics = SpanningTreeMetrics;

namespace {

// The simulated platform's speed and bandwidth: a second of c1 is kSpeed flops, one of c2 kBandwidth bytes. The
// bandwidth is high so that rounding the minima to whole bytes costs under 1e-10 of a reduction step.
constexpr double kSpeed     = 1e9;
constexpr double kBandwidth = 1e12;

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("spanning-tree",
             "Minimum spanning tree on m processors, T(m) = c1 n^2/m + c2 n log2 m: the isoefficiency example whose "
             "function is known, f(k, m) = c2 m log2 m / (c1 (1/k - 1))",
             "Drozdowski & Wielebski (2003), Sec. 2, after Akl");
  s.param("m", &Params::m, "processors").at_least(1).at_most(65536).label("processors m").unitless();
  s.param("n", &Params::n, "vertices of the graph (the problem size)").positive().label("vertices n").unitless();
  s.param("c1", &Params::c1, "computation per squared vertex").positive().unit("s").label("computation constant c1");
  s.param("c2", &Params::c2, "one reduction step's time per vertex")
      .positive()
      .unit("s")
      .label("reduction constant c2");
  s.metric("makespan", &Metrics::makespan, "T(m): computation, then the reduction up a binary tree", "s")
      .label("makespan T(m)");
  s.metric("sequential_time", &Metrics::sequential_time, "T(1) = c1 n^2", "s").label("sequential time T(1)");
  s.metric("speedup", &Metrics::speedup, "T(1) / T(m)").label("speedup").unitless();
  s.metric("efficiency", &Metrics::efficiency, "T(1) / (m T(m))").label("efficiency E").unitless();
  s.primary(&Metrics::efficiency);
  s.simgrid(sg::exact_network_config());  // bytes / bandwidth exactly, so that the faces agree
}

void derive(double m, Metrics& out)
{
  out.speedup    = out.sequential_time / out.makespan;
  out.efficiency = out.speedup / m;
}

}  // namespace

const ModelSchema<Params, Metrics>& spanning_tree_schema() { return schema_of(declare); }

namespace {

class SpanningTreeModel : public TypedModel<Params, Metrics> {
public:
  SpanningTreeModel() : TypedModel(spanning_tree_schema()) {}

protected:
  size_t simulated_hosts(const Params& p) const override { return static_cast<size_t>(p.m) + 1; }

  void predict(const Params& p, const NoDecisions&, Face<Metrics>& out) const override
  {
    const double m      = static_cast<double>(p.m);
    out.sequential_time = p.c1 * p.n * p.n;
    out.makespan        = p.c1 * p.n * p.n / m + p.c2 * p.n * std::log2(m);
    derive(m, out);
  }

  void simulate(const Params& p, NoDecisions&, const SimulationContext& context, Face<Metrics>& out) const override
  {
    sg::Session session(context.simgrid_config, context.simgrid_logs);
    const auto m = static_cast<size_t>(p.m);
    sg::StarSpec spec;
    spec.center_name  = "switch";  // unused: the processors talk to each other through it
    spec.center_speed = kSpeed;
    for (size_t i = 0; i <= m; ++i)  // worker m computes T(1) alone
      spec.workers.push_back({fmt::format("P{}", i), kSpeed, kBandwidth, 0});
    sg::Star star           = sg::build_star(spec);
    const double flops      = p.c1 * p.n * p.n * kSpeed;
    const auto minima_bytes = static_cast<uint64_t>(std::llround(p.c2 * p.n * kBandwidth));
    // With a timeline: each processor's share of the work, and each merge round's send or receive (labelled by the
    // round, 0 for the share), a row each; the sequential run beside them. Without one, nothing is named or written.
    Timeline* timeline = context.timeline;
    auto record = [timeline, m](const char* group, size_t processor, const char* state, size_t round, double start) {
      if (timeline)
        timeline->interval(group, fmt::format("P{}", processor), state,
                           round           ? fmt::format("round {}", round)
                           : processor < m ? "share"
                                           : "the whole problem",
                           start, sg::now());
    };
    for (size_t i = 0; i < m; ++i)
      sg::spawn(fmt::format("P{}", i), star.workers[i], [&, i] {
        double start = sg::now();
        sg::compute(flops / static_cast<double>(m));
        record("tree", i, "compute", 0, start);
        // Round r: the processors at odd multiples of 2^r send their minima to the one 2^r below, which merges them.
        for (size_t stride = 1, round = 1; stride < m; stride *= 2, ++round) {
          start = sg::now();
          if (i % (2 * stride) == stride) {
            sg::send(fmt::format("P{}", i - stride), minima_bytes);
            record("tree", i, "send", round, start);
            return;
          }
          if (i % (2 * stride) == 0 && i + stride < m) {
            sg::receive(fmt::format("P{}", i));
            record("tree", i, "receive", round, start);
          }
        }
        out.makespan = sg::now();  // P0, once every round has reached it
      });
    sg::spawn("sequential", star.workers[m], [&] {
      sg::compute(flops);
      record("one processor", m, "compute", 0, 0);
      out.sequential_time = sg::now();
    });
    session.run();
    derive(static_cast<double>(m), out);
  }
};

}  // namespace

std::unique_ptr<Model> make_spanning_tree_model() { return std::make_unique<SpanningTreeModel>(); }

ISOGRID_MODEL("spanning-tree", make_spanning_tree_model);

}  // namespace isogrid::spanning_tree
