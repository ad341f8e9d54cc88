#include "simulator/run/results_reader.hpp"

#include "simulator/core/input_error.hpp"
#include "simulator/core/yaml_source.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <fmt/format.h>
#include <fstream>
#include <stdexcept>

namespace isogrid {

std::vector<std::string> split_csv_line(const std::string& line)
{
  std::vector<std::string> out;
  // Most fields are numbers: cut at each comma while no quote is in sight (a million-row file is read this way by
  // every analysis), and read the quoted ones character by character.
  size_t start = 0;
  while (true) {
    if (start < line.size() && line[start] == '"') {
      std::string field;
      size_t i = start + 1;
      for (; i < line.size(); ++i) {
        if (line[i] == '"' && i + 1 < line.size() && line[i + 1] == '"') {
          field += '"';
          ++i;
        } else if (line[i] == '"') {
          ++i;
          break;
        } else {
          field += line[i];
        }
      }
      size_t comma = line.find(',', i);  // anything between the closing quote and the comma is kept, as before
      field += line.substr(i, comma == std::string::npos ? std::string::npos : comma - i);
      out.push_back(std::move(field));
      if (comma == std::string::npos)
        break;
      start = comma + 1;
      continue;
    }
    size_t comma = line.find(',', start);
    out.emplace_back(line, start, comma == std::string::npos ? std::string::npos : comma - start);
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return out;
}

int column_index(const std::vector<std::string>& header, const std::string& name)
{
  auto it = std::find(header.begin(), header.end(), name);
  return it == header.end() ? -1 : static_cast<int>(it - header.begin());
}

double number_cell(const std::vector<std::string>& row, int column)
{
  double x = std::nan("");
  if (column >= 0 && !parse_number(row[static_cast<size_t>(column)], x))
    x = std::nan("");
  return x;
}

bool ResultsLayout::ok(const std::vector<std::string>& row) const
{
  return status >= 0 && row[static_cast<size_t>(status)] == "ok";
}

uint64_t ResultsLayout::point(const std::vector<std::string>& row) const
{
  return std::stoull(row[static_cast<size_t>(index)]);
}

ResultsLayout read_results_layout(const std::string& path)
{
  ResultsLayout l;
  l.header = read_results_header(path);
  l.status = column_index(l.header, "status");
  l.index  = column_index(l.header, "index");
  return l;
}

int ResultsTable::column(const std::string& name) const { return column_index(header, name); }

std::vector<std::string> for_each_result(const std::string& path,
                                         const std::function<void(const std::vector<std::string>&)>& row)
{
  return for_each_numbered_result(path, [&](const std::vector<std::string>& r, size_t) { row(r); });
}

uint64_t row_index(const std::string& cell, const std::string& file, size_t line)
{
  uint64_t index    = 0;
  auto [end, error] = std::from_chars(cell.data(), cell.data() + cell.size(), index);
  if (error != std::errc() || end != cell.data() + cell.size() || cell.empty())
    throw InputError({file, static_cast<int>(line), 1}, "index",
                     fmt::format("expected the point's index, a whole number, got '{}': this results.csv was changed "
                                 "by hand or is not isogrid's; --force starts the run over",
                                 cell.substr(0, 40)));
  return index;
}

std::vector<std::string>
for_each_numbered_result(const std::string& path,
                         const std::function<void(const std::vector<std::string>&, size_t line)>& row)
{
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error(fmt::format("cannot read {}", path));
  std::string line;
  if (!std::getline(in, line))
    throw std::runtime_error(fmt::format("{} is empty", path));
  std::vector<std::string> header = split_csv_line(line);
  size_t number                   = 1;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty())
      continue;
    auto fields = split_csv_line(line);
    if (fields.size() == header.size())
      row(fields, number);
  }
  return header;
}

std::vector<std::string> read_results_header(const std::string& path)
{
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line))
    throw std::runtime_error(fmt::format("cannot read a header from {}", path));
  return split_csv_line(line);
}

ResultsTable read_results(const std::string& path)
{
  ResultsTable t;
  t.header = for_each_result(path, [&](const std::vector<std::string>& r) { t.rows.push_back(r); });
  return t;
}

}  // namespace isogrid
