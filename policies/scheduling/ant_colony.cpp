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

// An ant's schedule growing one machine at a time (lines 29-37), with every outsider's slowest link to it kept,
// so that the traits of "the ant plus y" cost O(1) and adding a machine O(max_procs), where traits_with would
// read y's links to the whole ant for every candidate y.
class GrowingAnt {
public:
  GrowingAnt(const ClusterState& state, Schedule start)
      : state_(state), inside_(state.machines(), false), link_(state.machines(), infinity),
        traits_(start.empty() ? ScheduleTraits{0, infinity, infinity} : traits_of(state, start)),
        candidate_(std::move(start))  // an empty ant's minima start at +inf, so the first machine sets them
  {
    for (std::size_t m : candidate_) {
      inside_[m] = true;
      const double* row = state.bandwidth_row(m);
      for (std::size_t y = 0; y < link_.size(); ++y)  // row by row: the reads run front to back
        link_[y] = std::min(link_[y], row[y]);
    }
    candidate_.push_back(0);  // the slot a candidate machine takes
  }

  std::size_t size() const { return traits_.processors; }
  bool contains(std::size_t m) const { return inside_[m]; }
  ScheduleTraits traits_with(std::size_t y) const
  {
    return {traits_.processors + 1, std::min(traits_.cpu, state_.cpu(y)), std::min(traits_.bandwidth, link_[y])};
  }
  // The ant plus y, to show the evaluator; valid until the next call.
  const Schedule& with(std::size_t y)
  {
    candidate_.back() = y;
    return candidate_;
  }
  void add(std::size_t y)
  {
    traits_ = traits_with(y);
    inside_[y] = true;
    candidate_.back() = y;
    candidate_.push_back(0);
    const double* row = state_.bandwidth_row(y);
    for (std::size_t m = 0; m < link_.size(); ++m)
      link_[m] = std::min(link_[m], row[m]);
  }
  Schedule machines() const { return Schedule(candidate_.begin(), candidate_.end() - 1); }

private:
  const ClusterState& state_;
  std::vector<bool> inside_;
  std::vector<double> link_;  // per machine: its slowest link to the ant (read for outsiders only); +inf at first
  ScheduleTraits traits_;
  Schedule candidate_;  // the ant's machines, then one slot
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
  GrowingAnt grown(evaluate.state(), std::move(start));
  ant.time = std::numeric_limits<double>::quiet_NaN();  // a drawn-only ant is evaluated next iteration
  while (grown.size() < procs) {
    double best_weight = -1, best_time = infinity;
    std::size_t best = 0;
    for (std::size_t y = 0; y < pheromone.size(); ++y) {
      if (grown.contains(y))
        continue;
      if (evaluate.exhausted())
        return false;
      const double time = evaluate(grown.with(y), grown.traits_with(y)), weight = pheromone[y] / time;
      if (weight > best_weight)
        best_weight = weight, best = y, best_time = time;
    }
    grown.add(best);  // procs < max_procs, so some y was outside the ant
    ant.time = best_time;
  }
  ant.machines = grown.machines();
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
