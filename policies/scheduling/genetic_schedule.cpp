#include "policies/scheduling/genetic_schedule.hpp"

#include "policies/scheduling/search_support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace isogrid::scheduling {

namespace {

struct Chromosome {
  Schedule genes;  // procs distinct machines, in gene order (crossover is positional)
  double time;
};

// Erratum 4: after a crossover a machine may appear twice; each repeat gives way to a random unused machine.
void repair(Schedule& genes, std::size_t n, SeededRandom& random)
{
  std::vector<bool> used(n, false);
  std::vector<std::size_t> repeats;
  for (std::size_t i = 0; i < genes.size(); ++i) {
    if (used[genes[i]])
      repeats.push_back(i);
    used[genes[i]] = true;
  }
  if (repeats.empty())
    return;
  std::vector<std::size_t> unused;
  for (std::size_t m = 0; m < n; ++m)
    if (!used[m])
      unused.push_back(m);
  for (std::size_t i : repeats) {
    std::size_t pick = random.below(unused.size());
    genes[i] = unused[pick];
    unused[pick] = unused.back();
    unused.pop_back();
  }
}

// Lines 15-26: a random gene X is replaced by the machine outside the chromosome that gives the fastest schedule
// (ties: the lower machine). Returns that schedule's time, or NaN when the budget ran out.
double mutate(Chromosome& c, Evaluator& evaluate, SeededRandom& random)
{
  const ClusterState& state = evaluate.state();
  std::size_t x = random.below(c.genes.size());
  Schedule rest = c.genes;
  rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(x));
  ScheduleTraits rest_traits = traits_of(state, rest);
  std::vector<bool> inside(state.machines(), false);
  for (std::size_t m : c.genes)
    inside[m] = true;
  double best = std::numeric_limits<double>::infinity();
  std::size_t best_machine = c.genes[x];
  for (std::size_t y = 0; y < state.machines(); ++y) {
    if (inside[y])
      continue;
    if (evaluate.exhausted())
      return std::nan("");
    Schedule candidate = rest;
    candidate.push_back(y);
    double t = evaluate(candidate, traits_with(state, rest, rest_traits, y));
    if (t < best) {  // even when worse than keeping X: the thesis always replaces it
      best = t;
      best_machine = y;
    }
  }
  if (best_machine == c.genes[x])
    return c.time;  // no machine outside the chromosome
  c.genes[x] = best_machine;
  return best;
}

bool faster(const Chromosome& a, const Chromosome& b) { return a.time < b.time; }

}  // namespace

ScheduleResult genetic_schedule(Evaluator& evaluate, SeededRandom& random, const GaOptions& o)
{
  if (o.population < 2 || o.population % 2 || o.generations < 1 || !(o.mutation_share >= 0))
    throw std::invalid_argument("the genetic search needs an even population >= 2 and at least one generation");
  const std::size_t n = evaluate.state().machines();
  const auto population = static_cast<std::size_t>(o.population);
  evaluate(random_machines(n, n, random));  // procs = max_procs: the one schedule of every machine
  for (std::size_t procs = n - 1; procs >= 2 && !evaluate.exhausted(); --procs) {
    std::vector<Chromosome> pop;
    for (std::size_t i = 0; i < population; ++i) {
      if (evaluate.exhausted())
        return evaluate.result();
      Schedule genes = random_machines(n, procs, random);
      double t = evaluate(genes);
      pop.push_back({std::move(genes), t});
    }
    const std::size_t steps = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(o.mutation_share *
                                                                                          static_cast<double>(procs))));
    for (int generation = 0; generation < o.generations; ++generation) {
      // Lines 7-11: random pairs, single-point crossover (the point leaves at least one gene of each parent).
      for (std::size_t i = pop.size(); i > 1; --i)
        std::swap(pop[i - 1], pop[random.below(i)]);
      std::vector<Chromosome> children;
      for (std::size_t i = 0; i + 1 < population; i += 2) {
        std::size_t point = 1 + random.below(procs - 1);
        Chromosome a = pop[i], b = pop[i + 1];
        std::swap_ranges(a.genes.begin() + static_cast<std::ptrdiff_t>(point), a.genes.end(),
                         b.genes.begin() + static_cast<std::ptrdiff_t>(point));
        for (Chromosome* child : {&a, &b}) {
          repair(child->genes, n, random);
          if (evaluate.exhausted())
            return evaluate.result();
          child->time = evaluate(child->genes);
        }
        children.push_back(std::move(a));
        children.push_back(std::move(b));
      }
      // Lines 14-27: greedy mutation of every child.
      for (Chromosome& child : children)
        for (std::size_t s = 0; s < steps; ++s) {
          double t = mutate(child, evaluate, random);
          if (std::isnan(t))
            return evaluate.result();
          child.time = t;
        }
      // Line 30: the best `population` of parents and children.
      for (Chromosome& child : children)
        pop.push_back(std::move(child));
      std::stable_sort(pop.begin(), pop.end(), faster);
      pop.resize(population);
    }
  }
  return evaluate.result();
}

}  // namespace isogrid::scheduling
