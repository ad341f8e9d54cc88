#pragma once
// One table, two renderings: aligned text for a terminal and Markdown for REPORT.md and `--markdown`. Every table
// isogrid prints (references, comparisons, crossings, agreements, summary tables, `isogrid plan`) is built as a
// Table and rendered here, so the two renderings cannot drift apart.
#include <string>
#include <vector>

namespace isogrid {

enum class Align { Auto, Left, Right };

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;  // each as long as the header
  // Per column; missing entries are Auto: names and words left, numbers right, so that decimal points line up.
  std::vector<Align> align;
};

// Columns padded to their widest cell, each line starting with `indent`, trailing blanks trimmed.
std::string text_table(const Table& table, const std::string& indent = "  ");
// A GitHub-flavoured Markdown table; '|' inside a cell is escaped.
std::string markdown_table(const Table& table);

}  // namespace isogrid
