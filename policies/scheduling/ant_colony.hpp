#pragma once
// Ant colony optimisation (Sanjay, Fig. 4.3, after Al-Ani's feature-subset ACO): one pheromone value per machine;
// for procs = max_procs down to 2, 60 ants build schedules (75 % of the machines by a pheromone roulette over the
// pool of the top ants' machines, the rest greedily by pheromone / time), and the 30 best ants deposit pheromone.
// Erratum 5: the deposit divides by the spread of the top ants' times (Al-Ani's form), not by zero.
#include "base/random.hpp"
#include "policies/scheduling/schedule_evaluator.hpp"

namespace isogrid::scheduling {

struct AcoOptions {
  int ants              = 60;
  int top_ants          = 30;
  double evaporation    = 0.9;  // rho: T <- rho T + dT
  int iterations        = 50;
  double roulette_share = 0.75;  // of procs, drawn by the roulette; the rest added greedily
};

ScheduleResult ant_colony(Evaluator& evaluate, SeededRandom& random, const AcoOptions& options = {});

}  // namespace isogrid::scheduling
