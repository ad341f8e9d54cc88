#pragma once
// One table, four renderings: aligned text for a terminal, Markdown for REPORT.md and `--markdown`, and LaTeX
// (booktabs) and CSV files beside REPORT.md for a paper. Every table isogrid prints (references, comparisons,
// crossings, agreements, summary tables, `isogrid plan`) is built as a Table and rendered here, so that the
// renderings cannot drift apart.
#include <string>
#include <vector>

namespace isogrid {

enum class Align { Auto, Left, Right };

struct Column {
  Column(const char* name) : name(name) {}  // NOLINT: a header is usually just its names
  Column(std::string name, Align align = Align::Auto, bool in_text = true)
      : name(std::move(name)), align(align), in_text(in_text)
  {
  }
  std::string name;
  // Auto: names and words left, numbers right, so that decimal points line up.
  Align align = Align::Auto;
  // False for long prose (a reference's source) that a terminal line has no room for: Markdown only.
  bool in_text = true;
};

struct Table {
  std::vector<Column> columns;
  std::vector<std::vector<std::string>> rows;  // each as long as `columns`
};

// A table under a title of its own (one comparison's groups, one summary table of one group).
struct Section {
  std::string title;
  Table table;
};

// Columns padded to their widest cell, each line starting with `indent`, trailing blanks trimmed.
std::string text_table(const Table& table, const std::string& indent = "  ");
// A GitHub-flavoured Markdown table; '|' inside a cell is escaped.
std::string markdown_table(const Table& table);

// A LaTeX tabular with booktabs rules (\usepackage{booktabs}), in a table float with `caption` when one is given;
// the cells' special characters escaped, and the symbols REPORT.md uses (±, ×, −, ≤, Greek letters) in math mode,
// so that pdflatex compiles it as it is.
std::string latex_table(const Table& table, const std::string& caption = "");
// The table as CSV (RFC 4180): the header, then one line per row.
std::string csv_table(const Table& table);

// "  title\n" then the table indented under it; "**title**\n\n" then the table and a blank line.
std::string text_sections(const std::vector<Section>& sections);
std::string markdown_sections(const std::vector<Section>& sections);

}  // namespace isogrid
