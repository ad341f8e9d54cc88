#include "simulator/run/csv_sink.hpp"

#include "simulator/core/text.hpp"
#include "simulator/run/results_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <stdexcept>

namespace isogrid {

std::string csv_field(const std::string& text)
{
  std::string out;
  append_csv_field(out, text);
  return out;
}

void append_csv_field(std::string& out, std::string_view text)
{
  if (text.find_first_of(",\"\n\r") == std::string_view::npos) {
    out += text;
    return;
  }
  out += '"';
  for (char c : text) {
    if (c == '"')
      out += "\"\"";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else
      out += c;
  }
  out += '"';
}

std::string csv_line(const std::vector<std::string>& fields)
{
  std::string line;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i)
      line += ',';
    append_csv_field(line, fields[i]);
  }
  return line;
}

CsvSink::CsvSink(std::string path, const std::vector<std::string>& header, uint64_t total, std::vector<bool> done,
                 bool resume, const std::string& kept, std::vector<bool> keep)
    : path_(std::move(path)), file_(path_, resume), total_(total), done_(std::move(done)), keep_(std::move(keep))
{
  done_.resize(total_, false);
  keep_.resize(total_, false);
  if (!resume)
    write_line(csv_line(header));
  if (!kept.empty()) {
    kept_.open(kept);
    std::string ignored_header;
    std::getline(kept_, ignored_header);
    read_next_kept();
  }
  advance();
}

CsvSink::~CsvSink() = default;

void CsvSink::read_next_kept()
{
  kept_index_ = -1;
  std::string line;
  while (kept_ && std::getline(kept_, line)) {
    if (line.empty() || kept_.eof())  // the last line without its newline is torn: not kept
      continue;
    uint64_t index = std::stoull(line.substr(0, line.find(',')));
    if (index < total_ && keep_[index]) {
      kept_index_ = static_cast<int64_t>(index);
      kept_line_  = std::move(line);
      return;
    }
  }
}

void CsvSink::write_line(std::string_view line)
{
  file_.add(line);
  // Flushed at least every kFlushInterval: a killed run loses at most that much work (which --resume redoes),
  // and fast analytic sweeps do not pay a system call per row.
  double now = coarse_monotonic_seconds();
  if (now - last_flush_ >= kFlushInterval) {
    file_.flush();
    last_flush_ = now;
  }
}

void CsvSink::write_row(std::string_view text, bool failed)
{
  write_line(text);
  errors_written_ += failed ? 1 : 0;
}

void CsvSink::advance()
{
  while (next_ < total_) {
    if (kept_index_ == static_cast<int64_t>(next_)) {
      write_line(kept_line_);
      read_next_kept();
      ++next_;
      continue;
    }
    if (done_[next_] || keep_[next_]) {  // a kept row the kept file lacks is not this run's to write either
      ++next_;
      continue;
    }
    auto it = waiting_.find(next_);
    if (it == waiting_.end())
      return;
    write_row(it->second.text, it->second.failed);
    waiting_.erase(it);
    ++next_;
  }
}

void CsvSink::push(uint64_t index, std::string_view row, bool failed)
{
  if (index == next_ && waiting_.empty() && kept_index_ != static_cast<int64_t>(index)) {  // straight to the file
    write_row(row, failed);
    ++next_;
    advance();
    return;
  }
  waiting_.emplace(index, Row{std::string(row), failed});  // copied only when it has to wait
  advance();
}

void CsvSink::flush() { file_.flush(); }

void CsvSink::close()
{
  waiting_.clear();  // behind a hole: never written, so the file stays a prefix in order
  file_.close();
}

void CsvSink::abandon()
{
  waiting_.clear();
  file_.abandon();
}

namespace {

// A results file's rows by index, dropping a torn last line.
std::map<uint64_t, std::string> rows_by_index(const std::string& path, std::string& header)
{
  std::ifstream in(path);
  std::getline(in, header);
  std::map<uint64_t, std::string> rows;
  std::string line;
  for (size_t number = 2; std::getline(in, line); ++number) {
    if (line.empty() || in.eof())
      continue;
    rows[row_index(line.substr(0, line.find(',')), path, number)] = line;
  }
  return rows;
}

void write_rows(const std::string& path, const std::string& header, const std::map<uint64_t, std::string>& rows)
{
  AtomicFileWriter out(path);
  out << header << '\n';
  for (const auto& [index, row] : rows)
    out << row << '\n';
  out.commit();
}

}  // namespace

void merge_results_files(const std::string& newer, const std::string& older)
{
  std::string header, older_header;
  std::map<uint64_t, std::string> rows = rows_by_index(older, older_header);
  for (auto& [index, row] : rows_by_index(newer, header))
    rows[index] = std::move(row);
  write_rows(newer, header.empty() ? older_header : header, rows);
}

void sort_results_file(const std::string& path)
{
  std::string header;
  std::map<uint64_t, std::string> rows = rows_by_index(path, header);
  write_rows(path, header, rows);
}

}  // namespace isogrid
