#include "workloads/divisible_load/dlt_star_model.hpp"

#include "base/unknown_name.hpp"
#include "policies/dlt/sequence.hpp"
#include "policies/dlt/single_round.hpp"
#include "simulator/core/byte_count.hpp"
#include "simulator/core/platform_use.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"
#include "simulator/sg/star_platform.hpp"
#include "workloads/divisible_load/dlt_instance.hpp"
#include "workloads/divisible_load/dlt_star_simulation.hpp"
#include "workloads/loads/platform_loads.hpp"

#include <cmath>
#include <fmt/format.h>

namespace isogrid::dlt {

using Params  = DltStarParams;
using Metrics = DltStarMetrics;

namespace {

// Eqs. 1-3's instance (m workers, each with A, C and S; the load V; the result ratio beta), or a platform file.
// E as V grows without bound (asymptotic_efficiency): the workers in the given order with their own A and C; NaN
// where the order or the speeds are decided otherwise (a sequence policy, drawn spreads, a platform file) or
// results are returned.
double efficiency_limit(const Params& p)
{
  if (p.sequence != "given" || p.A_spread != 0 || p.C_spread != 0 || !p.platform.empty() || p.beta != 0)
    return std::nan("");
  const auto m          = static_cast<size_t>(p.m);
  std::vector<double> a = p.A.expanded(m), c = p.C.expanded(m);
  std::vector<Worker> workers(m);
  for (size_t i = 0; i < m; ++i)
    workers[i] = {a[i], c[i], 0};
  return asymptotic_efficiency(workers);
}

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("dlt-star",
             "Single-round divisible load on a one-port star: O(m) partition with simultaneous finish (eqs. 1-3), "
             "efficiency with a communication-inclusive sequential reference",
             "M. Drozdowski, L. Wielebski, Efficiency of divisible load processing (PPAM 2003)");
  s.param("m", &Params::m, "number of workers P1..Pm")
      .required()
      .at_least(1)
      .at_most(1e6)
      .label("workers m")
      .unitless();
  s.param("V", &Params::V, "load size, in load units").required().positive().label("load size V").unitless();
  // A value the point would silently ignore is refused: it says the user expects something that will not happen.
  const std::string from_platform = "A, C and S come from its speeds and routes; leave it out or drop platform";
  s.param("A", &Params::A,
          "time to compute one load unit on P_i (1/speed, normalised time, no unit); a number or m values")
      .positive()
      .label("processing rate A")
      .unitless()
      .length_of("m")
      .not_with("platform", from_platform);
  s.param("C", &Params::C,
          "time to send one load unit to P_i (1/bandwidth, normalised time, no unit); a number or m values")
      .positive()
      .label("communication rate C")
      .unitless()
      .length_of("m")
      .not_with("platform", from_platform);
  s.param("S", &Params::S, "communication startup time to P_i (normalised time, no unit); a number or m values")
      .non_negative()
      .label("startup time S")
      .unitless()
      .length_of("m")
      .not_with("platform", from_platform);
  for (auto [name, member] : {std::pair{"A", &Params::A_spread}, {"C", &Params::C_spread}, {"S", &Params::S_spread}})
    s.param(std::string(name) + "_spread", member,
            fmt::format("heterogeneity: each {}_i is scaled by a factor drawn uniformly in [1-spread, 1+spread] "
                        "from the point's seed",
                        name))
        .non_negative()
        .label(fmt::format("spread of {}", name))
        .unitless()
        .at_most(0.999)
        .not_with("platform", from_platform);
  s.param("beta", &Params::beta,
          "result size per load unit; > 0 adds a one-port result return, last served first (extension)")
      .non_negative()
      .label("result ratio β")
      .unitless();
  s.param("sequence", &Params::sequence, "order in which the originator serves the workers")
      .policy(sequence_policies())
      .label("serving sequence");
  s.param("platform", &Params::platform,
          "SimGrid XML or isogrid YAML platform; when given, P1..Pm are its first m hosts other than the "
          "originator and A, C, S come from their speeds and routes (A, C, S and spreads are then ignored)")
      .platform()
      .label("platform");
  const std::string star_of_acs = "without a platform file the star is made of A, C and S";
  s.param("originator", &Params::originator,
          "host that holds the load, with a platform file (default: the first "
          "host)")
      .only_with("platform", star_of_acs)
      .label("originator");
  s.param("unit_bytes", &Params::unit_bytes, "bytes per load unit, with a platform file")
      .positive()
      .unit("B")
      .label("bytes per load unit")
      .only_with("platform", star_of_acs);
  s.param("unit_flops", &Params::unit_flops, "flops per load unit, with a platform file")
      .positive()
      .unit("flop")
      .label("flops per load unit")
      .only_with("platform", star_of_acs);

