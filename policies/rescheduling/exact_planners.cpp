// The ground truth the planners are measured against: every plan (as the thesis does for 15 phases), and the
// same optimum as a shortest path, which reaches the 50 and 100 phases brute force cannot.
#include "policies/rescheduling/planners.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dag_shortest_paths.hpp>

#include <stdexcept>
#include <string>

namespace isogrid::rescheduling {

IntervalPlan brute_force_plan(IntervalScheduler& intervals, const PlanSettings& settings)
{
  const std::size_t n = intervals.phases();
  if (n > brute_force_phase_limit)
    throw std::invalid_argument("brute force enumerates 2^(n-1) plans: at most " +
                                std::to_string(brute_force_phase_limit) + " phases, " + intervals.application().name() +
                                " has " + std::to_string(n) + " (the optimal planner gives the same optimum)");
  IntervalPlan best         = single_interval_plan(intervals, settings);
  const std::uint64_t plans = std::uint64_t{1} << (n - 1);
  std::vector<std::size_t> ends;
  for (std::uint64_t markers = 1; markers < plans; ++markers) {
    ends.clear();
    for (std::size_t k = 0; k + 1 < n; ++k)
      if ((markers >> k) & 1u)
        ends.push_back(k + 1);
    ends.push_back(n);
    IntervalPlan plan = plan_of(intervals, ends, settings);
    if (plan.valid() && better_plan(plan, best))
      best = std::move(plan);
  }
  return best.valid() ? best : single_interval_plan(intervals, settings);
}

IntervalPlan optimal_plan(IntervalScheduler& intervals, const PlanSettings& settings)
{
  using Graph         = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                      boost::property<boost::edge_weight_t, double>>;
  using Vertex        = boost::graph_traits<Graph>::vertex_descriptor;
  const std::size_t n = intervals.phases();
  // Vertex k is the boundary before phase k; a path from 0 to n is a plan, its length Eq. 5.2 plus one rcost.
  Graph graph(n + 1);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j <= n; ++j) {
      double t = intervals.at(i, j).time;
      if (t > settings.t_thres)
        boost::add_edge(i, j, t + settings.rcost, graph);
    }
  std::vector<Vertex> previous(n + 1);
  std::vector<double> distance(n + 1);
  boost::dag_shortest_paths(graph, 0, boost::predecessor_map(previous.data()).distance_map(distance.data()));
  if (previous[n] == n)
    return single_interval_plan(intervals, settings);  // n unreached (its own predecessor): no valid plan
  std::vector<std::size_t> ends;
  for (Vertex v = n; v != 0; v = previous[v])
    ends.insert(ends.begin(), v);
  return plan_of(intervals, std::move(ends), settings);
}

}  // namespace isogrid::rescheduling
