#include "workloads/divisible_load/dlt_star_model.hpp"

#include "policies/dlt/sequence.hpp"
#include "policies/dlt/single_round.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"
#include "simulator/sg/star_platform.hpp"
#include "workloads/divisible_load/dlt_instance.hpp"
#include "workloads/divisible_load/dlt_star_simulation.hpp"

#include <cmath>
#include <fmt/format.h>

namespace isogrid::dlt {

namespace {

enum MetricId { kMakespan, kSequential, kSpeedup, kEfficiency, kFeasible, kLargestFeasible, kAlphaFirst, kAlphaLast };

// Simulated runs rescale units so SimGrid works with comfortable magnitudes whatever the instance: the sequential
// time T(1) becomes kSimulatedSequential seconds and the whole load kLoadBytes bytes (below 2^53, so byte counts
// are exact doubles). Byte counts are whole, so a part of alpha_i units is rounded to 1/kLoadBytes of V.
constexpr double kSimulatedSequential = 1e6;
constexpr double kLoadBytes           = 1e15;

ModelInfo make_info()
{
  ModelInfo info;
  info.name    = "dlt-star";
  info.summary = "Single-round divisible load on a one-port star: O(m) partition with simultaneous finish "
                 "(eqs. 1-3), efficiency with a communication-inclusive sequential reference";
  info.source = "M. Drozdowski, L. Wielebski, Efficiency of divisible load processing (PPAM 2003)";

  ParamSpec m = whole_number("m", "number of workers P1..Pm");
  m.max       = 1e6;
  info.params.push_back(m);
  info.params.push_back(positive_real("V", "load size, in load units"));
  ParamSpec A = positive_real("A", "time to compute one load unit on P_i (1/speed); a number or m values", 1.0);
  A.kind      = ParamKind::RealOrList;
  ParamSpec C = positive_real("C", "time to send one load unit to P_i (1/bandwidth); a number or m values", 1.0);
  C.kind      = ParamKind::RealOrList;
  ParamSpec S = nonnegative_real("S", "communication startup time to P_i; a number or m values", 0.0);
  S.kind      = ParamKind::RealOrList;
  info.params.insert(info.params.end(), {A, C, S});
  for (const char* x : {"A", "C", "S"}) {
    ParamSpec spread = nonnegative_real(std::string(x) + "_spread",
                                        std::string("heterogeneity: each ") + x +
                                            "_i is scaled by a factor drawn uniformly in [1-spread, 1+spread] "
                                            "from the point's seed",
                                        0.0);
    spread.max = 0.999;
    info.params.push_back(spread);
  }
  info.params.push_back(nonnegative_real(
      "beta", "result size per load unit; > 0 adds a one-port result return, last served first (extension)", 0.0));
  info.params.push_back(policy_choice("sequence", "dlt-sequence", "given", "order in which the originator serves the workers"));
  info.params.push_back(platform_file("SimGrid XML or isogrid YAML platform; when given, P1..Pm are its first m "
                                      "hosts other than the originator and A, C, S come from their speeds and "
                                      "routes (A, C, S and spreads are then ignored)",
                                      true));
  info.params.push_back(free_text("originator", "",
                                  "host that holds the load, with a platform file (default: the first host)"));
  info.params.push_back(positive_real("unit_bytes", "bytes per load unit, with a platform file", 1.0));
  info.params.push_back(positive_real("unit_flops", "flops per load unit, with a platform file", 1.0));

  info.metrics = {
      {"makespan", "schedule length T_m = S_1 + (C_1 + A_1) alpha_1 (empty when infeasible)", "time"},
      {"sequential", "T(1): the whole load sent to P1 and processed there", "time"},
      {"speedup", "T(1) / T_m (0 when infeasible)", ""},
      {"efficiency", "speedup / m, eq. 3 (0 when infeasible, as the paper's maps plot it)", ""},
      {"feasible", "1 when every alpha_i >= 0, else 0", ""},
      {"largest_feasible_m", "the largest k <= m for which P1..Pk admit a feasible partition", ""},
      {"alpha_first", "alpha_1, the part of the first worker served", "load units"},
      {"alpha_last", "alpha_m, the part of the last worker served", "load units"},
  };
  info.primary_metric = "makespan";
  info.simgrid_config = sg::exact_network_config();
  return info;
}

// Fills the predicted face and returns the partition, which the simulated face then plays.
Partition fill_prediction(const Instance& inst, Outcome& out)
{
  Partition p                  = solve(inst.workers, inst.V, inst.beta);
  const Summary& s             = p.summary;
  out.predicted[kMakespan]     = s.makespan;
  out.predicted[kSequential]   = s.sequential;
  out.predicted[kSpeedup]      = s.speedup;
  out.predicted[kEfficiency]   = s.efficiency;
  out.predicted[kFeasible]     = s.feasible ? 1 : 0;
  out.predicted[kLargestFeasible] = static_cast<double>(s.largest_feasible);
  out.predicted[kAlphaFirst]   = p.alpha.front();
  out.predicted[kAlphaLast]    = p.alpha.back();
  if (!s.feasible)
    out.note = fmt::format("infeasible: alpha_{} < 0; at most {} workers can be used", s.first_negative,
                           s.largest_feasible);
  return p;
}

StarPlan plan_for(const Partition& p, double V, double beta, double bytes_per_unit, double flops_per_unit)
{
  StarPlan plan;
  for (double a : p.alpha) {
    plan.send_bytes.push_back(static_cast<uint64_t>(std::llround(a * bytes_per_unit)));
    plan.compute_flops.push_back(a * flops_per_unit);
    if (beta > 0)
      plan.return_bytes.push_back(static_cast<uint64_t>(std::llround(beta * a * bytes_per_unit)));
  }
  plan.sequential_bytes        = static_cast<uint64_t>(std::llround(V * bytes_per_unit));
  plan.sequential_flops        = V * flops_per_unit;
  plan.sequential_return_bytes = static_cast<uint64_t>(std::llround(beta * V * bytes_per_unit));
  return plan;
}

void fill_simulation(const StarTimes& t, double time_unit, size_t m, Outcome& out)
{
  out.simulated[kMakespan]   = t.makespan / time_unit;
  out.simulated[kSequential] = t.sequential / time_unit;
  out.simulated[kSpeedup]    = t.sequential / t.makespan;
  out.simulated[kEfficiency] = out.simulated[kSpeedup] / static_cast<double>(m);
  out.simulated[kFeasible]   = 1;
}

void mark_infeasible_simulation(Outcome& out)
{
  // Nothing to simulate: a negative part cannot be sent. The map still shows E = 0 there.
  out.simulated[kSpeedup]    = 0;
  out.simulated[kEfficiency] = 0;
  out.simulated[kFeasible]   = 0;
}

class DltStarModel : public Model {
public:
  const ModelInfo& info() const override { return info_; }

