#pragma once
// Genetic algorithm over schedules (Sanjay, Fig. 4.2): for procs = max_procs down to 2, a population of 60
// random procs-machine schedules evolves for 50 generations by single-point crossover of random pairs (children
// repaired to distinct machines, erratum 4), greedy mutation (each mutation step replaces a random machine with the
// best machine outside the schedule) and truncation selection of the best 60 of 120.
#include "base/random.hpp"
#include "policies/scheduling/schedule_evaluator.hpp"

namespace isogrid::scheduling {

struct GaOptions {
  int population        = 60;
  int generations       = 50;
  double mutation_share = 0.2;  // mutation steps per child: ceil(0.2 x procs), at least 1
};

ScheduleResult genetic_schedule(Evaluator& evaluate, SeededRandom& random, const GaOptions& options = {});

}  // namespace isogrid::scheduling
