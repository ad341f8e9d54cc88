#pragma once
// MerITA streams executed on SimGrid: the simulated face of the `merita` model. The stream's core (stream_core.hpp)
// decides as in the predicted face; a controller actor steps it from event to event, and each phase and each move it
// starts runs on the grid's hosts as chapter 5's executed plans run (workloads/rescheduling/executed_phases.hpp):
//   - an interactive cluster's machines replay their CPU availability traces as SimGrid speed profiles, so a phase
//     meets every change of load while it runs, not only the loads it started under;
//   - applications sharing machines or links share them, as other users' jobs are the traces';
//   - a batch cluster's application jobs get hosts of their own (the queue never lets them exceed the cluster); other
//     users' jobs live in the queue alone;
//   - a move writes the checkpoint to the cluster's storage host over its shared link, crosses the wide-area link,
//     restarts and reads; a batch job past its requested time is killed where it is.
// The applications' processes and links run at the model's nominal speeds when free, so a lone application on free
// machines takes what the predicted face prices.
#include "simulator/core/model.hpp"
#include "workloads/merita/merita_run.hpp"

#include <cstdint>
#include <vector>

namespace isogrid::merita {

// Every stream side by side in one simulation, each on its own copy of the grid; `settings` and `seeds` are per
// stream. Throws std::invalid_argument as run_stream does.
std::vector<StreamOutcome> execute_streams(const Grid& grid, const std::vector<Submission>& submissions,
                                           const std::vector<StreamSettings>& settings,
                                           const std::vector<std::uint64_t>& seeds, const SimulationContext& context);

}  // namespace isogrid::merita
