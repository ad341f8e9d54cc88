#include "policies/scheduling/ant_colony.hpp"

#include "policies/scheduling/search_support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace isogrid::scheduling {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

struct Ant {
  Schedule machines;
  double time = std::numeric_limits<double>::quiet_NaN();  // perceived Eq. 4.1 time; NaN until evaluated
};

// Lines 14-15: the indices of the `count` fastest ants, fastest first (ties: the earlier ant).
std::vector<std::size_t> top_ants(const std::vector<Ant>& ants, std::size_t count)
{
  std::vector<std::size_t> order(ants.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return ants[a].time < ants[b].time; });
  order.resize(count);
  return order;
}

// Lines 16-24, erratum 5: each top ant deposits (worst top time - its time) / (worst - best), Al-Ani's form (the
// printed (min - cur) / max(min - e) divides by zero); every top ant deposits 1 when all tie. As the pseudo-code
// nests it, the update T_j = rho T_j + dT_j runs once per top ant holding machine j, and machines in no top ant
// neither evaporate nor gain.
void deposit(std::vector<double>& pheromone, const std::vector<Ant>& ants, const std::vector<std::size_t>& top,
             double evaporation)
{
  const double best = ants[top.front()].time, worst = ants[top.back()].time, spread = worst - best;
  for (std::size_t i : top) {
    const double delta = spread > 0 ? (worst - ants[i].time) / spread : 1.0;
    for (std::size_t m : ants[i].machines)
      pheromone[m] = evaporation * pheromone[m] + delta;
  }
}

// Line 25: the union of the top ants' machines, in first-seen order.
std::vector<std::size_t> pool_of(const std::vector<Ant>& ants, const std::vector<std::size_t>& top, std::size_t n)
{
  std::vector<bool> seen(n, false);
  std::vector<std::size_t> pool;
  for (std::size_t i : top)
    for (std::size_t m : ants[i].machines)
      if (!seen[m]) {
        seen[m] = true;
        pool.push_back(m);
      }
  return pool;
}

// Lines 26-38 for one ant: `drawn` distinct machines from the pool by a pheromone roulette (all of the pool when
// it is smaller), then machines added one at a time up to procs, each the outsider y with the largest
// pheromone / time(ant + y) (ties: the lower machine; dividing every weight by their total, as line 35 does,
// does not change the largest). Returns false when the budget ran out.
bool build_ant(Ant& ant, const std::vector<std::size_t>& pool, std::size_t drawn, std::size_t procs,
               const std::vector<double>& pheromone, Evaluator& evaluate, SeededRandom& random)
{
  std::vector<double> weights(pool.size());
  for (std::size_t i = 0; i < pool.size(); ++i)
    weights[i] = pheromone[pool[i]];
  Schedule start;
  for (std::size_t i : roulette_draws(weights, drawn, random))
    start.push_back(pool[i]);
  GrowingSchedule grown(evaluate.state(), start);
  Schedule candidate = grown.members();  // what the evaluator is shown: the ant, then the machine tried
  candidate.push_back(0);
  ant.time = std::numeric_limits<double>::quiet_NaN();  // a drawn-only ant is evaluated next iteration
  while (grown.traits().processors < procs) {
    double best_weight = -1, best_time = infinity;
    std::size_t best = 0;
    for (std::size_t y = 0; y < pheromone.size(); ++y) {
      if (grown.contains(y))
        continue;
      if (evaluate.exhausted())
        return false;
      candidate.back()  = y;
      const double time = evaluate(candidate, grown.traits_with(y)), weight = pheromone[y] / time;
      if (weight > best_weight)
        best_weight = weight, best = y, best_time = time;
    }
    grown.add(best);  // procs < max_procs, so some y was outside the ant
    candidate.back() = best;
    candidate.push_back(0);
    ant.time = best_time;
  }
  ant.machines = grown.members();
  return true;
}

// Lines 4-39 at one size. Returns false when the budget ran out.
bool colony(std::size_t procs, Evaluator& evaluate, SeededRandom& random, const AcoOptions& o)
{
  const std::size_t n = evaluate.state().machines();
  std::vector<double> pheromone(n, 1.0);  // erratum 5: every machine, not only the first procs
  const auto drawn = static_cast<std::size_t>(std::lround(o.roulette_share * static_cast<double>(procs)));
  std::vector<Ant> ants(static_cast<std::size_t>(o.ants));
  for (Ant& ant : ants)
    ant.machines = random_machines(n, procs, random);  // lines 9-11: the first iteration's ants are random
  for (int iteration = 0; iteration < o.iterations; ++iteration) {
    for (Ant& ant : ants) {
      if (evaluate.exhausted())
        return false;
      if (std::isnan(ant.time))
        ant.time = evaluate(ant.machines, traits_of(evaluate.state(), ant.machines));
    }
    const std::vector<std::size_t> top = top_ants(ants, static_cast<std::size_t>(o.top_ants));
    deposit(pheromone, ants, top, o.evaporation);
    const std::vector<std::size_t> pool = pool_of(ants, top, n);
    for (Ant& ant : ants)
      if (!build_ant(ant, pool, drawn, procs, pheromone, evaluate, random))
        return false;
  }
  return true;
}

}  // namespace

ScheduleResult ant_colony(Evaluator& evaluate, SeededRandom& random, const AcoOptions& o)
{
  if (o.ants < 1 || o.top_ants < 1 || o.top_ants > o.ants || o.iterations < 1 || !(o.evaporation >= 0) ||
      !(o.roulette_share >= 0 && o.roulette_share <= 1))
    throw std::invalid_argument("ant colony: need 1 <= top_ants <= ants, iterations >= 1, 0 <= roulette_share <= 1");
  return search_sizes_downwards(evaluate, [&](std::size_t procs) { return colony(procs, evaluate, random, o); });
}

}  // namespace isogrid::scheduling
