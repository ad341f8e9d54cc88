#include "workloads/batch/job_trace.hpp"

#include "simulator/core/compressed_input.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/core/model.hpp"

namespace isogrid::batch_cluster {

void refuse_trace_record(const std::string& path, const batch::SwfError& e)
{
  throw InputError({path, static_cast<int>(e.line()), static_cast<int>(e.column())}, "trace", e.what());
}

batch::SwfTrace load_job_trace(const std::string& path)
{
  std::string text;
  try {
    text = read_possibly_compressed_input(path);
  } catch (const InputFileError& e) {
    throw ParamError("trace", e.what());  // at the experiment's `trace:`, which names it
  }
  try {
    return batch::parse_swf(text);
  } catch (const batch::SwfError& e) {
    refuse_trace_record(path, e);
  }
}

}  // namespace isogrid::batch_cluster
