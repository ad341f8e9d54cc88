#include "policies/batch/swf.hpp"

#include <cerrno>
#include <cstdlib>
#include <string>

namespace isogrid::batch {

namespace {

constexpr size_t kFields = 18;

struct Field {
  std::string_view text;
  size_t column = 0;  // from 1
};

std::vector<Field> split_fields(std::string_view line)
{
  std::vector<Field> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
      ++i;
    size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
      ++i;
    if (i > start)
      out.push_back({line.substr(start, i - start), start + 1});
  }
  return out;
}

const char* const kFieldNames[kFields] = {"job number",
                                          "submit time",
                                          "wait time",
                                          "run time",
                                          "allocated processors",
                                          "average CPU time",
                                          "used memory",
                                          "requested processors",
                                          "requested time",
                                          "requested memory",
                                          "status",
                                          "user",
                                          "group",
                                          "executable",
                                          "queue",
                                          "partition",
                                          "preceding job",
                                          "think time"};

double number(const Field& f, size_t index, size_t line)
{
  std::string text(f.text);
  char* end = nullptr;
  errno     = 0;
  double x  = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || errno == ERANGE)
    throw SwfError(line, f.column, std::string(kFieldNames[index]) + " '" + text + "' is not a number");
  return x;
}

// A count or time that must be >= 0, or -1 (unknown).
double known_or_unknown(const Field& f, size_t index, size_t line)
{
  double x = number(f, index, line);
  if (x < 0 && x != -1)
    throw SwfError(line, f.column,
                   std::string(kFieldNames[index]) + " is " + std::string(f.text) +
                       ": it must be >= 0, or -1 (unknown)");
  return x;
}

void read_header(std::string_view line, SwfTrace& trace)
{
  std::string_view rest = line.substr(1);
  size_t colon          = rest.find(':');
  if (colon == std::string_view::npos)
    return;
  auto trim = [](std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
      s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
      s.remove_suffix(1);
    return std::string(s);
  };
  std::string key = trim(rest.substr(0, colon));
  if (!key.empty() && key.find(' ') == std::string::npos)
    trace.header.emplace(key, trim(rest.substr(colon + 1)));
}

}  // namespace

int64_t SwfTrace::max_procs() const
{
  for (const char* key : {"MaxProcs", "MaxNodes"})
    if (auto it = header.find(key); it != header.end()) {
      char* end   = nullptr;
      long long x = std::strtoll(it->second.c_str(), &end, 10);
      if (end != it->second.c_str() && x > 0)
        return x;
    }
  return -1;
}

SwfTrace parse_swf(std::string_view text)
{
  SwfTrace trace;
  size_t line_number = 0;
  size_t at          = 0;
  while (at <= text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos)
      end = text.size();
    std::string_view line = text.substr(at, end - at);
    at                    = end + 1;
    ++line_number;
    std::vector<Field> fields = split_fields(line);
    if (fields.empty())
      continue;
    if (fields[0].text.front() == ';') {
      read_header(line.substr(fields[0].column - 1), trace);
      continue;
    }
    if (fields.size() != kFields)
      throw SwfError(line_number, fields.size() > kFields ? fields[kFields].column : line.size() + 1,
                     "an SWF record has 18 fields; this one has " + std::to_string(fields.size()));
    SwfJob job;
    job.line            = line_number;
    job.number          = static_cast<int64_t>(number(fields[0], 0, line_number));
    job.submit          = known_or_unknown(fields[1], 1, line_number);
    job.wait            = known_or_unknown(fields[2], 2, line_number);
    job.run_time        = known_or_unknown(fields[3], 3, line_number);
    job.allocated       = static_cast<int64_t>(known_or_unknown(fields[4], 4, line_number));
    job.requested_procs = static_cast<int64_t>(known_or_unknown(fields[7], 7, line_number));
    job.requested_time  = known_or_unknown(fields[8], 8, line_number);
    job.status          = static_cast<int64_t>(number(fields[10], 10, line_number));
    job.user            = static_cast<int64_t>(number(fields[11], 11, line_number));
    for (size_t k : {5u, 6u, 9u, 12u, 13u, 14u, 15u, 16u, 17u})
      number(fields[k], k, line_number);  // every field a number, even those not read
    int64_t max      = trace.max_procs();
    int64_t width    = job.requested_procs > 0 ? job.requested_procs : job.allocated;
    job.width_column = fields[job.requested_procs > 0 ? 7 : 4].column;
    if (max > 0 && width > max)
      throw SwfError(line_number, job.width_column,
                     "job " + std::to_string(job.number) + " asks for " + std::to_string(width) +
                         " processors; the trace's MaxProcs is " + std::to_string(max));
    if (!trace.jobs.empty() && job.submit >= 0 && job.submit < trace.jobs.back().submit)
      throw SwfError(line_number, fields[1].column,
                     "submit time " + std::string(fields[1].text) + " is before the previous record's (" +
                         std::to_string(static_cast<long long>(trace.jobs.back().submit)) + ", line " +
                         std::to_string(trace.jobs.back().line) + "): an SWF trace is in submission order");
    trace.jobs.push_back(job);
  }
  return trace;
}

}  // namespace isogrid::batch