  s.metric("makespan", &Metrics::makespan,
           "schedule length T_m = S_1 + (C_1 + A_1) alpha_1 (empty when infeasible; normalised time, no unit)")
      .label("makespan T_m")
      .unitless();
  s.metric("sequential", &Metrics::sequential,
           "T(1): the whole load sent to P1 and processed there (normalised time, no unit)")
      .label("sequential time T(1)")
      .unitless();
  s.metric("speedup", &Metrics::speedup, "T(1) / T_m (0 when infeasible)").label("speedup").unitless();
  s.metric("efficiency", &Metrics::efficiency, "speedup / m, eq. 3 (0 when infeasible, as the paper's maps plot it)")
      .label("efficiency E")
      .unitless();
  s.metric("feasible", &Metrics::feasible, "1 when every alpha_i >= 0, else 0").label("feasible").unitless();
  s.metric("largest_feasible_m", &Metrics::largest_feasible_m,
           "the largest k <= m for which P1..Pk admit a feasible partition")
      .label("largest feasible m")
      .unitless();
  s.metric("alpha_first", &Metrics::alpha_first,
           "alpha_1, the part of the first worker served, in load units (no unit)")
      .label("first part α_1")
      .unitless();
  s.metric("alpha_last", &Metrics::alpha_last, "alpha_m, the part of the last worker served, in load units (no unit)")
      .label("last part α_m")
      .unitless();
  s.metric("capacity_efficiency", &Metrics::capacity_efficiency,
           "T_cap / T_m against the platform's aggregate capacity, T_cap = V / sum 1/((1 + beta) C_i + A_i): never "
           "above 1; the paper's efficiency on a homogeneous star without startups (0 when infeasible)")
      .label("capacity efficiency")
      .unitless();
  s.primary(&Metrics::makespan);
  s.simgrid(sg::exact_network_config());
  s.limit(&Metrics::efficiency, "V", efficiency_limit,
          "1 / (m alpha_1) with alpha_1 = 1 / sum_i prod_{j<i} A_j / (A_{j+1} + C_{j+1}): (1 - q^m) / (m (1 - q)), "
          "q = A / (A + C), on a homogeneous star");
}

}  // namespace

const ModelSchema<Params, Metrics>& dlt_star_schema() { return schema_of(declare); }

