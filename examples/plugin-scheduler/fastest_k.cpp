// "The k fastest machines": a resource-selection scheduler written against isogrid's installed headers and loaded
// as a plugin, to race against Sanjay's schedulers (Box Elimination, dynamic programming, ...) in any experiment
// of the resource-selection model.
//
// The policy ranks the cluster's machines by available CPU, fastest first (ties: the lower index), and asks the
// evaluator about the first k for k = 1, 2, ... until the cluster or the budget runs out; the evaluator keeps the
// schedule it judged fastest. n evaluations for n machines, where Box Elimination searches a (cpu, bandwidth, P)
// grid: it sees CPUs only, so a slow link among fast machines is what it misses.
#include "plugin/plugin.hpp"

#include <algorithm>
#include <numeric>

namespace {

using namespace isogrid::scheduling;

ScheduleResult fastest_k(Evaluator& evaluate, isogrid::SeededRandom&)
{
  const ClusterState& cluster = evaluate.state();
  std::vector<std::size_t> by_cpu(cluster.machines());
  std::iota(by_cpu.begin(), by_cpu.end(), std::size_t{0});
  std::stable_sort(by_cpu.begin(), by_cpu.end(),
                   [&](std::size_t a, std::size_t b) { return cluster.cpu(a) > cluster.cpu(b); });
  Schedule schedule;  // the k fastest, in ascending machine order as a Schedule must be
  ScheduleTraits traits;
  for (std::size_t machine : by_cpu) {
    if (evaluate.exhausted())
      break;
    traits = traits_with(cluster, schedule, traits, machine);  // O(k): only the new machine's links are read
    schedule.insert(std::upper_bound(schedule.begin(), schedule.end(), machine), machine);
    evaluate(schedule, traits);
  }
  return evaluate.result();
}

}  // namespace

ISOGRID_PLUGIN(registrar)
{
  registrar.add_resource_selection("fastest_k",
                                   "the k machines with the most available CPU, for the best k (a plugin: "
                                   "examples/plugin-scheduler)",
                                   fastest_k);
}
