#pragma once
// Dynamic programming (Sanjay, Fig. 4.5 and Eq. 4.2): from the machine with the most available CPU, grow
// schedules one machine at a time, adding the machine that gives the lowest time, keeping the two best schedules
// of each size. Erratum 6: the size advances by one.
#include "policies/scheduling/schedule_evaluator.hpp"

namespace isogrid::scheduling {

struct DpOptions {
  int kept_per_size = 2;
};

ScheduleResult dynamic_programming(Evaluator& evaluate, const DpOptions& options = {});

}  // namespace isogrid::scheduling
