#include "workloads/rescheduling/rescheduling_plan_model.hpp"

#include "policies/rescheduling/phased_applications.hpp"
#include "policies/rescheduling/planners.hpp"
#include "policies/scheduling/cluster_draw.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "workloads/rescheduling/execution_params.hpp"
#include "workloads/rescheduling/malleable_run.hpp"
#include "workloads/rescheduling/uniform_loads.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace isogrid::rescheduling {

using Params  = ReschedulingPlanParams;
using Metrics = ReschedulingPlanMetrics;

namespace {

const char* const kCustom = "custom";

std::vector<std::string> application_names()
{
  std::vector<std::string> names = phased_applications().names();
  names.push_back(kCustom);
  return names;
}

std::vector<std::string> growth_names()
{
  std::vector<std::string> names;
  for (int g = 0; g <= static_cast<int>(scheduling::Growth::InvLinearLog); ++g)
    if (scheduling::increasing(static_cast<scheduling::Growth>(g)))  // Box Elimination needs increasing ones
      names.push_back(scheduling::growth_name(static_cast<scheduling::Growth>(g)));
  return names;
}

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("rescheduling-plan",
             "Sanjay's ch. 5: Incremental, Division and genetic rescheduling plans for a phased malleable "
             "application on a drawn cluster, against the optimum plan (brute force or a DAG shortest path)",
             "H. A. Sanjay, PhD thesis (IISc 2008), chapter 5");
  s.param("application", &Params::application,
          "the phased application (policies/rescheduling/phased_applications.cpp); custom: the phase_* lists")
      .choices(application_names())
      .label("application");
  s.param("planners", &Params::planners, "the planners to run, e.g. [incremental, division, genetic]")
      .policy(planners())
      .label("planners");
  s.param("truth", &Params::truth,
          "the optimum the gaps are taken to: optimal (a shortest path, any number of phases) or brute-force (every "
          "plan, at most 22 phases); both give the same plan time")
      .choices({"optimal", "brute-force"})
      .label("optimum method");
  s.param("machines", &Params::machines, "machines in the cluster")
      .at_least(1)
      .at_most(static_cast<double>(scheduling::max_cluster_machines), scheduling::max_cluster_machines_reason)
      .label("machines")
      .unitless();
  s.param("max_bandwidths", &Params::max_bandwidths,
          "link capacities in Mbit/s, one drawn per point; []: the thesis's [100, 1000, 5000, 10000]")
      .positive()
      .allow_empty()
      .label("link capacity")
      .unit("Mbit/s");
  declare_uniform_loads(s);
  s.param("rcost", &Params::rcost, "the cost of one reschedule, added per interval boundary (Eq. 5.2)")
      .non_negative()
      .unit("s")
      .label("rescheduling cost");
  s.param("t_thres", &Params::t_thres, "an interval must take longer than this to be valid (Eq. 5.3)")
      .non_negative()
      .unit("s")
      .label("interval threshold t_thres");
  s.param("planners_see_rcost", &Params::planners_see_rcost,
          "off: the heuristics plan as if rescheduling were free, and their plans are then scored with rcost (a "
          "reading under which the gaps grow with rcost as in Tables 5.1, 5.2 and 8.4); the optimum always sees it")
      .label("planners see rcost")
      .unitless();
  s.param("phase_computation", &Params::phase_computation,
          "application: custom: each phase's computation, in seconds on the reference schedule (256 machines at "
          "55 % CPU, 300 Mbit/s links)")
      .non_negative()
      .allow_empty()
      .only_when("application", kCustom, "phase lists describe a custom application")
      .label("phase computation time")
      .unit("s");
  s.param("phase_communication", &Params::phase_communication,
          "application: custom: each phase's communication, in seconds on the reference schedule")
      .non_negative()
      .allow_empty()
      .only_when("application", kCustom, "phase lists describe a custom application")
      .same_length_as("phase_computation")
      .label("phase communication time")
      .unit("s");
  s.param("phase_computation_speedup", &Params::phase_computation_speedup,
          "application: custom: f_Pcomp of each phase (one value: every phase), from Table 3.2's increasing "
          "functions")
      .choices(growth_names())
      .repeats()
      .label("computation speedup f_Pcomp");
  s.param("phase_communication_speedup", &Params::phase_communication_speedup,
          "application: custom: f_Pcomm of each phase (one value: every phase)")
      .choices(growth_names())
      .repeats()
      .label("communication speedup f_Pcomm");
  declare_execution(s);

