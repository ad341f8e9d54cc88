#pragma once
// Simulated annealing (Sanjay, Fig. 4.1, after YarKhan & Dongarra): machines ranked by their single-machine Eq. 4.1
// time; for procs = max_procs down to 2, start from the procs best-ranked machines and anneal by swapping one
// machine of the schedule for one outside it.
#include "base/random.hpp"
#include "policies/scheduling/schedule_evaluator.hpp"

namespace isogrid::scheduling {

enum class SaAcceptance {
  Thesis,     // accept a worse schedule when r < exp((prev - cur) / temperature), prev starting at cur (literal)
  Metropolis  // the textbook rule: r < exp((cur - new) / temperature)
};

struct SaOptions {
  double initial_temperature = 100;
  double final_temperature   = 1;
  double cooling             = 0.8;  // geometric: T <- 0.8 T ("100 to 1 in steps of 0.8", erratum 1)
  int steps_per_temperature  = 80;
  int accept_limit           = 20;  // leave a temperature level after more acceptances than this
  SaAcceptance acceptance    = SaAcceptance::Thesis;
};

ScheduleResult simulated_annealing(Evaluator& evaluate, SeededRandom& random, const SaOptions& options = {});

}  // namespace isogrid::scheduling
