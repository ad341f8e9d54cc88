#include "workloads/resource_selection/resource_selection_model.hpp"

#include "policies/scheduling/application_models.hpp"
#include "policies/scheduling/exhaustive.hpp"
#include "policies/scheduling/resource_selection.hpp"
#include "simulator/core/text.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/resource_selection/selection_setup.hpp"
#include "workloads/resource_selection/systolic_ring.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace isogrid::scheduling {

namespace {

std::vector<std::string> model_names()
{
  std::vector<std::string> out;
  for (const auto& e : application_models().entries())
    out.push_back(e.name);
  return out;
}

// FNV-1a: unlike std::hash, the same on every standard library.
std::uint64_t name_hash(const std::string& name)
{
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : name)
    h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

ModelInfo make_info()
{
  ModelInfo info;
  info.name = "resource-selection";
  info.summary = "Sanjay's ch. 4: SA, GA, ACO, B&B, DP and Box Elimination choose machines for an Eq. 4.1 model "
                 "on drawn single- or multi-cluster states, under one scheduling budget";
  info.source = "H. A. Sanjay, PhD thesis (IISc 2008), chapter 4";
  auto& P = info.params;
  P.push_back(word_choice("application", model_names(), "MD", "the Eq. 4.1 model (policies/scheduling/"
                                                               "application_models.cpp)"));
  P.push_back(nonnegative_real("problem_size", "N; 0: the application's thesis size (MD 2048, Eigen 10000, SSOR "
                                               "3328, IS 400000)", 0.0));
  P.push_back(free_text("schedulers", "sa, ga, aco, bb, dp, be", "the resource-selection policies to race, "
                                                                 "comma-separated"));
  P.push_back(whole_number("machines", "machines per cluster (the lower end when machines_max is set)", 256.0));
  P.push_back(whole_number("machines_max", "0, or each cluster's size is U[machines, machines_max]", 0.0, 0));
  P.push_back(whole_number("clusters", "clusters (the lower end when clusters_max is set)", 1.0));
  P.push_back(whole_number("clusters_max", "0, or the cluster count is U[clusters, clusters_max]", 0.0, 0));
  P.push_back(free_text("scaling_factors", "1", "CPU scaling factors, one drawn per cluster; multiply the "
                                                "computation coefficients (thesis: 0.6, 0.8, 1, 1.2, 1.4)"));
  P.push_back(free_text("max_bandwidths", "", "link capacities in Mbit/s, one drawn per cluster; empty: the "
                                              "thesis's 100, 1000, 5000, 10000"));
  P.push_back(nonnegative_real("link_share_low", "a link's available bandwidth is U[low, high] of its capacity", 0.2));
  P.push_back(nonnegative_real("link_share_high", "see link_share_low", 0.8));
  P.push_back(word_choice("load_model", {"categories", "loaded-subset"}, "categories",
                          "categories: the simulations' light/medium/heavy machines and U[link_share_low, high] "
                          "links (Sec. 4.3.2); loaded-subset: the real-cluster experiment's loads (Sec. 4.3.1), "
                          "loaded_share of the machines at U[6.5 %, 72 %] CPU, 1-8 links at U[2 %, 80 %]"));
  P.push_back(nonnegative_real("loaded_share", "loaded-subset: the fraction of machines loaded", 0.5));
  P.push_back(nonnegative_real("light", "% of machines lightly loaded, available CPU U[0.701, 1]; light, medium "
                                        "and heavy all 0: a random mix per cluster, each share in [10, 80] %",
                               30.0));
  P.push_back(nonnegative_real("medium", "% of machines medium loaded, U[0.351, 0.7]", 40.0));
  P.push_back(nonnegative_real("heavy", "% of machines heavily loaded, U[0.05, 0.35]", 30.0));
  P.push_back(word_choice("dominant", {"none", "light", "medium", "heavy"}, "none",
                          "a category given dominant_share % of the machines, the other two half the rest each "
                          "(Figs. 4.10-4.14); none: light, medium and heavy as given"));
  P.push_back(nonnegative_real("dominant_share", "see dominant", 70.0));
  P.push_back(positive_real("scheduling_time", "the budget of each scheduler on each cluster (the thesis's alarm())",
                            25.0));
  P.back().unit = "s";
  P.push_back(word_choice("clock", {"work", "wall"}, "work",
                          "work: a reproducible budget of scheduling_time x work_per_second, an evaluation of P "
                          "machines costing P + P(P-1)/2 (its CPU and link reads); wall: real seconds on this "
                          "machine (results then depend on the machine and its load)"));
  P.push_back(positive_real("work_per_second",
                            "CPU and link reads per second of the thesis's 2008 scheduler host, not stated: at 3e6, "
                            "DP on 256 machines (30/40/30 mix) reaches its best size, about 130 machines, in 60-90 "
                            "s, where the thesis says it saturates", 3e6));
  P.push_back(nonnegative_real("error", "prediction error p: the schedulers see Eq. 4.1 times (1 + U[-p, p]); "
                                        "schedules are scored exactly", 0.0));
  P.push_back(whole_number("optimum_limit", "clusters up to this size also get the exhaustive optimum "
                                            "(time_optimum); 0: never", 0.0, 0));

  for (const auto& e : resource_selection_policies().entries()) {
    info.metrics.push_back({"time_" + e.name, "predicted time of " + e.name + "'s schedule (exact Eq. 4.1)", "s"});
    info.metrics.push_back({"processors_" + e.name, e.name + ": machines in the schedule", ""});
    info.metrics.push_back({"cpu_" + e.name, e.name + ": lowest available CPU in the schedule", ""});
    info.metrics.push_back({"bandwidth_" + e.name, e.name + ": lowest available bandwidth in the schedule", "Mbit/s"});
    info.metrics.push_back({"evaluations_" + e.name, e.name + ": Eq. 4.1 evaluations made (all clusters)", ""});
    info.metrics.push_back({"work_" + e.name, e.name + ": work spent, in CPU and link reads (all clusters)", ""});
    info.metrics.push_back({"cluster_" + e.name, e.name + ": index of the chosen cluster", ""});
  }
  info.metrics.push_back({"time_optimum", "the exhaustive optimum over every cluster (optimum_limit)", "s"});
  info.metrics.push_back({"best_other", "the lowest time of the schedulers other than be", "s"});
  info.metrics.push_back({"be_gain", "100 (best_other - time_be) / best_other: how much faster Box Elimination's "
                                     "schedule is than the best other's", "%"});
  info.metrics.push_back({"be_not_best", "1 when another scheduler's schedule is strictly faster than be's", ""});
  info.metrics.push_back({"cluster_count", "clusters drawn", ""});
  info.metrics.push_back({"machines_total", "machines over all clusters", ""});
  info.metrics.push_back({"weight_ratio", "max / min cluster weight (machines x scaling x light+medium share)", ""});
  info.metrics.push_back({"max_weight", "the largest cluster weight", ""});
  info.primary_metric = "time_be";
  // The simulated face runs each MD schedule as a systolic ring under exact network settings, so that it can be
  // held against Eq. 4.1; predict-only studies never start SimGrid.
  info.simgrid_config = sg::exact_network_config();
  return info;
}

// One point's race: the drawn grid and each scheduler's choice on it.
struct Race {
  SelectionSetup setup;  // its clusters' states and models are moved into the two vectors below
  std::vector<ClusterState> states;
  std::vector<PerformanceModel> models;
  std::vector<std::pair<std::string, ClusterChoice>> choices;  // in the order the schedulers were named
};

Race run_race(const Point& p)
{
  Race race{draw_selection_setup(p), {}, {}, {}};
  for (DrawnCluster& c : race.setup.clusters) {  // moved, not copied: a 1024-machine state holds 8 MiB of links
    race.states.push_back(std::move(c.state));
    race.models.push_back(std::move(c.model));
  }
  for (const std::string& name : race.setup.schedulers) {
    // Each scheduler's own random stream and error draws, from its name: the same whatever else runs.
    std::uint64_t salt = mix64(p.seed ^ name_hash(name));
    SeededRandom random(salt);
    race.choices.emplace_back(
        name, select_over_clusters(race.states, race.models, resource_selection_policies().get(name),
                                   [&](std::size_t c) { return race.setup.evaluator_options(mix64(salt + c)); },
                                   random));
  }
  return race;
}

// Box Elimination against the best of the others, from each scheduler's time on one face.
template <class Set>
void compare_with_be(const std::vector<std::pair<std::string, double>>& times, Set& set)
{
  double be = std::numeric_limits<double>::quiet_NaN(), best_other = std::numeric_limits<double>::infinity();
  for (const auto& [name, t] : times)
    if (name == "be")
      be = t;
    else
      best_other = std::min(best_other, t);
  if (!std::isfinite(best_other))
    return;
  set("best_other", best_other);
  set("be_gain", 100 * (best_other - be) / best_other);
  set("be_not_best", std::isnan(be) ? be : (best_other < be ? 1.0 : 0.0));
}

// The systolic ring of each scheduler's MD schedule: its machines in index order, each linked to the next.
SystolicRing ring_of(const Race& race, const ClusterChoice& choice)
{
  const ClusterState& state = race.states[choice.cluster];
  const PerformanceModel& model = race.models[choice.cluster];
  const Schedule& s = choice.result.schedule;
  SystolicRing ring;
  for (std::size_t i = 0; i < s.size(); ++i) {
    ring.cpu.push_back(state.cpu(s[i]));
    if (s.size() > 1)
      ring.bandwidth.push_back(state.bandwidth(s[i], s[(i + 1) % s.size()]));
  }
  const double p = static_cast<double>(s.size());
  ring.computation_seconds = model.cpu_scaling * complexity(model.computation, model.problem_size) / p;
  ring.communication_mbit = complexity(model.communication, model.problem_size);
  return ring;
}

class ResourceSelectionModel : public Model {
public:
  const ModelInfo& info() const override { return info_; }