  s.metric_rows(&Metrics::planners, planners().names(),
                std::vector<RowMetric<PlanMetrics>>{
                    {"time_{}", &PlanMetrics::time, "{}'s plan: its Eq. 5.2 time (intervals plus rcost each)", "s",
                     "plan time, {}"},
                    {"intervals_{}", &PlanMetrics::intervals, "{}'s plan: its intervals", "unitless", "intervals, {}"},
                    {"gap_{}", &PlanMetrics::gap, "100 ({} - optimum) / optimum", "%", "gap to optimum, {}"},
                    {"valid_{}", &PlanMetrics::valid, "1 when every interval of {}'s plan exceeds t_thres", "unitless",
                     "valid, {}"},
                    {"overhead_{}", &PlanMetrics::overhead,
                     "{}'s plan: time spent rescheduling (predicted: rcost each; simulated: checkpoints and restarts)",
                     "s", "overhead, {}"},
                });
  s.metric("time_optimum", &Metrics::time_optimum,
           "the optimum plan's Eq. 5.2 time (truth), optimal over the intervals as Box Elimination times them", "s")
      .label("plan time, optimum");
  s.metric("intervals_optimum", &Metrics::intervals_optimum, "the optimum plan's intervals")
      .label("intervals, optimum")
      .unitless();
  s.metric("overhead_optimum", &Metrics::overhead_optimum, "the optimum plan's time spent rescheduling", "s")
      .label("overhead, optimum");
  s.metric("time_single", &Metrics::time_single, "one schedule for the whole run (never rescheduling)", "s")
      .label("plan time, single schedule");
  s.metric("gain_optimum", &Metrics::gain_optimum, "100 (single - optimum) / single: what rescheduling can gain", "%")
      .label("gain of rescheduling");
  s.metric("interval_schedules", &Metrics::interval_schedules, "intervals scheduled by Box Elimination (all planners)")
      .label("intervals scheduled")
      .unitless();
  s.metric("max_bandwidth", &Metrics::max_bandwidth, "the drawn link capacity", "Mbit/s").label("link capacity");
  s.metric("phases", &Metrics::phases, "the application's phases").label("phases").unitless();
  s.metric("time_exact_optimum", &Metrics::time_exact_optimum,
           "the optimum plan with every interval on its best schedule (every machine subset tried; clusters of at "
           "most 16 machines, else empty)",
           "s")
      .label("plan time, exact optimum");
  s.metric("interval_excess_max", &Metrics::interval_excess_max,
           "the worst interval: 100 (its Box Elimination time - its best schedule's) / its best schedule's (clusters "
           "of at most 16 machines, else empty)",
           "%")
      .label("worst interval excess");
  s.primary("time_optimum");
}

}  // namespace

const ModelSchema<Params, Metrics>& rescheduling_plan_schema() { return schema_of(declare); }

