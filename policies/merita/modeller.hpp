#pragma once
// MerITA's performance modeller (Sanjay, Secs. 6.3 and 6.6): what the metascheduler predicts an application's phases
// with, learned from the executions in its database rather than known. The chapter 3 modeller itself does it: on
// the base cluster, the staged search per phase (§3.6's cumulative model, multi_phase.hpp) over the runs recorded
// there with the loads their sensors measured; on every other cluster, that model ported by Eq. 3.9 (porting.hpp),
// R_cpu from dedicated one-processor runs of the whole application there and on the base cluster, R_bw per phase
// from a dedicated two-processor run there. Pure.
#include "policies/modelling/staged_search.hpp"
#include "policies/rescheduling/phased_application.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace isogrid::merita {

// One cluster's dedicated runs, for porting: the whole application on one processor (s), and each phase's
// observation in a two-processor run.
struct DedicatedRuns {
  double one_processor = 0;
  std::vector<modelling::Observation> two_processor_phases;
};

struct ExecutionDatabase {
  std::size_t base_cluster = 0;
  // [phase][run]: each phase's time on the base cluster in every recorded run, with its processors and the loads
  // measured inside the phase (minAvgAvailCPU, minAvgAvailBW).
  std::vector<std::vector<modelling::Observation>> base_phases;
  std::vector<DedicatedRuns> dedicated;  // per cluster, grid order (the base cluster's too)
};

// The processors of the base cluster's recorded runs, in turn (Sec. 6.6: 1, 2, 4 and 8 processors).
const std::vector<std::size_t>& base_run_processors();

// A phase's model for Box Elimination: the best-ranked of the staged search's sorted list that never gets slower
// with more processors, CPU or bandwidth (BE needs it; a decreasing speedup can rank first on noisy runs). Throws
// std::invalid_argument when the list holds none.
modelling::FittedModel schedulable_head(const std::vector<modelling::FittedModel>& sorted);

// The application as MerITA's models predict it on each cluster, grid order: its name, problem size N and
// phases. Throws std::invalid_argument when the database cannot give a model (fewer than 3 runs at 1, at 2 and at
// 2 or more processors for a phase; a cluster without its dedicated runs).
std::vector<rescheduling::PhasedApplication> learned_applications(const std::string& name, double problem_size,
                                                                  const ExecutionDatabase& database,
                                                                  const modelling::SearchLimits& limits = {});

}  // namespace isogrid::merita
