#pragma once
// The stream of other users' jobs a batch cluster replays, from its parameters: an SWF trace through the documented
// transforms, or a Lublin-Feitelson stream drawn from the seed. Shared by the `batch-cluster` model and
// `isogrid jobs`, so that what the command shows is what a point replays.
#include "policies/batch/batch_queue.hpp"
#include "workloads/batch/batch_cluster_model.hpp"

#include <cstdint>
#include <vector>

namespace isogrid::batch_cluster {

struct BackgroundStream {
  std::vector<batch::BatchJob> jobs;
  std::vector<bool> interactive;  // a drawn stream's: from the interactive stream; a trace's: all false
  unsigned processors = 0;
};

// Throws ParamError at the parameter at fault, and InputError at a trace's own record.
BackgroundStream background_stream(const BatchClusterParams& params, uint64_t seed);

}  // namespace isogrid::batch_cluster
