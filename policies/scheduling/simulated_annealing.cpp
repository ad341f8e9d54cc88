#include "policies/scheduling/simulated_annealing.hpp"

#include "policies/scheduling/schedule_links.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace isogrid::scheduling {

namespace {

// Lines 2-5: every machine's Eq. 4.1 time alone, fastest first (ties: the lower index). A machine alone has no
// link, so its communication term is 0 and the ranking is by available CPU; the thesis's "average bandwidth of
// links to i" never enters Eq. 4.1 at P = 1.
std::vector<std::size_t> ranking(Evaluator& evaluate)
{
  const std::size_t n = evaluate.state().machines();
  std::vector<double> alone(n);
  for (std::size_t m = 0; m < n; ++m)
    alone[m] = evaluate(Schedule{m});
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return alone[a] < alone[b]; });
  return order;
}

// The machines of a schedule and those outside it, for drawing a swap in O(1).
struct Partition {
  ScheduleLinks inside;
  std::vector<std::size_t> outside;
};

}  // namespace

ScheduleResult simulated_annealing(Evaluator& evaluate, SeededRandom& random, const SaOptions& o)
{
  if (!(o.cooling > 0 && o.cooling < 1) || !(o.final_temperature > 0) || o.initial_temperature < o.final_temperature)
    throw std::invalid_argument("simulated annealing needs 0 < cooling < 1 and 0 < final <= initial temperature");
  const ClusterState& state = evaluate.state();
  const std::size_t n = state.machines();
  std::vector<std::size_t> order = ranking(evaluate);
  if (n == 1)
    return evaluate.result();

  for (std::size_t procs = n; procs >= 2 && !evaluate.exhausted(); --procs) {
    // Lines 6-8: the procs best-ranked machines.
    Partition p{ScheduleLinks(state, Schedule(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(procs))),
                std::vector<std::size_t>(order.begin() + static_cast<std::ptrdiff_t>(procs), order.end())};
    double current = evaluate(p.inside.members(), p.inside.traits());
    double previous = current;  // erratum 2: the thesis reads it before any acceptance sets it
    if (p.outside.empty())
      continue;  // every machine is in: there is nothing to swap
    for (double temperature = o.initial_temperature; temperature >= o.final_temperature;
         temperature *= o.cooling) {
      int accepts = 0;
      for (int step = 0; step < o.steps_per_temperature; ++step) {
        if (evaluate.exhausted())
          return evaluate.result();
        // Line 13: a random member leaves, a random outsider comes in.
        std::size_t k = random.below(procs), out = random.below(p.outside.size());
        std::size_t leaving = p.inside.members()[k];
        p.inside.replace(k, p.outside[out]);
        double candidate = evaluate(p.inside.members(), p.inside.traits());
        bool accept = candidate < current;
        if (!accept) {
          double exponent = o.acceptance == SaAcceptance::Thesis ? (previous - current) / temperature
                                                                 : (current - candidate) / temperature;
          accept = random.uniform() < std::exp(exponent);
        }
        if (accept) {
          previous = current;
          current = candidate;
          p.outside[out] = leaving;
          accepts += 1;
        } else {
          p.inside.replace(k, leaving);  // undo the swap
        }
      }
      // Line 29: leave this size once the schedule got worse or the level accepted much.
      if (current > previous || accepts > o.accept_limit)
        break;
    }
  }
  return evaluate.result();
}

}  // namespace isogrid::scheduling
