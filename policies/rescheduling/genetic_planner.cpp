// The genetic plan search (Sanjay Figs. 5.4-5.5, Eqs. 5.5-5.6).
#include "policies/rescheduling/planners.hpp"

#include <algorithm>
#include <numeric>

namespace isogrid::rescheduling {

namespace {

using Markers = std::vector<bool>;

struct Individual {
  Markers markers;
  IntervalPlan plan;
  double reverse_fitness = 0;
};

// Eq. 5.5: the plan's time, inflated by how many intervals break Eq. 5.3 and by how far.
double reverse_fitness(const IntervalPlan& plan)
{
  double intervals      = static_cast<double>(plan.intervals());
  double violations     = static_cast<double>(plan.violations);
  double average_extent = plan.violations ? plan.violation_extent / violations : 0;
  return plan.time * (1 + violations / intervals) * (1 + average_extent / plan.time);
}

Individual individual(IntervalScheduler& intervals, const PlanSettings& settings, Markers markers)
{
  Individual out;
  out.plan            = plan_of(intervals, ends_of_markers(markers), settings);
  out.reverse_fitness = reverse_fitness(out.plan);
  out.markers         = std::move(markers);
  return out;
}

// Lines 10-15 of Fig. 5.5: split the interval with the most phases in two equal halves; then, if the interval with
// the fewest phases is shorter than t_thres, merge it into the next one (the last interval into the previous one).
// Ties go to the earliest interval.
void mutate(Markers& markers, IntervalScheduler& intervals, const PlanSettings& settings)
{
  auto widest = [&](bool largest) {
    std::vector<std::size_t> ends = ends_of_markers(markers);
    std::size_t best = 0, first = 0, best_first = 0;
    for (std::size_t k = 0; k < ends.size(); ++k) {
      std::size_t size = ends[k] - first, best_size = ends[best] - best_first;
      if (k > 0 && (largest ? size > best_size : size < best_size)) {
        best       = k;
        best_first = first;
      }
      first = ends[k];
    }
    return std::make_pair(best_first, ends[best]);
  };
  auto [split_first, split_end] = widest(true);
  if (split_end - split_first >= 2)
    markers[split_first + (split_end - split_first) / 2 - 1] = true;
  auto [small_first, small_end] = widest(false);
  if (!(intervals.at(small_first, small_end).time < settings.t_thres))
    return;
  if (small_end < intervals.phases())
    markers[small_end - 1] = false;  // joins the next interval
  else if (small_first > 0)
    markers[small_first - 1] = false;  // the last interval joins the previous one
}

}  // namespace

IntervalPlan genetic_plan(IntervalScheduler& intervals, const PlanSettings& settings, SeededRandom& random,
                          const GeneticPlanOptions& options)
{
  const std::size_t n      = intervals.phases();
  const std::size_t length = n - 1;  // one marker after each phase but the last
  if (length == 0 || options.population < 2)
    return single_interval_plan(intervals, settings);

  std::vector<Individual> population;
  for (std::size_t i = 0; i < options.population; ++i) {
    double density = random.uniform(0, 0.5);
    Markers markers(length);
    for (std::size_t k = 0; k < length; ++k)
      markers[k] = random.uniform() < density;
    population.push_back(individual(intervals, settings, std::move(markers)));
  }
  std::vector<std::size_t> order(population.size());
  for (std::size_t generation = 0; generation < options.generations; ++generation) {
    // Random pairs (Fisher-Yates), each crossed at one uniform point: as many children as parents.
    std::iota(order.begin(), order.end(), 0);
    for (std::size_t i = order.size() - 1; i > 0; --i)
      std::swap(order[i], order[random.below(i + 1)]);
    std::vector<Individual> next = population;
    for (std::size_t i = 0; i + 1 < order.size(); i += 2) {
      const Markers& a = population[order[i]].markers;
      const Markers& b = population[order[i + 1]].markers;
      std::size_t cut  = length > 1 ? 1 + random.below(length - 1) : 0;
      Markers first(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(cut));
      first.insert(first.end(), b.begin() + static_cast<std::ptrdiff_t>(cut), b.end());
      Markers second(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(cut));
      second.insert(second.end(), a.begin() + static_cast<std::ptrdiff_t>(cut), a.end());
      for (Markers* child : {&first, &second}) {
        mutate(*child, intervals, settings);
        next.push_back(individual(intervals, settings, std::move(*child)));
      }
    }
    // The fittest half survives (ties: parents first, then children in the order they were made).
    std::stable_sort(next.begin(), next.end(),
                     [](const Individual& x, const Individual& y) { return x.reverse_fitness < y.reverse_fitness; });
    next.resize(options.population);
    population = std::move(next);
  }
  const IntervalPlan* best = nullptr;
  for (const Individual& i : population)
    if (i.plan.valid() && (!best || better_plan(i.plan, *best)))
      best = &i.plan;
  return best ? *best : single_interval_plan(intervals, settings);
}

}  // namespace isogrid::rescheduling