  void check(const Point& p) const override { check_selection_point(p); }

  // A race on 1024 machines takes seconds: in the process pool, points run in parallel under --jobs.
  bool predict_needs_simulator(const Point&) const override { return true; }

  void predict(const Point& p, Outcome& out) const override { fill_predicted(p, run_race(p), out); }

  // The predicted face, then each scheduler's MD schedule run as a systolic ring on SimGrid (Fig. 4.9's check of
  // predicted against actual times).
  void simulate(const Point& p, const SimulationContext& context, Outcome& out) const override
  {
    Race race = run_race(p);
    fill_predicted(p, race, out);
    if (!context.simulated_face)
      return;
    if (p.text("application") != "MD")
      throw ParamError("application", "the simulated check runs MD's systolic ring only; application is " +
                                          p.text("application") + " (use mode: predict)");
    std::vector<SystolicRing> rings;
    for (const auto& [name, choice] : race.choices)
      rings.push_back(ring_of(race, choice));
    std::vector<double> makespans = run_systolic_rings(rings, context);
    out.simulated = out.predicted;
    out.simulated[metric_index("time_optimum")] = std::numeric_limits<double>::quiet_NaN();  // not simulated
    std::vector<std::pair<std::string, double>> times;
    for (std::size_t k = 0; k < race.choices.size(); ++k) {
      out.simulated[metric_index("time_" + race.choices[k].first)] = makespans[k];
      times.emplace_back(race.choices[k].first, makespans[k]);
    }
    auto set = [&](const std::string& metric, double v) { out.simulated[metric_index(metric)] = v; };
    compare_with_be(times, set);
  }

private:
  void fill_predicted(const Point& p, const Race& race, Outcome& out) const
  {
    auto set = [&](const std::string& metric, double v) { out.predicted[metric_index(metric)] = v; };
    std::vector<std::pair<std::string, double>> times;
    for (const auto& [name, choice] : race.choices) {
      const ScheduleResult& r = choice.result;
      set("time_" + name, r.time);
      set("processors_" + name, static_cast<double>(r.traits.processors));
      set("cpu_" + name, r.traits.cpu);
      set("bandwidth_" + name, r.traits.bandwidth);
      set("evaluations_" + name, static_cast<double>(choice.evaluations));
      set("work_" + name, choice.work);
      set("cluster_" + name, static_cast<double>(choice.cluster));
      times.emplace_back(name, r.time);
    }
    compare_with_be(times, set);
    fill_optimum(p, race.states, race.models, set);

    double total = 0, low = std::numeric_limits<double>::infinity(), high = 0;
    for (std::size_t c = 0; c < race.states.size(); ++c) {
      total += static_cast<double>(race.states[c].machines());
      low = std::min(low, race.setup.clusters[c].weight);
      high = std::max(high, race.setup.clusters[c].weight);
    }
    set("cluster_count", static_cast<double>(race.setup.clusters.size()));
    set("machines_total", total);
    set("weight_ratio", low > 0 ? high / low : std::numeric_limits<double>::quiet_NaN());
    set("max_weight", high);
  }

  template <class Set>
  static void fill_optimum(const Point& p, const std::vector<ClusterState>& states,
                           const std::vector<PerformanceModel>& models, Set& set)
  {
    auto limit = static_cast<std::size_t>(p.integer("optimum_limit"));
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t c = 0; c < states.size(); ++c) {
      if (states[c].machines() > std::min(limit, exhaustive_machine_limit))
        return;  // one cluster too large: no optimum for the set-up
      Evaluator evaluate(states[c], models[c]);
      best = std::min(best, exhaustive_optimum(evaluate).time);
    }
    set("time_optimum", best);
  }

  ModelInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Model> make_resource_selection_model() { return std::make_unique<ResourceSelectionModel>(); }

}  // namespace isogrid::scheduling
