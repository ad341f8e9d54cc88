#include "policies/scheduling/branch_and_bound.hpp"

#include "policies/scheduling/schedule_links.hpp"

#include <algorithm>
#include <limits>
#include <set>

namespace isogrid::scheduling {

namespace {

// A node is known by the machines it lacks (ascending): few near the root, where levels are wide, so a level of
// many nodes stays small in memory. Its schedule is rebuilt when it is expanded.
struct Node {
  Schedule removed;
  ScheduleTraits traits;
  double time;
};

Schedule members(std::size_t machines, const Schedule& removed)
{
  Schedule out;
  out.reserve(machines - removed.size());
  std::size_t r = 0;
  for (std::size_t m = 0; m < machines; ++m) {
    if (r < removed.size() && removed[r] == m)
      ++r;
    else
      out.push_back(m);
  }
  return out;
}

// Ties: the lower time, then the set lacking the lexicographically smaller machines: deterministic.
bool faster(const Node& a, const Node& b) { return a.time != b.time ? a.time < b.time : a.removed < b.removed; }

}  // namespace

ScheduleResult branch_and_bound(Evaluator& evaluate)
{
  const ClusterState& state = evaluate.state();
  const std::size_t n = state.machines();
  Node root;
  Schedule all = members(n, {});
  root.traits = traits_of(state, all);
  root.time = evaluate(all, root.traits);
  double bound = root.time;
  std::vector<Node> level = {root};

  while (!level.empty() && level.front().removed.size() + 1 < n && !evaluate.exhausted()) {
    std::vector<Node> next;
    // Erratum 7: a set reached from two parents is evaluated and expanded once. Sets are told apart by what they
    // lack, which is short where levels are wide.
    std::set<Schedule> seen;
    for (const Node& node : level) {
      Schedule schedule = members(n, node.removed);
      ScheduleLinks removal(state, schedule);  // children's traits in O(|s|) each
      std::vector<Node> children;
      for (std::size_t k = 0; k < schedule.size(); ++k) {
        Schedule removed = node.removed;
        removed.insert(std::upper_bound(removed.begin(), removed.end(), schedule[k]), schedule[k]);
        if (!seen.insert(removed).second)
          continue;
        if (evaluate.exhausted())
          return evaluate.result();
        Schedule child = schedule;
        child.erase(child.begin() + static_cast<std::ptrdiff_t>(k));
        ScheduleTraits t = removal.traits_without(k);
        double time = evaluate(child, t);
        children.push_back({std::move(removed), t, time});
      }
      // The better half (rounded up, so a node with one child keeps it), and of those the ones under the bound.
      std::sort(children.begin(), children.end(), faster);
      children.resize((children.size() + 1) / 2);
      for (Node& c : children)
        if (c.time < bound)
          next.push_back(std::move(c));
    }
    if (next.empty())
      break;
    bound = std::min_element(next.begin(), next.end(), faster)->time;
    level = std::move(next);
  }
  return evaluate.result();
}

}  // namespace isogrid::scheduling
