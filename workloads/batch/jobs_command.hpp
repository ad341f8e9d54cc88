#pragma once
// `isogrid jobs [TRACE] --out DIR`: the stream of jobs a batch cluster would replay (batch-cluster's parameters as
// options), summarised on the console, written as jobs.csv and drawn as jobs.png: arrivals by hour of day, widths,
// run times and the load offered day by day. A user looks at a trace, or at a drawn stream, before running on it.
#include "simulator/core/catalog.hpp"

namespace isogrid::batch_cluster {

CommandEntry jobs_command();

}  // namespace isogrid::batch_cluster
