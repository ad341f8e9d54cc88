#pragma once
// The Standard Workload Format (SWF 2.2) of the Parallel Workloads Archive (Feitelson, Tsafrir & Krakov 2014): one job
// per line, 18 whitespace-separated fields, -1 where a field is unknown; header lines start with ';' and carry
// `Key: value` pairs (MaxProcs, MaxNodes, UnixStartTime, notes). Pure: text in, jobs out, each with the line it came
// from, so that an error names the trace's own line and column.
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace isogrid::batch {

// One SWF record, the fields isogrid reads; -1 (or NaN for times) where the trace does not know.
struct SwfJob {
  int64_t number          = -1;  // field 1
  double submit           = -1;  // field 2, s from the log's start
  double wait             = -1;  // field 3
  double run_time         = -1;  // field 4
  int64_t allocated       = -1;  // field 5, processors
  int64_t requested_procs = -1;  // field 8
  double requested_time   = -1;  // field 9, s
  int64_t status          = -1;  // field 11
  int64_t user            = -1;  // field 12
  size_t line             = 0;   // in the trace, from 1
  size_t width_column     = 0;   // of the field the width is read from (requested, else allocated processors)
};

struct SwfTrace {
  std::map<std::string, std::string> header;  // "MaxProcs" -> "128"; repeated keys (Note, Queue) keep the first
  std::vector<SwfJob> jobs;
  int64_t max_procs() const;  // MaxProcs, else MaxNodes, else -1
};

// A malformed record: where it is in the trace and what is wrong, as the user reads it.
class SwfError : public std::runtime_error {
public:
  SwfError(size_t line, size_t column, const std::string& message)
      : std::runtime_error(message), line_(line), column_(column)
  {
  }
  size_t line() const { return line_; }
  size_t column() const { return column_; }

private:
  size_t line_, column_;
};

// Reads a whole trace. Throws SwfError on a record without 18 fields, a field that is not a number, a negative run
// time or processor count other than -1, a job wider than MaxProcs, or a submit time before the previous record's.
SwfTrace parse_swf(std::string_view text);

}  // namespace isogrid::batch