namespace {

// Simulated runs rescale units so SimGrid works with comfortable magnitudes whatever the instance: the sequential
// time T(1) becomes kSimulatedSequential seconds and the whole load kLoadBytes bytes (below 2^53, so byte counts
// are exact doubles). Byte counts are whole, so a part of alpha_i units is rounded to 1/kLoadBytes of V.
constexpr double kSimulatedSequential = 1e6;
constexpr double kLoadBytes           = 1e15;

std::string too_few_hosts(size_t m, size_t others, const std::string& originator)
{
  return fmt::format("m = {} but the platform has only {} hosts besides the originator {}", m, others, originator);
}

// The partition both faces play. With a platform file, the workers are its hosts, read off the engine that this
// (worker) process loaded it into, and the simulation runs on them.
struct Decisions {
  Instance instance;
  Partition partition;
  sg::Host* originator = nullptr;  // with a platform file
  std::vector<sg::Host*> served;   // with a platform file: the hosts in serving order
};

// The closed form's parameters read off the platform: A = flops/speed, C = bytes/bandwidth, S = latency.
Decisions decide_on_platform(const Params& p, std::uint64_t seed, const SimulationContext& context)
{
  sg::Session session(context.simgrid_config, context.simgrid_logs);
  sg::load_platform(p.platform, loads::point_loads(seed));
  auto m                              = static_cast<size_t>(p.m);
  const std::vector<sg::Host*>& hosts = sg::hosts_in_natural_order();
  Decisions decisions;
  decisions.originator = p.originator.empty() ? hosts.front() : sg::host_by_name(p.originator);
  std::vector<sg::Host*> candidates;  // the first m hosts but the originator: a point never walks a whole platform
  for (size_t k = 0; k < hosts.size() && candidates.size() < m; ++k)
    if (hosts[k] != decisions.originator)
      candidates.push_back(hosts[k]);
  if (candidates.size() < m)
    throw std::invalid_argument(too_few_hosts(m, hosts.size() - 1, sg::host_name(decisions.originator)));
  std::vector<Worker> workers;
  for (sg::Host* h : candidates) {
    sg::RouteInfo r = sg::route_between(decisions.originator, h);
    if (!r.routed)  // known at load for a platform of up to 500 hosts (sg/platform_check.cpp); here for larger ones
      throw std::invalid_argument(
          fmt::format("no route from {} to {}", sg::host_name(decisions.originator), sg::host_name(h)));
    // A route without links (a Vivaldi zone's) has latency only: C = 0.
    workers.push_back({p.unit_flops / sg::host_speed(h), p.unit_bytes / r.bandwidth, r.latency});
  }
  // The sequence policy orders the hosts as it orders the closed-form workers.
  std::vector<size_t> order = serving_order(p.sequence, workers);
  decisions.instance        = Instance{reorder(workers, order), p.V, p.beta};
  for (size_t i : order)
    decisions.served.push_back(candidates[i]);
  return decisions;
}

StarSchedule star_schedule_for(const Partition& p, double V, double beta, double bytes_per_unit, double flops_per_unit)
{
  StarSchedule schedule;
  for (double a : p.alpha) {
    schedule.send_bytes.push_back(rounded_bytes(a * bytes_per_unit));
    schedule.compute_flops.push_back(a * flops_per_unit);
    if (beta > 0)
      schedule.return_bytes.push_back(rounded_bytes(beta * a * bytes_per_unit));
  }
  schedule.sequential_bytes        = rounded_bytes(V * bytes_per_unit);
  schedule.sequential_flops        = V * flops_per_unit;
  schedule.sequential_return_bytes = rounded_bytes(beta * V * bytes_per_unit);
  return schedule;
}

class DltStarModel : public TypedModel<Params, Metrics, Decisions> {
public:
  DltStarModel() : TypedModel(dlt_star_schema()) {}

protected:
  void check_on_platform(const Params& p, const PlatformFacts& platform) const override
  {
    std::string originator = p.originator.empty() ? platform.hosts.front() : p.originator;
    if (!platform.has_host(originator))
      throw ParamError("originator", unknown_name_message("host", originator, platform.hosts));
    auto m = static_cast<size_t>(p.m);
    if (m + 1 > platform.hosts.size())
      throw ParamError("m", too_few_hosts(m, platform.hosts.size() - 1, originator));
    const PlatformNeeds needs = PlatformNeeds::constant_capacities("Eqs. 1-3 read A, C and S once");
    if (std::string why = unusable_settings(platform, needs); !why.empty())
      throw ParamError("platform", why);
    const char* chose_originator = p.originator.empty() ? "m" : "originator";
    if (std::string why = unusable_host(platform, originator, needs); !why.empty())
      throw ParamError(chose_originator, why);
    size_t served = 0;
    for (const std::string& worker : platform.hosts) {
      if (worker == originator)
        continue;
      if (served++ == m)
        break;
      for (const std::string& why :
           {unusable_host(platform, worker, needs), unusable_route(platform, originator, worker, needs)})
        if (!why.empty())
          throw ParamError("m", fmt::format("{}, which m = {} serves", why, m));
      if (p.beta > 0)
        if (std::string why = unusable_route(platform, worker, originator, needs); !why.empty())
          throw ParamError("beta", fmt::format("{}, for the results of beta = {}", why, p.beta));
    }
  }

