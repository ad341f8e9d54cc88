#pragma once
// Dynamic programming (Sanjay, Fig. 4.5 and Eq. 4.2): from the machine with the most available CPU, grow
// schedules one machine at a time, adding the machine that gives the lowest time, keeping the two best schedules
// of each size. Erratum 6: the size advances by one.
#include "policies/scheduling/schedule_evaluator.hpp"

namespace isogrid::scheduling {

struct DpOptions {
  // Schedules kept per size (line 15; the thesis: 2), and children kept per parent (line 11: the best and the
  // second best). At least 1.
  int kept_per_size = 2;
};

// The freest machine is always evaluated; after it, never more evaluations than the evaluator's budget allows.
// Without a budget, on n machines: 1 + (n - 1)^2 evaluations with two kept per size (1, then n - 1 from the one
// machine, then 2 (n - s) from the two schedules of each size s = 2 .. n - 1).
ScheduleResult dynamic_programming(Evaluator& evaluate, const DpOptions& options = {});

}  // namespace isogrid::scheduling
