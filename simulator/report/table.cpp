#include "simulator/report/table.hpp"

#include <algorithm>
#include <cctype>

namespace isogrid {

namespace {

// A column is text when any of its cells starts with a letter ("-", "" and numbers do not).
std::vector<bool> left_aligned(const Table& t)
{
  std::vector<bool> left(t.header.size(), false);
  for (size_t i = 0; i < left.size(); ++i) {
    Align a = i < t.align.size() ? t.align[i] : Align::Auto;
    if (a != Align::Auto) {
      left[i] = a == Align::Left;
      continue;
    }
    for (const auto& r : t.rows)
      left[i] = left[i] || (i < r.size() && !r[i].empty() && std::isalpha(static_cast<unsigned char>(r[i][0])));
  }
  return left;
}

std::string pad(const std::string& cell, size_t width, bool left)
{
  std::string fill(width > cell.size() ? width - cell.size() : 0, ' ');
  return left ? cell + fill : fill + cell;
}

std::string escaped(const std::string& cell)
{
  std::string out;
  for (char c : cell)
    out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

}  // namespace

std::string text_table(const Table& t, const std::string& indent)
{
  std::vector<bool> left = left_aligned(t);
  std::vector<size_t> width;
  for (const auto& h : t.header)
    width.push_back(h.size());
  for (const auto& r : t.rows)
    for (size_t i = 0; i < r.size() && i < width.size(); ++i)
      width[i] = std::max(width[i], r[i].size());
  std::string out;
  auto line = [&](const std::vector<std::string>& cells) {
    std::string text = indent;
    for (size_t i = 0; i < width.size(); ++i)
      text += (i ? "  " : "") + pad(i < cells.size() ? cells[i] : "", width[i], left[i]);
    out += text.substr(0, text.find_last_not_of(' ') + 1) + "\n";
  };
  line(t.header);
  for (const auto& r : t.rows)
    line(r);
  return out;
}

std::string markdown_table(const Table& t)
{
  std::vector<bool> left = left_aligned(t);
  std::string out        = "|";
  for (const auto& h : t.header)
    out += " " + escaped(h) + " |";
  out += "\n|";
  for (bool l : left)
    out += l ? "---|" : "---:|";
  out += "\n";
  for (const auto& r : t.rows) {
    out += "|";
    for (size_t i = 0; i < t.header.size(); ++i)
      out += " " + (i < r.size() ? escaped(r[i]) : std::string()) + " |";
    out += "\n";
  }
  return out;
}

}  // namespace isogrid
