#include "policies/scheduling/dynamic_programming.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace isogrid::scheduling {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

// A schedule of the current list, with what makes each of its children's traits O(1): which machines it holds
// and, for every machine, the slowest link from it to the schedule. traits_with would read |s| links per child;
// this array is brought up to date in O(n) when a child joins the list.
struct Grown {
  Schedule schedule;  // ascending
  ScheduleTraits traits;
  double time = 0;
  std::vector<char> in;       // per machine
  std::vector<double> reach;  // per machine: min over the schedule's members of the link to it
};

// A child of list[parent]: that schedule with `machine` added.
struct Pick {
  std::size_t parent = 0, machine = 0;
  ScheduleTraits traits;
  double time = 0;
  Schedule schedule;  // ascending; filled when picks of different parents are ranked together
};

// Line 2 and Eq. 4.2's base: the machine with the most available CPU (ties: the lowest index).
Grown freest_machine(Evaluator& evaluate)
{
  const ClusterState& state = evaluate.state();
  const std::size_t n = state.machines();
  std::size_t first = 0;
  for (std::size_t m = 1; m < n; ++m)
    if (state.cpu(m) > state.cpu(first))
      first = m;
  Grown g;
  g.schedule = {first};
  g.traits = {1, state.cpu(first), infinity};
  g.time = evaluate(g.schedule, g.traits);
  g.in.assign(n, 0);
  g.in[first] = 1;
  g.reach.assign(state.bandwidth_row(first), state.bandwidth_row(first) + n);
  return g;
}

Grown grow(const ClusterState& state, const Grown& parent, const Pick& pick)
{
  Grown g;
  g.schedule = pick.schedule;
  g.traits = pick.traits;
  g.time = pick.time;
  g.in = parent.in;
  g.in[pick.machine] = 1;
  g.reach = parent.reach;
  const double* row = state.bandwidth_row(pick.machine);
  for (std::size_t m = 0; m < g.reach.size(); ++m)
    g.reach[m] = std::min(g.reach[m], row[m]);
  return g;
}

// Lines 9-12: evaluates list[index] with each machine it lacks added and appends its `kept` best children to
// `pool`. Ties keep the lower machine, whose schedule is the lexicographically smaller. False when the budget
// ran out (checked before every evaluation, so that an evaluation or work budget is never overrun).
bool best_children(Evaluator& evaluate, const Grown& parent, std::size_t index, std::size_t kept,
                   std::vector<Pick>& pool)
{
  const ClusterState& state = evaluate.state();
  Schedule scratch = parent.schedule;  // the evaluator takes machines in any order and sorts what it returns
  std::vector<Pick> best;
  for (std::size_t m = 0; m < state.machines(); ++m) {
    if (parent.in[m])
      continue;
    if (evaluate.exhausted())
      return false;
    Pick p;
    p.parent = index, p.machine = m;
    p.traits = {parent.traits.processors + 1, std::min(parent.traits.cpu, state.cpu(m)),
                std::min(parent.traits.bandwidth, parent.reach[m])};
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
    const Schedule& s = list[p.parent].schedule;
    p.schedule = s;
    p.schedule.insert(std::upper_bound(p.schedule.begin(), p.schedule.end(), p.machine), p.machine);
  }
  std::sort(pool.begin(), pool.end(), [](const Pick& x, const Pick& y) {
    return x.time != y.time ? x.time < y.time : x.schedule < y.schedule;
  });
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
  const std::size_t kept = static_cast<std::size_t>(options.kept_per_size);
  std::vector<Grown> list = {freest_machine(evaluate)};
  // Each step adds one machine (erratum 6: the printed "+ 1" of line 16 would skip every other size).
  while (list.front().schedule.size() < state.machines()) {
    std::vector<Pick> pool;
    for (std::size_t i = 0; i < list.size(); ++i)
      if (!best_children(evaluate, list[i], i, kept, pool))
        return evaluate.result();
    std::vector<Grown> next;
    for (const Pick& p : best_distinct(std::move(pool), list, kept))
      next.push_back(grow(state, list[p.parent], p));
    list = std::move(next);
  }
  return evaluate.result();
}

}  // namespace isogrid::scheduling
