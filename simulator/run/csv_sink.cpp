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
  if (text.find_first_of(",\"\n\r") == std::string::npos)
    return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"')
      out += "\"\"";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else
      out += c;
  }
  return out + "\"";
}

CsvSink::CsvSink(std::string path, const std::vector<std::string>& header, uint64_t total, std::vector<bool> done,
                 bool resume)
    : path_(std::move(path)), total_(total), done_(std::move(done))
{
  done_.resize(total_, false);
  file_ = std::fopen(path_.c_str(), resume ? "a" : "w");
  if (!file_)
    throw std::runtime_error(fmt::format("cannot write {}: {}", path_, std::strerror(errno)));
  if (!resume) {
    std::string line;
    for (size_t i = 0; i < header.size(); ++i)
      line += (i ? "," : "") + csv_field(header[i]);
    write_line(line);
  } else {
    // Rows already on disk came first; anything appended now may need re-sorting at close().
    for (uint64_t i = total_; i-- > 0;)
      if (done_[i]) {
        last_written_ = static_cast<int64_t>(i);
        break;
      }
  }
  advance();
}

CsvSink::~CsvSink()
{
  if (file_)
    std::fclose(file_);
}

void CsvSink::write_line(const std::string& line)
{
  std::fwrite(line.data(), 1, line.size(), file_);
  std::fputc('\n', file_);
  // Flushed at least every kFlushInterval: a killed run loses at most that much work (which --resume redoes),
  // and fast analytic sweeps do not pay a system call per row.
  double now = monotonic_seconds();
  if (now - last_flush_ >= kFlushInterval) {
    std::fflush(file_);
    last_flush_ = now;
  }
}

void CsvSink::advance()
{
  while (next_ < total_) {
    if (done_[next_]) {
      ++next_;
      continue;
    }
    auto it = waiting_.find(next_);
    if (it == waiting_.end())
      return;
    if (static_cast<int64_t>(next_) < last_written_)
      sorted_ = false;
    write_line(it->second);
    last_written_ = std::max<int64_t>(last_written_, static_cast<int64_t>(next_));
    waiting_.erase(it);
    ++next_;
  }
}

void CsvSink::push(uint64_t index, std::string row)
{
  if (index == next_ && waiting_.empty()) {  // the common case: straight to the file
    write_line(row);
    last_written_ = std::max<int64_t>(last_written_, static_cast<int64_t>(index));
    ++next_;
    advance();
    return;
  }
  waiting_.emplace(index, std::move(row));
  advance();
}

void CsvSink::flush_waiting()
{
  for (auto& [index, row] : waiting_) {
    sorted_ = false;  // a gap precedes these rows; close() restores point order
    write_line(row);
    last_written_ = std::max<int64_t>(last_written_, static_cast<int64_t>(index));
  }
  waiting_.clear();
  std::fflush(file_);
}

void CsvSink::flush() { std::fflush(file_); }

void CsvSink::close()
{
  if (!file_)
    return;
  std::fclose(file_);
  file_ = nullptr;
  if (!sorted_)
    sort_results_file(path_);
}

void sort_results_file(const std::string& path)
{
  std::ifstream in(path);
  std::string header;
  std::getline(in, header);
  std::vector<std::pair<uint64_t, std::string>> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty())
      continue;
    rows.emplace_back(std::stoull(line.substr(0, line.find(','))), line);
  }
  in.close();
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string tmp = path + ".sorting";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << header << '\n';
    for (const auto& r : rows)
      out << r.second << '\n';
    if (!out)
      throw std::runtime_error(fmt::format("cannot write {}", tmp));
  }
  std::filesystem::rename(tmp, path);
}

}  // namespace isogrid
