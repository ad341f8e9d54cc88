#include "policies/scheduling/ant_colony.hpp"

#include "policies/scheduling/search_support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace isogrid::scheduling {

namespace {

constexpr double unknown = std::numeric_limits<double>::quiet_NaN();

struct Ant {
  Schedule machines;
  double time = unknown;  // NaN until evaluated
};

// Lines 17-24, erratum 5: each top ant deposits (worst top time - its time) / (worst - best), Al-Ani's form (the
// printed (min - cur) / max(min - e) divides by zero); every top ant deposits 1 when all tie.
void deposit(std::vector<double>& pheromone, const std::vector<Ant>& top, double evaporation)
{
  double best = top.front().time, worst = top.back().time, spread = worst - best;
  for (const Ant& ant : top) {
    double delta = spread > 0 ? (worst - ant.time) / spread : 1.0;
    for (std::size_t m : ant.machines)
      pheromone[m] = evaporation * pheromone[m] + delta;
  }
}

// Lines 26-38: `drawn` machines from the pool by a pheromone roulette, then the rest one at a time, each the
// outsider y with the largest pheromone / time(ant + y). Returns false when the budget ran out.
bool build_ant(Ant& ant, const std::vector<std::size_t>& pool, std::size_t drawn, std::size_t procs,
               const std::vector<double>& pheromone, Evaluator& evaluate, SeededRandom& random)
{
  const ClusterState& state = evaluate.state();
  std::vector<std::size_t> left = pool;
  std::vector<double> weights;
  for (std::size_t m : left)
    weights.push_back(pheromone[m]);
  ant.machines.clear();
  ant.time = unknown;
  std::vector<bool> inside(state.machines(), false);
  while (ant.machines.size() < drawn && !left.empty()) {
    bool any = std::any_of(weights.begin(), weights.end(), [](double w) { return w > 0; });
    std::size_t i = any ? roulette(weights, random) : random.below(left.size());
    ant.machines.push_back(left[i]);
    inside[left[i]] = true;
    left[i] = left.back(), weights[i] = weights.back();
    left.pop_back(), weights.pop_back();
  }
  ScheduleTraits traits = traits_of(state, ant.machines);
  while (ant.machines.size() < procs) {
    double best_weight = -1, best_time = unknown;
    std::size_t best = 0;
    ScheduleTraits best_traits;
    for (std::size_t y = 0; y < state.machines(); ++y) {
      if (inside[y])
        continue;
      if (evaluate.exhausted())
        return false;
      ScheduleTraits t = traits_with(state, ant.machines, traits, y);
      Schedule candidate = ant.machines;
      candidate.push_back(y);
      double time = evaluate(candidate, t);
      double weight = pheromone[y] / time;
      if (weight > best_weight) {
        best_weight = weight, best = y, best_time = time, best_traits = t;
      }
    }
    ant.machines.push_back(best);
    inside[best] = true;
    traits = best_traits;
    ant.time = best_time;
  }
  return true;
}

}  // namespace

ScheduleResult ant_colony(Evaluator& evaluate, SeededRandom& random, const AcoOptions& o)
{
  if (o.ants < 1 || o.top_ants < 1 || o.top_ants > o.ants || o.iterations < 1 || !(o.evaporation >= 0) ||
      !(o.roulette_share >= 0 && o.roulette_share <= 1))
    throw std::invalid_argument("ant colony: need 1 <= top_ants <= ants, iterations >= 1, 0 <= roulette_share <= 1");
  const std::size_t n = evaluate.state().machines();
  evaluate(random_machines(n, n, random));  // procs = max_procs: the one schedule of every machine
  for (std::size_t procs = n - 1; procs >= 2 && !evaluate.exhausted(); --procs) {
    std::vector<double> pheromone(n, 1.0);  // erratum 5: every machine, not only the first procs
    std::size_t drawn = static_cast<std::size_t>(std::lround(o.roulette_share * static_cast<double>(procs)));
    std::vector<Ant> ants(static_cast<std::size_t>(o.ants));
    for (Ant& ant : ants)
      ant.machines = random_machines(n, procs, random);
    for (int iteration = 0; iteration < o.iterations; ++iteration) {
      for (Ant& ant : ants) {
        if (evaluate.exhausted())
          return evaluate.result();
        if (std::isnan(ant.time))
          ant.time = evaluate(ant.machines);
      }
      std::vector<Ant> top = ants;
      std::stable_sort(top.begin(), top.end(), [](const Ant& a, const Ant& b) { return a.time < b.time; });
      top.resize(static_cast<std::size_t>(o.top_ants));
      deposit(pheromone, top, o.evaporation);
      std::vector<bool> in_pool(n, false);
      std::vector<std::size_t> pool;
      for (const Ant& ant : top)
        for (std::size_t m : ant.machines)
          if (!in_pool[m]) {
            in_pool[m] = true;
            pool.push_back(m);
          }
      for (Ant& ant : ants)
        if (!build_ant(ant, pool, drawn, procs, pheromone, evaluate, random))
          return evaluate.result();
    }
  }
  return evaluate.result();
}

}  // namespace isogrid::scheduling