  FaceNeeds predicted_face_needs(const Params& p) const override
  {
    return FaceNeeds::platform_when(!p.platform.empty());
  }

  // The star the instance builds: P0 and m workers.
  size_t simulated_hosts(const Params& p) const override
  {
    return p.platform.empty() ? static_cast<size_t>(p.m) + 1 : 0;
  }

  Decisions decide(const Params& p, const PointInfo& at, const SimulationContext& context) const override
  {
    Decisions decisions = p.platform.empty() ? Decisions{instance_of(p, at.seed), {}, nullptr, {}}
                                             : decide_on_platform(p, at.seed, context);
    decisions.partition = solve(decisions.instance.workers, decisions.instance.V, decisions.instance.beta);
    return decisions;
  }

  void predict(const Params&, const Decisions& decisions, Face<Metrics>& out) const override
  {
    const Partition& part  = decisions.partition;
    const Summary& s       = part.summary;
    out.makespan           = s.makespan;
    out.sequential         = s.sequential;
    out.speedup            = s.speedup;
    out.efficiency         = s.efficiency;
    out.feasible           = s.feasible ? 1 : 0;
    out.largest_feasible_m = static_cast<double>(s.largest_feasible);
    out.alpha_first        = part.alpha.front();
    out.alpha_last         = part.alpha.back();
    out.capacity_efficiency =
        s.feasible
            ? capacity_time(decisions.instance.workers, decisions.instance.V, decisions.instance.beta) / s.makespan
            : 0;
    if (!s.feasible)
      out.note =
          fmt::format("infeasible: alpha_{} < 0; at most {} workers can be used", s.first_negative, s.largest_feasible);
  }

  void simulate(const Params& p, Decisions& decisions, const SimulationContext& context,
                Face<Metrics>& out) const override
  {
    if (!decisions.partition.summary.feasible) {
      // Nothing to simulate: a negative part cannot be sent. The map still shows E = 0 there.
      out.speedup             = 0;
      out.efficiency          = 0;
      out.capacity_efficiency = 0;
      out.feasible            = 0;
      return;
    }
    sg::Session session(context.simgrid_config, context.simgrid_logs);
    const Instance& inst = decisions.instance;
    double time_unit     = 1;  // simulated seconds per model time unit
    StarSchedule schedule;     // the actors read it while the engine runs
    StarTimes times;
    if (p.platform.empty()) {
      time_unit    = kSimulatedSequential / decisions.partition.summary.sequential;
      double bytes = kLoadBytes / inst.V;  // bytes (and flops) per load unit
      sg::StarSpec spec;
      for (size_t i = 0; i < inst.workers.size(); ++i) {
        const Worker& w = inst.workers[i];
        spec.workers.push_back(
            {fmt::format("P{}", i + 1), bytes / (w.A * time_unit), bytes / (w.C * time_unit), w.S * time_unit});
      }
      sg::Star star = sg::build_star(spec);
      schedule      = star_schedule_for(decisions.partition, inst.V, inst.beta, bytes, bytes);
      deploy_star_schedule(star.center, star.workers, schedule, times, context.timeline, time_unit);
    } else {
      schedule = star_schedule_for(decisions.partition, inst.V, inst.beta, p.unit_bytes, p.unit_flops);
      deploy_star_schedule(decisions.originator, decisions.served, schedule, times, context.timeline);
    }
    session.run();
    out.makespan            = times.makespan / time_unit;
    out.sequential          = times.sequential / time_unit;
    out.speedup             = times.sequential / times.makespan;
    out.efficiency          = out.speedup / static_cast<double>(inst.workers.size());
    out.feasible            = 1;
    out.capacity_efficiency = capacity_time(inst.workers, inst.V, inst.beta) / out.makespan;
  }
};

}  // namespace

std::unique_ptr<Model> make_dlt_star_model() { return std::make_unique<DltStarModel>(); }

ISOGRID_MODEL("dlt-star", make_dlt_star_model);

}  // namespace isogrid::dlt
