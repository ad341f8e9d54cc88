#pragma once
// Box Elimination (thesis Figs. 4.6-4.8, §4.2.7): the search runs over a 3-D grid of hypothetical schedule
// characteristics (cpu, bandwidth, P) instead of machine subsets. Each visited grid point is mapped to a real
// schedule (find_schedule.hpp), evaluated, and two sub-boxes are struck off: SB1 (cpu and bandwidth <= the
// schedule's real ones, 2 <= P <= its P: no better, as T falls when cpu, bandwidth or P >= 2 grows; P = 1 only
// where a single machine is no faster, as it has no communication term) and SB8 (cpu and bandwidth >= the floors
// the point was mapped with, P above the maximal set found: nothing realisable). Both are argued from the real
// point, not from its snapped grid image: nearest-rounding can lift the image above the real cpu or bandwidth,
// and SB1 around it would strike better points. The next point is drawn from one of the six
// mixed octants around the first reference point, by a roulette wheel whose sector for an octant grows each time
// a point drawn there improves on the best schedule.
//
// The elimination is sound only for a model that is monotone in P, cpu and bandwidth: box_elimination refuses
// another (std::invalid_argument). Readings of what the thesis leaves open (shared notes, section 3.6): the six
// wheel sectors stay those of the first reference point (the first schedule's nearest grid point); octants split
// each axis at the reference index, the reference plane going with the lower half; the drawn point's whole column
// is struck (SB1 holds its P <= P_real, SB8 the rest); the elimination floor-snaps the real point (bandwidth
// +infinity, one machine, to the top of the axis). SB8 relies on the mapping's set being maximal, which its
// greedy does not guarantee.
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
  double cpu_step       = 0.1;
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
