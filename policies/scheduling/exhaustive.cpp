#include "policies/scheduling/exhaustive.hpp"

#include <stdexcept>
#include <string>

namespace isogrid::scheduling {

namespace {

void walk(Evaluator& evaluate, Schedule& current, const ScheduleTraits& traits, std::size_t next)
{
  const ClusterState& state = evaluate.state();
  for (std::size_t m = next; m < state.machines(); ++m) {
    ScheduleTraits with = traits_with(state, current, traits, m);
    current.push_back(m);
    evaluate(current, with);
    walk(evaluate, current, with, m + 1);
    current.pop_back();
  }
}

}  // namespace

ScheduleResult exhaustive_optimum(Evaluator& evaluate)
{
  std::size_t n = evaluate.state().machines();
  if (n > exhaustive_machine_limit)
    throw std::invalid_argument("the exhaustive optimum enumerates 2^n schedules: " + std::to_string(n) +
                                " machines is over its limit of " + std::to_string(exhaustive_machine_limit));
  Schedule current;
  walk(evaluate, current, ScheduleTraits{}, 0);
  return evaluate.result();
}

}  // namespace isogrid::scheduling
