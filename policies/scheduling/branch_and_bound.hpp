#pragma once
// Branch and bound (Sanjay, Fig. 4.4): the root is every machine; a node's children each drop one machine; at
// each level only the better half of a node's children, and only those faster than the bound (the best time of
// the level above), are expanded. Erratum 7: a machine set reached from two parents is expanded once.
#include "policies/scheduling/schedule_evaluator.hpp"

namespace isogrid::scheduling {

ScheduleResult branch_and_bound(Evaluator& evaluate);

}  // namespace isogrid::scheduling
