#pragma once
// MCRPAlgo (Sanjay Fig. 5.6): a rescheduling plan over a multi-cluster grid, where each interval runs inside one
// cluster. It is built one interval at a time, and the loads are re-drawn after each one is committed (§5.5.2):
//  1. a single-cluster planner (Incremental, Division or genetic) plans the remaining phases on every cluster;
//  2. the next interval is the shortest of those plans' first intervals that is valid on every cluster (erratum 13:
//     the pseudo-code mixes the cluster and interval indices), or all the remaining phases if none is;
//  3. Box Elimination schedules it on every cluster; the interval then runs the cheapest of
//     - on the previous interval's machines, under the new loads (no reschedule, no cost);
//     - on its best schedule in the previous cluster, plus the intra-cluster cost;
//     - on the best schedule of all clusters, plus the inter-cluster cost of moving there (the prose puts that cost
//       on the wrong term: erratum 13). The first interval takes the best schedule of all clusters.
// The baseline is one schedule for the whole run: the best one over all clusters under the first loads, kept
// whatever the loads do. The loads it meets change at every phase boundary, drawn from the same sequence: under
// loads re-drawn uniformly, what a phase costs on a fixed machine set does not depend on where the draws happen.
#include "policies/rescheduling/planners.hpp"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace isogrid::rescheduling {

struct GridLoads {
  std::vector<ClusterState> clusters;  // one state per cluster of the grid, in grid order
};

// The grid's loads at step k: k = 0 when the run starts, k after the k-th reschedule (or, for the single
// schedule, before phase k). Must give the same loads for the same k.
using LoadSteps = std::function<GridLoads(std::size_t step)>;

// The loads of each step made once and kept with their Box Elimination mappings: every planner that walks the
// same steps (and the single schedule's first choice) pays for a step's states and mappings once.
class SharedLoads {
public:
  explicit SharedLoads(LoadSteps loads) : loads_(std::move(loads)) {}
  const GridLoads& at(std::size_t step);
  scheduling::MappingCache& mappings(std::size_t step, std::size_t cluster);
  // The loads of a step drawn afresh and not kept (the single schedule meets one per phase).
  GridLoads draw(std::size_t step) const { return loads_(step); }

private:
  struct Step {
    GridLoads loads;
    std::vector<std::unique_ptr<scheduling::MappingCache>> mappings;  // made when first asked for
  };
  Step& step(std::size_t k);

  LoadSteps loads_;
  std::map<std::size_t, std::unique_ptr<Step>> steps_;
};

struct Placement {
  std::size_t cluster = 0;
  Schedule schedule;
};

struct MultiClusterSettings {
  double t_thres    = 1200;                     // s: a valid interval takes longer
  double intra_cost = 300;                      // s: stop, checkpoint and restart within a cluster
  std::vector<std::vector<double>> inter_cost;  // s: [from][to], moving the run between clusters
  IntervalPolicy interval_policy;               // how an interval is scheduled on a cluster; empty: Box Elimination
  // s per cluster: what starting there costs besides the move, paid at the run's start and at every restart there (a
  // batch cluster's predicted queue wait: a restart queues again; Sanjay, Sec. 6.4, compares batch clusters on
  // predicted time plus predicted wait). Empty: nothing.
  std::vector<double> entry_cost;
  // The run's present machines when the plan is rebuilt mid-run (MerITA rebuilds it periodically): its first
  // interval is then a stay on them, a reschedule within their cluster or a move, priced as later intervals are.
  std::optional<Placement> running;
};

enum class Move { First, Stay, WithinCluster, ToCluster };
const char* move_name(Move m);

struct MultiClusterInterval {
  std::size_t first = 0, last = 0;  // phases first .. last - 1
  std::size_t cluster = 0;
  Schedule schedule;
  double time = 0;  // on its schedule, under its step's loads
  double cpu  = 0;  // the lowest available CPU of its machines under its step's loads
  double cost = 0;  // paid before it starts (intra or inter)
  Move move   = Move::First;
};

struct MultiClusterPlan {
  std::vector<MultiClusterInterval> intervals;
  double time             = 0;  // every interval's time and cost
  std::size_t inter_moves = 0, intra_moves = 0;
};

// `apps[c]` is the application on cluster c (its computation scaled by the cluster's CPU factor); every one has the
// same phases. `scrp` is the single-cluster planner, `seed` feeds its and Box Elimination's draws.
MultiClusterPlan multi_cluster_plan(const std::vector<PhasedApplication>& apps, SharedLoads& loads, const Planner& scrp,
                                    const MultiClusterSettings& settings, std::uint64_t seed);

struct SingleSchedule {
  std::size_t cluster = 0;
  Schedule schedule;
  double time = 0;                // every phase under its own step's loads
  std::vector<double> phase_cpu;  // per phase: the lowest available CPU of its machines under that phase's loads
};

// The cluster and schedule of the whole run chosen at step 0 on its time plus `entry_cost` (as MultiClusterSettings'),
// kept for every phase.
SingleSchedule single_schedule(const std::vector<PhasedApplication>& apps, SharedLoads& loads, std::uint64_t seed,
                               const IntervalPolicy& interval_policy = {}, const std::vector<double>& entry_cost = {});

}  // namespace isogrid::rescheduling
