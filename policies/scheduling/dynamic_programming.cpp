#include "policies/scheduling/dynamic_programming.hpp"

#include "policies/scheduling/search_support.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace isogrid::scheduling {

namespace {

// A schedule of the current list. Its GrowingSchedule makes each child's traits O(1).
struct Grown {
  GrowingSchedule grown;
  double time = 0;
};

// A child of list[parent]: that schedule with `machine` added.
struct Pick {
  std::size_t parent = 0, machine = 0;
  ScheduleTraits traits;
  double time = 0;
  Schedule schedule;  // ascending; filled when the picks of every parent are ranked together
};

// Line 2 and Eq. 4.2's base: the machine with the most available CPU (ties: the lowest index).
Grown freest_machine(Evaluator& evaluate)
{
  const ClusterState& state = evaluate.state();
  const std::size_t n       = state.machines();
  std::size_t first         = 0;
  for (std::size_t m = 1; m < n; ++m)
    if (state.cpu(m) > state.cpu(first))
      first = m;
  Grown g{GrowingSchedule(state, {first})};
  g.time = evaluate(g.grown.members(), g.grown.traits());
  return g;
}

Grown grow(const Grown& parent, const Pick& pick)
{
  Grown g{parent.grown, pick.time};
  g.grown.add(pick.machine);
  return g;
}

// Lines 9-12: evaluates list[index] with each machine it lacks added and appends its `kept` best children to
// `pool`. Ties keep the lower machine, whose schedule is the lexicographically smaller. False when the budget
// ran out (checked before every evaluation, so that an evaluation or work budget is never overrun).
bool best_children(Evaluator& evaluate, const Grown& parent, std::size_t index, std::size_t kept,
                   std::vector<Pick>& pool)
{
  const ClusterState& state = evaluate.state();
  Schedule scratch = parent.grown.members();  // the evaluator takes machines in any order, sorts what it returns
  std::vector<Pick> best;
  for (std::size_t m = 0; m < state.machines(); ++m) {
    if (parent.grown.contains(m))
      continue;
    if (evaluate.exhausted())
      return false;
    Pick p;
    p.parent = index, p.machine = m;
    p.traits = parent.grown.traits_with(m);
    scratch.push_back(m);
    p.time = evaluate(scratch, p.traits);
    scratch.pop_back();
    if (best.size() == kept && !(p.time < best.back().time))
      continue;
    auto at = std::find_if(best.begin(), best.end(), [&](const Pick& q) { return p.time < q.time; });
    best.insert(at, p);
    if (best.size() > kept)
      best.pop_back();
  }
  pool.insert(pool.end(), best.begin(), best.end());
  return true;
}

// Line 15: the `kept` best distinct schedules of the pool (two parents can grow the same set). As each parent put
// in its own `kept` best, these are the `kept` best distinct children of the whole list. Ties: the
// lexicographically smaller schedule.
std::vector<Pick> best_distinct(std::vector<Pick> pool, const std::vector<Grown>& list, std::size_t kept)
{
  for (Pick& p : pool) {
    p.schedule = list[p.parent].grown.members();
    p.schedule.push_back(p.machine);
    std::sort(p.schedule.begin(), p.schedule.end());
  }
  std::sort(pool.begin(), pool.end(),
            [](const Pick& x, const Pick& y) { return x.time != y.time ? x.time < y.time : x.schedule < y.schedule; });
  std::vector<Pick> out;
  for (Pick& p : pool) {
    if (out.size() == kept)
      break;
    if (std::none_of(out.begin(), out.end(), [&](const Pick& o) { return o.schedule == p.schedule; }))
      out.push_back(std::move(p));
  }
  return out;
}

}  // namespace

ScheduleResult dynamic_programming(Evaluator& evaluate, const DpOptions& options)
{
  if (options.kept_per_size < 1)
    throw std::invalid_argument("dynamic programming keeps at least one schedule per size, got " +
                                std::to_string(options.kept_per_size));
  const ClusterState& state = evaluate.state();
  const std::size_t kept    = static_cast<std::size_t>(options.kept_per_size);
  std::vector<Grown> list   = {freest_machine(evaluate)};
  // Each step adds one machine (erratum 6: the printed "+ 1" of line 16 would skip every other size).
  while (list.front().grown.traits().processors < state.machines()) {
    std::vector<Pick> pool;
    for (std::size_t i = 0; i < list.size(); ++i)
      if (!best_children(evaluate, list[i], i, kept, pool))
        return evaluate.result();
    std::vector<Grown> next;
    for (const Pick& p : best_distinct(std::move(pool), list, kept))
      next.push_back(grow(list[p.parent], p));
    list = std::move(next);
  }
  return evaluate.result();
}

}  // namespace isogrid::scheduling
