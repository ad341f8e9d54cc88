#pragma once
// The Lublin & Feitelson workload model of rigid parallel jobs ("The workload on parallel supercomputers: modeling
// the characteristics of rigid jobs", JPDC 63(11), 2003), as its authors' generator m_lublin99.c implements it:
// two independent streams, batch and interactive, each with
//   - inter-arrival times whose log is gamma-distributed, stretched through a daily cycle of 48 half-hour slots
//     whose weights follow a gamma density, so that arrivals peak early in the afternoon;
//   - sizes: serial with some probability, else 2^x with x from a two-stage uniform, rounded to a power of two with
//     some probability;
//   - run times whose log follows a hyper-gamma whose mixing probability falls with the size (larger jobs run
//     longer).
// Published parameters, for a 128-node machine; for another size the size distribution's top follows the machine
// (UHi = log2 P) as the generator's comments direct. Times are kept in double precision (the C truncates each arrival
// to whole seconds, which drifts the clock away from the daily cycle: about 1.4 h over 10 000 jobs). Pure, seeded.
#include "base/random.hpp"
#include "policies/batch/batch_queue.hpp"

#include <vector>

namespace isogrid::batch {

struct LublinFeitelsonSettings {
  unsigned processors = 128;  // the machine: sizes up to it
  size_t jobs         = 1000;
  double start_hour   = 0;  // the clock time of the stream's t = 0, in [0, 24)
  // Requested time: the run time times this (the model draws no estimates; 1: exact).
  double requested_over_run = 1;
};

struct LublinFeitelsonJob {
  BatchJob job;
  bool interactive = false;  // from the interactive stream (short, small jobs)
};

// `settings.jobs` jobs in submission order, ids from 1, the first arriving after t = 0. Throws std::invalid_argument
// on fewer than 2 processors, a start hour outside [0, 24) or requested_over_run below 1.
std::vector<LublinFeitelsonJob> lublin_feitelson_stream(const LublinFeitelsonSettings& settings, SeededRandom& random);

}  // namespace isogrid::batch