namespace {

// The user's phases (application: custom), each speedup list of one value or one per phase.
PhasedApplication custom_application(const Params& p)
{
  const std::size_t n = p.phase_computation.size();
  auto growth_of      = [&](const std::vector<std::string>& list, std::size_t k) {
    return scheduling::parse_growth(list.size() == 1 ? list[0] : list[k]);
  };
  std::vector<PerformanceModel> phases;
  for (std::size_t k = 0; k < n; ++k)
    phases.push_back(phase_model(kCustom,
                                 reference_step(p.phase_computation[k], growth_of(p.phase_computation_speedup, k),
                                                p.phase_communication[k], growth_of(p.phase_communication_speedup, k)),
                                 1, 1));
  return PhasedApplication(kCustom, std::move(phases));
}

void check_custom_phases(const Params& p)
{
  const std::size_t n = p.phase_computation.size();  // for application: custom alone, as long as phase_communication
  if (p.application != kCustom)                      // (declared rules)
    return;
  if (n == 0)
    throw ParamError("phase_computation", "application: custom needs its phases: phase_computation (and "
                                          "phase_communication), one value per phase");
  for (const auto& [name, list] : {std::pair{"phase_computation_speedup", &p.phase_computation_speedup},
                                   std::pair{"phase_communication_speedup", &p.phase_communication_speedup}})
    if (list->size() != 1 && list->size() != n)
      throw ParamError(name,
                       fmt::format("has {} values: give one for every phase or one per phase ({})", list->size(), n));
  for (std::size_t k = 0; k < n; ++k)
    if (p.phase_computation[k] + p.phase_communication[k] <= 0)
      throw ParamError("phase_computation",
                       fmt::format("phase {} takes no time (computation and communication 0)", k + 1));
}

PhasedApplication application_of(const Params& p)
{
  return p.application == kCustom ? custom_application(p) : phased_applications().get(p.application);
}

// The longest any interval can take: the whole run on every machine at the lowest CPU and bandwidth the draw
// allows. Box Elimination's schedules are never slower than that one, so a t_thres at or above it leaves no valid
// interval, and no plan.
double longest_interval(const Params& p, const PhasedApplication& app)
{
  const std::vector<double>& capacities =
      p.max_bandwidths.empty() ? scheduling::thesis_max_bandwidths() : p.max_bandwidths;
  double slowest_link = p.link_share_low * *std::min_element(capacities.begin(), capacities.end());
  return app.whole().time(static_cast<std::size_t>(p.machines), p.cpu_low, slowest_link);
}

struct Decisions {
  std::vector<std::pair<std::string, IntervalPlan>> plans;  // in the order the planners were named
  IntervalPlan optimum, single;
  // What executing them needs: each plan as segments (the planners', the optimum, the single schedule), the
  // drawn cluster and the application.
  std::vector<MalleableRun> runs;
  std::shared_ptr<const ClusterState> state;
  PhasedApplication app;
  std::size_t interval_schedules = 0;
  double max_bandwidth           = 0;
  // On a cluster small enough to try every machine subset: the optimum over exact interval times, and how far BE's
  // worst interval is from its best schedule. NaN otherwise.
  double exact_optimum = std::nan(""), interval_excess = std::nan("");
};

// A single-cluster plan as the segments an executed run goes through: each interval on its Box Elimination
// schedule, every marker a reschedule.
MalleableRun run_of(IntervalScheduler& intervals, const IntervalPlan& plan)
{
  MalleableRun run;
  std::size_t first = 0;
  for (std::size_t end : plan.ends) {
    RunSegment seg;
    seg.first      = first;
    seg.last       = end;
    seg.machines   = intervals.at(first, end).schedule;
    seg.reschedule = first > 0;
    run.push_back(std::move(seg));
    first = end;
  }
  return run;
}

// One face's times: each plan's, in the order of Decisions::runs, and the time it spent rescheduling.
struct FaceTimes {
  std::vector<double> time, overhead;
};

class ReschedulingPlanModel : public TypedModel<Params, Metrics, Decisions> {
public:
  ReschedulingPlanModel() : TypedModel(rescheduling_plan_schema()) {}

protected:
  void check(const Params& p) const override
  {
    check_custom_phases(p);
    check_execution(p);
    PhasedApplication app = application_of(p);
    if (p.truth == "brute-force" && app.phases() > brute_force_phase_limit)
      throw ParamError("truth", fmt::format("brute force enumerates 2^(n-1) plans: at most {} phases, {} has {} "
                                            "(truth: optimal gives the same optimum)",
                                            brute_force_phase_limit, app.name(), app.phases()));
    for (const std::string& name : p.planners)
      if (name == "brute-force" && app.phases() > brute_force_phase_limit)
        throw ParamError("planners", fmt::format("brute-force takes at most {} phases, {} has {}",
                                                 brute_force_phase_limit, app.name(), app.phases()));
    double longest = longest_interval(p, app);
    if (p.t_thres >= longest)
      throw ParamError("t_thres", fmt::format("no interval can take longer than {:.0f} s ({} on all {} machines at "
                                              "the lowest CPU and bandwidth), so none would be valid; t_thres is {}",
                                              longest, app.name(), p.machines, p.t_thres));
  }

  // Box Elimination on up to 5 050 intervals of 512 machines takes seconds: in workers, spread by --jobs.
  FaceNeeds predicted_face_needs(const Params&) const override { return FaceNeeds::heavy(); }

