#include "simulator/report/table.hpp"

#include "simulator/run/csv_sink.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace isogrid {

namespace {

// A column is text when any of its cells starts with a letter ("-", "" and numbers do not).
std::vector<bool> left_aligned(const Table& t)
{
  std::vector<bool> left(t.columns.size(), false);
  for (size_t i = 0; i < left.size(); ++i) {
    if (t.columns[i].align != Align::Auto) {
      left[i] = t.columns[i].align == Align::Left;
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

std::string cell(const std::vector<std::string>& row, size_t i) { return i < row.size() ? row[i] : std::string(); }

// The UTF-8 symbols report cells hold, as LaTeX writes them without packages beyond booktabs.
const std::pair<const char*, const char*> kLatexSymbols[] = {
    {"±", "$\\pm$"},
    {"×", "$\\times$"},
    {"−", "$-$"},
    {"—", "---"},
    {"–", "--"},
    {"≤", "$\\le$"},
    {"≥", "$\\ge$"},
    {"≈", "$\\approx$"},
    {"²", "$^2$"},
    {"³", "$^3$"},
    {"∞", "$\\infty$"},
    {"∈", "$\\in$"},
    {"…", "\\ldots{}"},
    {"·", "$\\cdot$"},
    {"√", "$\\surd$"},
    {"α", "$\\alpha$"},
    {"β", "$\\beta$"},
    {"γ", "$\\gamma$"},
    {"δ", "$\\delta$"},
    {"ε", "$\\varepsilon$"},
    {"λ", "$\\lambda$"},
    {"μ", "$\\mu$"},
    {"σ", "$\\sigma$"},
    {"ρ", "$\\rho$"},
    {"τ", "$\\tau$"},
    {"Δ", "$\\Delta$"},
    {"✕", "$\\times$"},
    {"→", "$\\to$"},
    {"%", "\\%"},
    {"&", "\\&"},
    {"$", "\\$"},
    {"#", "\\#"},
    {"_", "\\_"},
    {"{", "\\{"},
    {"}", "\\}"},
    {"~", "\\textasciitilde{}"},
    {"^", "\\textasciicircum{}"},
    {"\\", "\\textbackslash{}"},
    {"`", ""},
    {"<", "$<$"},
    {">", "$>$"},
    {"|", "$|$"},
};

std::string latex_escaped(const std::string& text)
{
  std::string out;
  for (size_t i = 0; i < text.size();) {
    bool replaced = false;
    for (const auto& [from, to] : kLatexSymbols) {
      std::string_view f(from);
      if (text.compare(i, f.size(), f) == 0) {
        out += to;
        i += f.size();
        replaced = true;
        break;
      }
    }
    if (!replaced)
      out += text[i++];
  }
  return out;
}

}  // namespace

std::string text_table(const Table& t, const std::string& indent)
{
  std::vector<bool> left = left_aligned(t);
  std::vector<size_t> shown, width;
  for (size_t i = 0; i < t.columns.size(); ++i)
    if (t.columns[i].in_text) {
      shown.push_back(i);
      size_t w = t.columns[i].name.size();
      for (const auto& r : t.rows)
        w = std::max(w, cell(r, i).size());
      width.push_back(w);
    }
  std::string out;
  auto line = [&](auto&& text_of) {
    std::string text = indent;
    for (size_t k = 0; k < shown.size(); ++k)
      text += (k ? "  " : "") + pad(text_of(shown[k]), width[k], left[shown[k]]);
    out += text.substr(0, text.find_last_not_of(' ') + 1) + "\n";
  };
  line([&](size_t i) { return t.columns[i].name; });
  for (const auto& r : t.rows)
    line([&](size_t i) { return cell(r, i); });
  return out;
}

std::string markdown_table(const Table& t)
{
  std::vector<bool> left = left_aligned(t);
  std::string out        = "|";
  for (const auto& c : t.columns)
    out += " " + escaped(c.name) + " |";
  out += "\n|";
  for (bool l : left)
    out += l ? "---|" : "---:|";
  out += "\n";
  for (const auto& r : t.rows) {
    out += "|";
    for (size_t i = 0; i < t.columns.size(); ++i)
      out += " " + escaped(cell(r, i)) + " |";
    out += "\n";
  }
  return out;
}

std::string latex_table(const Table& t, const std::string& caption)
{
  std::vector<bool> left = left_aligned(t);
  std::string spec;
  for (bool l : left)
    spec += l ? 'l' : 'r';
  std::string out;
  if (!caption.empty())
    out += "\\begin{table}\n\\centering\n\\caption{" + latex_escaped(caption) + "}\n";
  out += "\\begin{tabular}{" + spec + "}\n\\toprule\n";
  auto line = [&](auto&& text_of) {
    for (size_t i = 0; i < t.columns.size(); ++i)
      out += (i ? " & " : "") + latex_escaped(text_of(i));
    out += " \\\\\n";
  };
  line([&](size_t i) { return t.columns[i].name; });
  out += "\\midrule\n";
  for (const auto& r : t.rows)
    line([&](size_t i) { return cell(r, i); });
  out += "\\bottomrule\n\\end{tabular}\n";
  if (!caption.empty())
    out += "\\end{table}\n";
  return out;
}

std::string csv_table(const Table& t)
{
  std::vector<std::string> header;
  for (const auto& c : t.columns)
    header.push_back(c.name);
  std::string out = csv_line(header) + "\n";
  for (const auto& r : t.rows) {
    std::vector<std::string> row;
    for (size_t i = 0; i < t.columns.size(); ++i)
      row.push_back(cell(r, i));
    out += csv_line(row) + "\n";
  }
  return out;
}

std::string text_sections(const std::vector<Section>& sections)
{
  std::string out;
  for (const auto& s : sections)
    out += "  " + s.title + "\n" + text_table(s.table, "    ");
  return out;
}

std::string markdown_sections(const std::vector<Section>& sections)
{
  std::string out;
  for (const auto& s : sections)
    out += "**" + s.title + "**\n\n" + markdown_table(s.table) + "\n";
  return out;
}

}  // namespace isogrid
