#include "policies/rescheduling/multi_cluster.hpp"

#include <algorithm>
#include <limits>
#include <memory>
#include <stdexcept>

namespace isogrid::rescheduling {

const char* move_name(Move m)
{
  switch (m) {
    case Move::First: return "first";
    case Move::Stay: return "stay";
    case Move::WithinCluster: return "within-cluster";
    case Move::ToCluster: return "to-cluster";
  }
  return "?";
}

namespace {

void check_entry_costs(const std::vector<double>& entry_cost, std::size_t clusters)
{
  if (!entry_cost.empty() && entry_cost.size() != clusters)
    throw std::invalid_argument("entry_cost needs one value per cluster, or none");
  for (double c : entry_cost)
    if (!(c >= 0))
      throw std::invalid_argument("an entry cost must be >= 0");
}

double entry(const std::vector<double>& entry_cost, std::size_t cluster)
{
  return entry_cost.empty() ? 0 : entry_cost[cluster];
}

void check_grid(const std::vector<PhasedApplication>& apps, const MultiClusterSettings& settings)
{
  if (apps.empty())
    throw std::invalid_argument("a multi-cluster plan needs at least one cluster");
  for (const PhasedApplication& app : apps)
    if (app.phases() != apps[0].phases())
      throw std::invalid_argument("every cluster runs the same phases");
  if (settings.inter_cost.size() != apps.size())
    throw std::invalid_argument("inter_cost needs one row per cluster");
  for (const auto& row : settings.inter_cost)
    if (row.size() != apps.size())
      throw std::invalid_argument("inter_cost needs one column per cluster");
  check_entry_costs(settings.entry_cost, apps.size());
  if (settings.running && settings.running->cluster >= apps.size())
    throw std::invalid_argument("the run's present cluster is not in the grid");
}

void check_loads(const GridLoads& grid, std::size_t clusters)
{
  if (grid.clusters.size() != clusters)
    throw std::invalid_argument("the loads give " + std::to_string(grid.clusters.size()) + " clusters, not " +
                                std::to_string(clusters));
}

std::unique_ptr<IntervalScheduler> scheduler(SharedLoads& loads, std::size_t step, std::size_t cluster,
                                             const PhasedApplication& app, std::uint64_t seed,
                                             const IntervalPolicy& policy)
{
  const ClusterState& state = loads.at(step).clusters[cluster];
  return policy ? std::make_unique<IntervalScheduler>(state, app, seed, policy)
                : std::make_unique<IntervalScheduler>(state, app, seed, loads.mappings(step, cluster));
}

}  // namespace

SharedLoads::Step& SharedLoads::step(std::size_t k)
{
  auto& slot = steps_[k];
  if (!slot) {
    slot        = std::make_unique<Step>();
    slot->loads = loads_(k);
    slot->mappings.resize(slot->loads.clusters.size());
  }
  return *slot;
}

const GridLoads& SharedLoads::at(std::size_t k) { return step(k).loads; }

scheduling::MappingCache& SharedLoads::mappings(std::size_t k, std::size_t cluster)
{
  Step& s    = step(k);
  auto& slot = s.mappings.at(cluster);
  if (!slot)
    slot = std::make_unique<scheduling::MappingCache>(s.loads.clusters[cluster]);
  return *slot;
}

MultiClusterPlan multi_cluster_plan(const std::vector<PhasedApplication>& apps, SharedLoads& loads, const Planner& scrp,
                                    const MultiClusterSettings& settings, std::uint64_t seed)
{
  check_grid(apps, settings);
  const std::size_t n = apps[0].phases(), clusters = apps.size();
  MultiClusterPlan plan;
  std::size_t start = 0;
  for (std::size_t step = 0; start < n; ++step) {
    const GridLoads& grid = loads.at(step);
    check_loads(grid, clusters);
    // Lines 4-6: a single-cluster plan of the remaining phases on every cluster, under this step's loads.
    std::vector<PhasedApplication> rest;
    std::vector<std::unique_ptr<IntervalScheduler>> intervals;
    rest.reserve(clusters);
    std::vector<std::size_t> first_lengths;
    for (std::size_t c = 0; c < clusters; ++c) {
      rest.push_back(apps[c].tail(start));
      std::uint64_t stream = SeedStream(seed).nth((static_cast<std::uint64_t>(step) << 20) | c).seed();
      intervals.push_back(scheduler(loads, step, c, rest[c], stream, settings.interval_policy));
      SeededRandom random(mix64(stream + 1));
      // What a reschedule costs inside cluster c: a restart there, queueing again on a batch cluster.
      const PlanSettings within{settings.intra_cost + entry(settings.entry_cost, c), settings.t_thres};
      first_lengths.push_back(scrp(*intervals[c], within, random).ends.front());
    }
    // Lines 7-17: the shortest first interval valid on every cluster.
    std::sort(first_lengths.begin(), first_lengths.end());
    first_lengths.erase(std::unique(first_lengths.begin(), first_lengths.end()), first_lengths.end());
    std::size_t length = n - start;
    for (std::size_t candidate : first_lengths) {
      bool valid = std::all_of(intervals.begin(), intervals.end(),
                               [&](const auto& s) { return s->at(0, candidate).time > settings.t_thres; });
      if (valid) {
        length = candidate;
        break;
      }
    }
    // Lines 18-24: its best schedule on every cluster, and the best of all.
    auto priced      = [&](std::size_t c) { return intervals[c]->at(0, length).time + entry(settings.entry_cost, c); };
    std::size_t best = 0;
    for (std::size_t c = 1; c < clusters; ++c)
      if (priced(c) < priced(best))
        best = c;
    MultiClusterInterval next;
    next.first = start;
    next.last  = start + length;
    auto take  = [&](std::size_t c, Move move, double cost) {
      const IntervalSchedule& s = intervals[c]->at(0, length);
      next.cluster              = c;
      next.schedule             = s.schedule;
      next.time                 = s.time;
      next.cpu                  = s.traits.cpu;
      next.cost                 = cost;
      next.move                 = move;
    };
    if (plan.intervals.empty() && !settings.running) {
      take(best, Move::First, entry(settings.entry_cost, best));
    } else {
      // Lines 29-42: stay on the previous machines, reschedule within their cluster, or move to the best cluster.
      const Placement previous  = plan.intervals.empty()
                                      ? *settings.running
                                      : Placement{plan.intervals.back().cluster, plan.intervals.back().schedule};
      const std::size_t here    = previous.cluster;
      const ScheduleTraits kept = traits_of(grid.clusters[here], previous.schedule);
      double stay               = rest[here].interval(0, length).time(kept);
      const double restart      = settings.intra_cost + entry(settings.entry_cost, here);
      double inside             = intervals[here]->at(0, length).time + restart;
      double move_cost = best == here ? restart : settings.inter_cost[here][best] + entry(settings.entry_cost, best);
      double moved     = intervals[best]->at(0, length).time + move_cost;
      if (stay <= inside && stay <= moved) {
        next.cluster  = here;
        next.schedule = previous.schedule;
        next.time     = stay;
        next.cpu      = kept.cpu;
        next.move     = Move::Stay;
      } else if (inside <= moved) {
        take(here, Move::WithinCluster, restart);
      } else {
        take(best, best == here ? Move::WithinCluster : Move::ToCluster, move_cost);
      }
    }
    plan.inter_moves += next.move == Move::ToCluster ? 1 : 0;
    plan.intra_moves += next.move == Move::WithinCluster ? 1 : 0;
    plan.time += next.time + next.cost;
    plan.intervals.push_back(std::move(next));
    start += length;
  }
  return plan;
}

SingleSchedule single_schedule(const std::vector<PhasedApplication>& apps, SharedLoads& loads, std::uint64_t seed,
                               const IntervalPolicy& interval_policy, const std::vector<double>& entry_cost)
{
  if (apps.empty())
    throw std::invalid_argument("a single schedule needs at least one cluster");
  check_entry_costs(entry_cost, apps.size());
  const std::size_t n    = apps[0].phases();
  const GridLoads& first = loads.at(0);
  check_loads(first, apps.size());
  SingleSchedule single;
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t c = 0; c < apps.size(); ++c) {
    auto intervals                = scheduler(loads, 0, c, apps[c], mix64(seed ^ c), interval_policy);
    const IntervalSchedule& whole = intervals->at(0, n);
    if (whole.time + entry(entry_cost, c) < best) {
      best            = whole.time + entry(entry_cost, c);
      single.cluster  = c;
      single.schedule = whole.schedule;
    }
  }
  for (std::size_t phase = 0; phase < n; ++phase) {
    GridLoads drawn       = phase == 0 ? GridLoads{} : loads.draw(phase);
    const GridLoads& grid = phase == 0 ? first : drawn;
    check_loads(grid, apps.size());
    const ScheduleTraits traits = traits_of(grid.clusters[single.cluster], single.schedule);
    single.time += apps[single.cluster].interval(phase, phase + 1).time(traits);
    single.phase_cpu.push_back(traits.cpu);
  }
  return single;
}

}  // namespace isogrid::rescheduling