  Decisions decide(const Params& p, const PointInfo& at, const SimulationContext&) const override
  {
    Decisions out;
    out.app = application_of(p);
    // The cluster comes from the point's seed alone, so every planner (and every rcost, with same_seed_across)
    // sees the same one.
    SeededRandom random = SeedStream(at.seed).child(StreamSalt{"cluster", 0x5c4ed}).random();
    const std::vector<double>& capacities =
        p.max_bandwidths.empty() ? scheduling::thesis_max_bandwidths() : p.max_bandwidths;
    scheduling::UniformLoadDraw draw =
        uniform_load_draw(p, static_cast<std::size_t>(p.machines), capacities[random.below(capacities.size())]);
    out.state = std::make_shared<const ClusterState>(scheduling::draw_uniform_load_state(draw, random));

    IntervalScheduler intervals(*out.state, out.app, SeedStream(at.seed).child(StreamSalt{"intervals", 0xbe}).seed());
    PlanSettings settings{p.rcost, p.t_thres};
    PlanSettings seen{p.planners_see_rcost ? p.rcost : 0, p.t_thres};  // what the heuristics plan with
    for (const std::string& name : p.planners) {
      SeededRandom planner_random = SeedStream(at.seed).child(name).random();
      IntervalPlan plan           = planners().get(name)(intervals, seen, planner_random);
      out.plans.emplace_back(name, plan_of(intervals, plan.ends, settings));  // scored with the real rcost
    }
    SeededRandom unused(0);
    out.optimum = planners().get(p.truth)(intervals, settings, unused);
    out.single  = single_interval_plan(intervals, settings);
    for (const auto& [name, plan] : out.plans)
      out.runs.push_back(run_of(intervals, plan));
    out.runs.push_back(run_of(intervals, out.optimum));
    out.runs.push_back(run_of(intervals, out.single));
    out.interval_schedules = intervals.scheduled();
    out.max_bandwidth      = draw.max_bandwidth;
    if (out.state->machines() <= exact_interval_machine_limit) {
      IntervalScheduler exact(*out.state, out.app, 0, exact_interval);
      out.exact_optimum   = optimal_plan(exact, settings).time;
      out.interval_excess = 0;
      for (std::size_t first = 0; first < out.app.phases(); ++first)
        for (std::size_t last = first + 1; last <= out.app.phases(); ++last) {
          double best         = exact.at(first, last).time;
          out.interval_excess = std::max(out.interval_excess, 100 * (intervals.at(first, last).time - best) / best);
        }
    }
    return out;
  }

  void predict(const Params& p, const Decisions& o, Face<Metrics>& out) const override
  {
    FaceTimes times;
    auto add = [&](const IntervalPlan& plan) {
      times.time.push_back(plan.time);
      times.overhead.push_back(p.rcost * static_cast<double>(plan.intervals() - 1));
    };
    for (const auto& [name, plan] : o.plans)
      add(plan);
    add(o.optimum);
    add(o.single);
    fill(o, times, out);
  }

  // Every plan executed side by side on its own copy of the drawn cluster: the same metrics, measured.
  void simulate(const Params& p, Decisions& o, const SimulationContext& context, Face<Metrics>& out) const override
  {
    MalleableGrid grid;
    grid.apps          = {o.app};
    grid.storage_mbps  = {o.max_bandwidth};
    grid.state         = [&o](std::size_t, std::size_t) { return o.state; };
    grid.checkpoint_mb = p.checkpoint_mb;
    grid.restart_s     = p.restart;
    FaceTimes times;
    std::vector<std::string> names;
    for (const auto& [name, plan] : o.plans)
      names.push_back(name);
    names.insert(names.end(), {"optimum", "single schedule"});
    for (const ExecutedRun& run : execute_runs(grid, o.runs, context, names)) {
      times.time.push_back(run.time);
      times.overhead.push_back(run.reschedule_time);
    }
    fill(o, times, out);
  }

private:
  static void fill(const Decisions& o, const FaceTimes& t, Metrics& out)
  {
    const std::size_t optimum = o.plans.size(), single = optimum + 1;
    for (std::size_t k = 0; k < o.plans.size(); ++k) {
      const IntervalPlan& plan = o.plans[k].second;
      PlanMetrics& row         = out.planners[o.plans[k].first];
      row.time                 = t.time[k];
      row.intervals            = static_cast<double>(plan.intervals());
      row.gap                  = 100 * (t.time[k] - t.time[optimum]) / t.time[optimum];
      row.valid                = plan.valid() ? 1 : 0;
      row.overhead             = t.overhead[k];
    }
    out.time_optimum        = t.time[optimum];
    out.intervals_optimum   = static_cast<double>(o.optimum.intervals());
    out.overhead_optimum    = t.overhead[optimum];
    out.time_single         = t.time[single];
    out.gain_optimum        = 100 * (t.time[single] - t.time[optimum]) / t.time[single];
    out.interval_schedules  = static_cast<double>(o.interval_schedules);
    out.max_bandwidth       = o.max_bandwidth;
    out.phases              = static_cast<double>(o.app.phases());
    out.time_exact_optimum  = o.exact_optimum;  // both faces: a model quantity, like the plans' intervals
    out.interval_excess_max = o.interval_excess;
  }
};

}  // namespace

std::unique_ptr<Model> make_rescheduling_plan_model() { return std::make_unique<ReschedulingPlanModel>(); }

ISOGRID_MODEL("rescheduling-plan", make_rescheduling_plan_model);

}  // namespace isogrid::rescheduling
