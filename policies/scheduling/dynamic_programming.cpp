#include "policies/scheduling/dynamic_programming.hpp"

#include <algorithm>
#include <stdexcept>

namespace isogrid::scheduling {

namespace {

struct Candidate {
  Schedule schedule;
  ScheduleTraits traits;
  double time;
};

// Ties: the lower time, then the lexicographically smaller schedule, so that the search is deterministic.
bool faster(const Candidate& a, const Candidate& b)
{
  return a.time != b.time ? a.time < b.time : a.schedule < b.schedule;
}

// Keeps the `k` fastest distinct schedules of `pool`.
std::vector<Candidate> best_distinct(std::vector<Candidate> pool, std::size_t k)
{
  std::sort(pool.begin(), pool.end(), faster);
  std::vector<Candidate> out;
  for (Candidate& c : pool) {
    if (out.size() == k)
      break;
    bool seen = std::any_of(out.begin(), out.end(), [&](const Candidate& o) { return o.schedule == c.schedule; });
    if (!seen)
      out.push_back(std::move(c));
  }
  return out;
}

Schedule with_machine(const Schedule& s, std::size_t m)
{
  Schedule out = s;
  out.insert(std::upper_bound(out.begin(), out.end(), m), m);
  return out;
}

}  // namespace

ScheduleResult dynamic_programming(Evaluator& evaluate, const DpOptions& options)
{
  if (options.kept_per_size < 1)
    throw std::invalid_argument("dynamic programming keeps at least one schedule per size");
  const ClusterState& state = evaluate.state();
  const std::size_t n = state.machines(), kept = static_cast<std::size_t>(options.kept_per_size);

  // Eq. 4.2's base: the machine with the most available CPU (ties: the lowest index).
  std::size_t first = 0;
  for (std::size_t m = 1; m < n; ++m)
    if (state.cpu(m) > state.cpu(first))
      first = m;
  Candidate start{{first}, traits_with(state, {}, {}, first), 0};
  start.time = evaluate(start.schedule, start.traits);
  std::vector<Candidate> current = {start};

  // Each step adds one machine (erratum 6: the thesis's "+ 1" would skip every other size).
  for (std::size_t size = 1; size < n && !evaluate.exhausted(); ++size) {
    std::vector<Candidate> next;
    for (const Candidate& parent : current) {
      std::vector<Candidate> children;
      std::vector<bool> in(n, false);
      for (std::size_t m : parent.schedule)
        in[m] = true;
      for (std::size_t m = 0; m < n; ++m) {
        if (in[m])
          continue;
        if (evaluate.exhausted())
          return evaluate.result();
        ScheduleTraits t = traits_with(state, parent.schedule, parent.traits, m);
        Schedule s = with_machine(parent.schedule, m);
        double time = evaluate(s, t);
        children.push_back({std::move(s), t, time});
      }
      // The parent's best and second best (line 11).
      for (Candidate& c : best_distinct(std::move(children), kept))
        next.push_back(std::move(c));
    }
    current = best_distinct(std::move(next), kept);  // line 15: the two best of the size
  }
  return evaluate.result();
}

}  // namespace isogrid::scheduling
