#pragma once
// results.csv, written in point order whatever order the points finish in, so that the file is identical for any
// --jobs. Rows that finish early wait in a small buffer until the rows before them are written. Written rows reach
// the file within kFlushInterval seconds (and at once on interruption or at the end), so an interrupted sweep
// keeps what it finished.
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace isogrid {

// Quotes a CSV field when it holds a comma, quote or line break.
std::string csv_field(const std::string& text);

class CsvSink {
public:
  // Fresh file: writes the header. Resume: appends after the rows already there, skipping `done` indices.
  CsvSink(std::string path, const std::vector<std::string>& header, uint64_t total, std::vector<bool> done,
          bool resume);
  ~CsvSink();
  CsvSink(const CsvSink&)            = delete;
  CsvSink& operator=(const CsvSink&) = delete;

  void push(uint64_t index, std::string row);
  size_t waiting() const { return waiting_.size(); }

  // Writes the waiting rows out of order (on interruption: finished work is never thrown away).
  void flush_waiting();
  void flush();

  // Completes the file; after a resume this restores point order if rows were appended out of order.
  void close();

private:
  void write_line(const std::string& line);
  void advance();

  std::string path_;
  std::FILE* file_ = nullptr;
  uint64_t total_;
  std::vector<bool> done_;
  uint64_t next_ = 0;
  std::map<uint64_t, std::string> waiting_;
  bool sorted_         = true;
  int64_t last_written_ = -1;
  double last_flush_    = 0;
  static constexpr double kFlushInterval = 0.1;
};

// Rewrites a results file with its rows in index order (first column), keeping the header first.
void sort_results_file(const std::string& path);

}  // namespace isogrid
