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
  double time = std::numeric_limits<double>::quiet_NaN();  // perceived Eq. 4.1 time; NaN until evaluated
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
    genes[i]         = unused[pick];
    unused[pick]     = unused.back();
    unused.pop_back();
  }
}

// Lines 7-11: the population in random pairs, each pair's genes exchanged after a random point (which leaves at
// least one gene of each parent in each child), the children repaired. Their times are left unknown: mutation
// evaluates them.
std::vector<Chromosome> crossover(std::vector<Chromosome>& population, std::size_t n, SeededRandom& random)
{
  for (std::size_t i = population.size(); i > 1; --i)
    std::swap(population[i - 1], population[random.below(i)]);
  std::vector<Chromosome> children;
  for (std::size_t i = 0; i + 1 < population.size(); i += 2) {
    const std::size_t procs = population[i].genes.size();
    const auto point        = static_cast<std::ptrdiff_t>(1 + random.below(procs - 1));
    Chromosome a{population[i].genes}, b{population[i + 1].genes};
    std::swap_ranges(a.genes.begin() + point, a.genes.end(), b.genes.begin() + point);
    repair(a.genes, n, random);
    repair(b.genes, n, random);
    children.push_back(std::move(a));
    children.push_back(std::move(b));
  }
  return children;
}

// Lines 14-27 for one child: `steps` times, a random gene X is replaced by the machine outside the chromosome that
// gives the fastest schedule (ties: the lower machine), even when that is slower than keeping X, as the thesis's
// topfitness = 0 does. The schedule without X is worked out once per step; each candidate then costs the O(procs)
// reads of its links. The child's time is the last step's best: the thesis's evaluation of the mutated children
// (line 28) is not repeated. Returns false when the budget ran out.
bool mutate(Chromosome& child, std::size_t steps, Evaluator& evaluate, SeededRandom& random)
{
  const ClusterState& state = evaluate.state();
  SwapSchedule genes(state, child.genes);
  Schedule candidate = child.genes;  // what the evaluator is shown: the genes with Y in X's place
  std::vector<bool> inside(state.machines(), false);
  for (std::size_t m : child.genes)
    inside[m] = true;
  for (std::size_t step = 0; step < steps; ++step) {
    const std::size_t x                 = random.below(candidate.size());
    const SwapSchedule::Removal removal = genes.remove(x);
    double best                         = std::numeric_limits<double>::infinity();
    std::size_t best_machine            = candidate[x];
    for (std::size_t y = 0; y < state.machines(); ++y) {
      if (inside[y])
        continue;
      if (evaluate.exhausted())
        return false;
      candidate[x] = y;
      double t     = evaluate(candidate, genes.traits_swapped(removal, y));
      if (t < best)
        best = t, best_machine = y;
    }
    // procs < max_procs, so some machine was outside and best_machine is one of them.
    inside[genes.members()[x]] = false;
    inside[best_machine]       = true;
    genes.swap(removal, best_machine);
    candidate[x] = best_machine;
    child.time   = best;
  }
  child.genes = genes.members();
  return true;
}

// Lines 3-31 at one size. Returns false when the budget ran out.
bool evolve(std::size_t procs, Evaluator& evaluate, SeededRandom& random, const GaOptions& o)
{
  const std::size_t n = evaluate.state().machines();
  std::vector<Chromosome> population;
  for (int i = 0; i < o.population; ++i) {
    if (evaluate.exhausted())
      return false;
    Chromosome c{random_machines(n, procs, random)};
    c.time = evaluate(c.genes, traits_of(evaluate.state(), c.genes));
    population.push_back(std::move(c));
  }
  const auto steps =
      std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(o.mutation_share * static_cast<double>(procs))));
  for (int generation = 0; generation < o.generations; ++generation) {
    std::vector<Chromosome> children = crossover(population, n, random);
    for (Chromosome& child : children)
      if (!mutate(child, steps, evaluate, random))
        return false;
    // Line 30: the best `population` of parents and children (stable: ties keep the parents).
    for (Chromosome& child : children)
      population.push_back(std::move(child));
    std::stable_sort(population.begin(), population.end(),
                     [](const Chromosome& a, const Chromosome& b) { return a.time < b.time; });
    population.resize(static_cast<std::size_t>(o.population));
  }
  return true;
}

}  // namespace

ScheduleResult genetic_schedule(Evaluator& evaluate, SeededRandom& random, const GaOptions& o)
{
  if (o.population < 2 || o.population % 2 || o.generations < 1 || !(o.mutation_share >= 0))
    throw std::invalid_argument("the genetic search needs an even population >= 2 and at least one generation");
  return search_sizes_downwards(evaluate, [&](std::size_t procs) { return evolve(procs, evaluate, random, o); });
}

}  // namespace isogrid::scheduling
