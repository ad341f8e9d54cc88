#pragma once
// results.csv, written in point order whatever order the points finish in, so that the file is identical for any
// --jobs. A row is written only once every row before it is: rows that finish early wait in a small buffer, and an
// interrupted run drops them rather than leave a hole (--resume computes them again). The file is therefore always
// the rows of a prefix of the sweep, in order, and a resumed run ends byte-identical to a clean one. Written rows
// reach the file within kFlushInterval seconds (and at once on interruption or at the end). Every write is checked
// (checked_file.hpp): a failed one throws WriteFailed and leaves the file cut back to its last complete row.
#include "simulator/run/checked_file.hpp"

#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace isogrid {

// Quotes a CSV field when it holds a comma, quote or line break (a line break becomes a space: one row, one line).
std::string csv_field(const std::string& text);
// csv_field(text) appended to `out`.
void append_csv_field(std::string& out, std::string_view text);
// The fields as one CSV line (no line break), each through csv_field: how results.csv's header is written.
std::string csv_line(const std::vector<std::string>& fields);

class CsvSink {
public:
  // Fresh file: writes the header. Resume: appends after the rows already there. `done` marks the indices this run
  // neither computes nor writes (already in the file, or ruled out by `where`). `kept`, when not empty, is a results
  // file whose rows at the indices `keep` marks are copied in their turn (a --retry-errors run keeps the good rows
  // of the run it retries).
  CsvSink(std::string path, const std::vector<std::string>& header, uint64_t total, std::vector<bool> done, bool resume,
          const std::string& kept = "", std::vector<bool> keep = {});
  ~CsvSink();
  CsvSink(const CsvSink&)            = delete;
  CsvSink& operator=(const CsvSink&) = delete;

  // `failed`: an error row, counted by errors_written() once it reaches the file.
  void push(uint64_t index, std::string_view row, bool failed = false);
  size_t waiting() const { return waiting_.size(); }
  // Error rows of this run in the file so far (rows copied from `kept` are not counted: their run knows them).
  uint64_t errors_written() const { return errors_written_; }

  void flush();
  // Completes the file. Rows still waiting behind an unfinished point are dropped: --resume computes them again.
  void close();
  // Stops writing without flushing (after a failed write: what is buffered would land behind a hole).
  void abandon();
  // True when every index is in the file.
  bool complete() const { return next_ >= total_; }

private:
  struct Row {
    std::string text;
    bool failed = false;
  };
  void write_line(std::string_view line);
  void write_row(std::string_view text, bool failed);
  void advance();
  void read_next_kept();

  std::string path_;
  LineAppender file_;
  uint64_t total_;
  std::vector<bool> done_;
  uint64_t next_ = 0;
  std::map<uint64_t, Row> waiting_;
  uint64_t errors_written_ = 0;
  std::ifstream kept_;
  std::vector<bool> keep_;
  int64_t kept_index_ = -1;  // index of kept_line_, -1 when the kept file is exhausted
  std::string kept_line_;
  double last_flush_                     = 0;
  static constexpr double kFlushInterval = 0.1;
};

// Rewrites a results file with its rows in index order (first column), keeping the header first.
void sort_results_file(const std::string& path);

// Writes `newer` (a run's rows) over `older` (the rows of the run it retried), index by index, into `newer`: rows of
// `newer` win, rows only in `older` are kept, the result is in index order. Atomic (a temporary file renamed).
void merge_results_files(const std::string& newer, const std::string& older);

}  // namespace isogrid
