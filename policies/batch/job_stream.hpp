#pragma once
// A trace's jobs as a batch cluster's stream, through documented transforms (issue 38): a time window, processor
// counts scaled to the cluster's size, a load factor that compresses inter-arrival times, and a random offset per
// repetition. Pure.
#include "base/random.hpp"
#include "policies/batch/batch_queue.hpp"
#include "policies/batch/swf.hpp"

#include <optional>
#include <vector>

namespace isogrid::batch {

struct StreamSettings {
  double from                 = 0;  // s from the trace's start: jobs submitted in [from, to) are kept
  double to                   = 1e300;
  unsigned cluster_processors = 0;      // the cluster the stream runs on
  bool scale_widths           = false;  // widths times cluster / MaxProcs (rounded, at least 1)
  double load_factor          = 1;      // inter-arrival times divided by it: 2 offers twice the load; in (0, 10]
  // Requested time where the trace has none (-1): the run time times this factor (1: exact estimates).
  double requested_over_run = 1;
  double offset             = 0;  // s added to every submit time (a repetition's random start, see random_offset)
};

// The trace's jobs as the stream `settings` asks for: times relative to `from`, submit times compressed by the load
// factor, widths scaled, jobs with an unknown run time or width left out. Throws std::invalid_argument on a load
// factor outside (0, 10], an empty window or a cluster of 0 processors, and SwfError, at the job's record, on a job
// wider than the cluster (without scaling, or when MaxProcs is unknown).
std::vector<BatchJob> job_stream(const SwfTrace& trace, const StreamSettings& settings);

// The load a stream offers a cluster of `processors`: the processor-seconds its jobs ask for (width x run time) over
// the processor-seconds between its first and last submission (Feitelson's definition). NaN for fewer than two
// distinct submit times.
double offered_load(const std::vector<BatchJob>& jobs, unsigned processors);

// The same jobs with every gap between submissions scaled so that the stream offers `target` (> 0) to a cluster of
// `processors`: the load factor that reaches it, applied as job_stream applies one. Throws std::invalid_argument when
// the stream has no offered load to scale.
std::vector<BatchJob> at_offered_load(std::vector<BatchJob> jobs, unsigned processors, double target);

// A repetition's offset: uniform over [0, span), from the point's random stream.
double random_offset(double span, SeededRandom& random);

}  // namespace isogrid::batch