  void check(const Point& p) const override
  {
    auto m = static_cast<size_t>(p.integer("m"));
    for (const char* x : {"A", "C", "S"})
      if (auto* list = std::get_if<std::vector<double>>(&p.get(x)); list && list->size() != m)
        throw ParamError(x, fmt::format("{} lists {} values but m = {}", x, list->size(), m));
  }

  bool predict_needs_simulator(const Point& p) const override { return uses_platform(p); }

  void predict(const Point& p, Outcome& out) const override { fill_prediction(instance_from_point(p), out); }

  void simulate(const Point& p, const SimulationContext& context, Outcome& out) const override
  {
    sg::Session session(context.simgrid_config, context.simgrid_logs);
    if (uses_platform(p))
      simulate_on_platform_file(p, session, out);
    else
      simulate_generated_star(p, session, out);
  }

private:
  static bool uses_platform(const Point& p) { return !p.text("platform").empty(); }

  static void simulate_generated_star(const Point& p, sg::Session& session, Outcome& out)
  {
    Instance inst = instance_from_point(p);
    Partition part = solve(inst.workers, inst.V, inst.beta);
    if (!part.summary.feasible)
      return mark_infeasible_simulation(out);

    double time_unit = kSimulatedSequential / part.summary.sequential;  // simulated seconds per model time unit
    double bytes     = kLoadBytes / inst.V;                              // bytes (and flops) per load unit
    sg::StarSpec spec;
    for (size_t i = 0; i < inst.workers.size(); ++i) {
      const Worker& w = inst.workers[i];
      spec.workers.push_back(
          {fmt::format("P{}", i + 1), bytes / (w.A * time_unit), bytes / (w.C * time_unit), w.S * time_unit});
    }
    sg::Star star = sg::build_star(spec);
    StarPlan plan = plan_for(part, inst.V, inst.beta, bytes, bytes);
    StarTimes times;
    deploy_star_schedule(star.center, star.workers, plan, times);
    session.run();
    fill_simulation(times, time_unit, inst.workers.size(), out);
  }

  static void simulate_on_platform_file(const Point& p, sg::Session& session, Outcome& out)
  {
    sg::load_platform(p.text("platform"));
    auto m = static_cast<size_t>(p.integer("m"));
    std::vector<sg::Host*> hosts = sg::hosts_in_natural_order();
    sg::Host* originator =
        p.text("originator").empty() ? hosts.front() : sg::host_by_name(p.text("originator"));
    std::vector<sg::Host*> candidates;
    for (sg::Host* h : hosts)
      if (h != originator)
        candidates.push_back(h);
    if (candidates.size() < m)
      throw std::invalid_argument(fmt::format("m = {} but the platform has only {} hosts besides the originator {}",
                                              m, candidates.size(), sg::host_name(originator)));
    candidates.resize(m);

    // The closed form's parameters, read off the platform: A = flops/speed, C = bytes/bandwidth, S = latency.
    double unit_bytes = p.number("unit_bytes");
    double unit_flops = p.number("unit_flops");
    std::vector<Worker> workers;
    for (sg::Host* h : candidates) {
      sg::RouteInfo r = sg::route_between(originator, h);
      if (r.bandwidth <= 0)
        throw std::invalid_argument(
            fmt::format("no route with links from {} to {}", sg::host_name(originator), sg::host_name(h)));
      workers.push_back({unit_flops / sg::host_speed(h), unit_bytes / r.bandwidth, r.latency});
    }
    // The sequence policy orders the hosts as it orders the closed-form workers.
    std::vector<size_t> order = serving_order(p, workers);
    Instance inst{reorder(workers, order), p.number("V"), p.number("beta")};
    std::vector<sg::Host*> served;
    for (size_t i : order)
      served.push_back(candidates[i]);

    Partition part = fill_prediction(inst, out);
    if (!part.summary.feasible)
      return mark_infeasible_simulation(out);
    StarPlan plan = plan_for(part, inst.V, inst.beta, unit_bytes, unit_flops);
    StarTimes times;
    deploy_star_schedule(originator, served, plan, times);
    session.run();
    fill_simulation(times, 1.0, m, out);
  }

  ModelInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Model> make_dlt_star_model() { return std::make_unique<DltStarModel>(); }

}  // namespace isogrid::dlt
