#pragma once
// Ground truth for small clusters: every non-empty machine subset, 2^n - 1 evaluations, traits kept up to date
// as a depth-first walk adds machines (O(n) per subset). The thesis computes no optimum for scheduling; tests and
// the gap-to-optimum study use this one.
#include "policies/scheduling/schedule_evaluator.hpp"

namespace isogrid::scheduling {

constexpr std::size_t exhaustive_machine_limit = 24;

// Throws std::invalid_argument above exhaustive_machine_limit machines. Ignores the evaluator's budget: an
// optimum cut short is not an optimum.
ScheduleResult exhaustive_optimum(Evaluator& evaluate);

}  // namespace isogrid::scheduling
