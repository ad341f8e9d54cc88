#pragma once
// An SWF job trace named in an experiment file, read as the Parallel Workloads Archive ships it (plain or gzip) and
// parsed by policies/batch/swf. A malformed record is refused at the trace's own line and column, as
// `trace.swf:812:14: trace: run time is -5: it must be >= 0, or -1 (unknown)`.
#include "policies/batch/swf.hpp"

#include <string>

namespace isogrid::batch_cluster {

// Throws InputError at the trace's line and column on a malformed record, and ParamError at `trace` when the file
// cannot be read or unpacked.
batch::SwfTrace load_job_trace(const std::string& path);

// The InputError for `e`, raised while reading the trace at `path` (or while transforming its jobs).
[[noreturn]] void refuse_trace_record(const std::string& path, const batch::SwfError& e);

}  // namespace isogrid::batch_cluster
