#include "policies/scheduling/simulated_annealing.hpp"

#include "policies/scheduling/search_support.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace isogrid::scheduling {

namespace {

// Lines 2-5: every machine's Eq. 4.1 time alone, fastest first (ties: the lower index). A machine alone has no
// link, so its communication term is 0 and the ranking is by available CPU; the thesis's "average bandwidth of
// links to i" (state.mean_bandwidth) never enters Eq. 4.1 at P = 1. These evaluations count against the budget
// like any other, the first whatever the budget (so there is always a schedule to return); empty when the budget
// ran out before every machine was ranked.
std::vector<std::size_t> ranking(Evaluator& evaluate)
{
  const std::size_t n = evaluate.state().machines();
  std::vector<double> alone(n);
  for (std::size_t m = 0; m < n; ++m) {
    if (m > 0 && evaluate.exhausted())
      return {};
    alone[m] = evaluate(Schedule{m});
  }
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return alone[a] < alone[b]; });
  return order;
}

// Entry p: the slowest link among the first p machines of `order`. O(n^2) for every prefix together, where
// starting each size's schedule (line 7) from scratch would cost O(procs^2) per size.
std::vector<SlowestLink> prefix_slowest_links(const ClusterState& state, const std::vector<std::size_t>& order)
{
  std::vector<SlowestLink> prefix(order.size() + 1);
  for (std::size_t p = 1; p < order.size(); ++p) {
    prefix[p + 1]     = prefix[p];
    const double* row = state.bandwidth_row(order[p]);
    for (std::size_t j = 0; j < p; ++j)
      if (row[order[j]] < prefix[p + 1].bandwidth)
        prefix[p + 1] = {row[order[j]], order[p], order[j]};
  }
  return prefix;
}

// Lines 9-32 at one size, from `schedule` (already evaluated at `current`) with the machines `outside` it.
// Returns false when the budget ran out.
bool anneal(SwapSchedule& schedule, std::vector<std::size_t>& outside, double current, Evaluator& evaluate,
            SeededRandom& random, const SaOptions& o)
{
  double previous    = current;             // erratum 2: the thesis reads it before any acceptance sets it
  Schedule candidate = schedule.members();  // the evaluator is shown the swapped schedule; kept equal otherwise
  for (double temperature = o.initial_temperature; temperature >= o.final_temperature; temperature *= o.cooling) {
    int accepts = 0;
    for (int step = 0; step < o.steps_per_temperature; ++step) {
      if (evaluate.exhausted())
        return false;
      // Line 13: a random member leaves, a random outsider comes in.
      std::size_t k = random.below(candidate.size()), out = random.below(outside.size());
      const SwapSchedule::Removal removal = schedule.remove(k);
      candidate[k]                        = outside[out];
      double time                         = evaluate(candidate, schedule.traits_swapped(removal, outside[out]));
      bool accept                         = time < current;
      if (!accept) {
        double exponent =
            o.acceptance == SaAcceptance::Thesis ? (previous - current) / temperature : (current - time) / temperature;
        accept = random.uniform() < std::exp(exponent);
      }
      if (accept) {
        previous     = current;
        current      = time;
        outside[out] = schedule.members()[k];  // the leaving member
        schedule.swap(removal, candidate[k]);
        accepts += 1;
      } else {
        candidate[k] = schedule.members()[k];  // undo the swap
      }
    }
    // Line 29: leave this size once the schedule got worse or the level accepted much.
    if (current > previous || accepts > o.accept_limit)
      break;
  }
  return true;
}

}  // namespace

ScheduleResult simulated_annealing(Evaluator& evaluate, SeededRandom& random, const SaOptions& o)
{
  if (!(o.cooling > 0 && o.cooling < 1) || !(o.final_temperature > 0) || o.initial_temperature < o.final_temperature)
    throw std::invalid_argument("simulated annealing needs 0 < cooling < 1 and 0 < final <= initial temperature");
  const ClusterState& state      = evaluate.state();
  const std::size_t n            = state.machines();
  std::vector<std::size_t> order = ranking(evaluate);
  if (order.empty())
    return evaluate.result();
  std::vector<SlowestLink> prefix = prefix_slowest_links(state, order);

  for (std::size_t procs = n; procs >= 2 && !evaluate.exhausted(); --procs) {
    // Lines 7-8: the procs best-ranked machines. The thesis keeps no best across sizes; the evaluator does.
    const auto first = order.begin() + static_cast<std::ptrdiff_t>(procs);
    SwapSchedule schedule(state, Schedule(order.begin(), first), prefix[procs]);
    std::vector<std::size_t> outside(first, order.end());
    double current = evaluate(schedule.members(), schedule.traits());
    if (outside.empty())
      continue;  // every machine is in: there is nothing to swap
    if (!anneal(schedule, outside, current, evaluate, random, o))
      break;
  }
  return evaluate.result();
}

}  // namespace isogrid::scheduling
