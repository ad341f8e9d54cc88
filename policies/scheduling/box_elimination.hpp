#pragma once
// Box Elimination (thesis Figs. 4.6-4.8, §4.2.7): the search runs over a 3-D grid of hypothetical schedule
// characteristics (cpu, bandwidth, P) instead of machine subsets. Each visited grid point is mapped to a real
// schedule (find_schedule.hpp), evaluated, snapped back to its nearest grid point g, and two sub-boxes around g are
// struck off: SB1 (every coordinate <= g: no better, as T falls when cpu, bandwidth or P grows) and SB8 (every
// coordinate >= g: nothing realisable beyond the maximal set found). The next point is drawn from one of the six
// mixed octants around the first reference point, by a roulette wheel whose sector for an octant grows each time
// a point drawn there improves on the best schedule.
//
// The elimination is sound only for a model that is monotone in P, cpu and bandwidth: box_elimination refuses
// another (std::invalid_argument). Readings of what the thesis leaves open (shared notes, section 3.6): the six
// wheel sectors stay those of the first reference point; octants split each axis at the reference index, the
// reference plane going with the lower half; both the drawn point and its snapped image are marked explored; a
// real point snaps to the nearest grid value (bandwidth +infinity, one machine, to the top of the axis).
#include "policies/scheduling/cluster_state.hpp"
#include "policies/scheduling/schedule_evaluator.hpp"

#include <cstdint>
#include <functional>

namespace isogrid::scheduling {

// The thesis's bandwidth step (Mbit/s): 10 for clusters whose fastest link is at most 1 Gbit/s, 50 up to
// 5 Gbit/s, 100 beyond.
double thesis_bandwidth_step(double max_link_mbps);

class MappingCache;

struct BoxEliminationOptions {
  double cpu_step = 0.1;
  double bandwidth_step = 0;  // Mbit/s; 0: thesis_bandwidth_step of the state's fastest link
  // Mappings already made on this state (by earlier runs for other models); null: map afresh. Work is charged the
  // same either way, so a budget sees the thesis's cost.
  MappingCache* mappings = nullptr;
};

// Runs until the grid is explored or the evaluator's budget is spent. `draw` gives raw 64-bit random numbers (the
// roulette wheel and the points drawn in a sub-box).
ScheduleResult box_elimination(Evaluator& evaluate, const BoxEliminationOptions& options,
                               const std::function<std::uint64_t()>& draw);

}  // namespace isogrid::scheduling
