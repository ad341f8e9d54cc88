#pragma once
// A parameter value as experiment files carry it: a number, a word, a list of numbers (per-worker heterogeneous
// values such as A: [1, 2, 4]), a list of words (schedulers: [sa, be]), or a mapping of names to values
// (alphabet: {F: Edin3, S: SBC}; program_parameters: {queens: {depth: 1}}).
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace isogrid {

struct Mapping;
using Value = std::variant<double, std::string, std::vector<double>, std::vector<std::string>, Mapping>;

// Entries in the order the experiment file writes them; keys are unique (the YAML loader refuses duplicates).
struct Mapping {
  std::vector<std::pair<std::string, Value>> entries;

  const Value* find(const std::string& key) const;
  bool operator==(const Mapping& other) const;
  bool operator!=(const Mapping& other) const { return !(*this == other); }
};

inline bool is_number(const Value& v) { return std::holds_alternative<double>(v); }
inline bool is_text(const Value& v) { return std::holds_alternative<std::string>(v); }
inline bool is_list(const Value& v) { return std::holds_alternative<std::vector<double>>(v); }
inline bool is_word_list(const Value& v) { return std::holds_alternative<std::vector<std::string>>(v); }
inline bool is_mapping(const Value& v) { return std::holds_alternative<Mapping>(v); }

// Shortest text that reads back to the same double ("1e+08", "0.5", "20").
std::string format_number(double x);
// format_number(x) appended to `out`, with no temporary string: a row of results.csv is built in one buffer.
void append_number(std::string& out, double x);
// Deterministic, so results.csv is byte-identical between runs:
//   numbers as format_number; lists of numbers joined with ';' ("1;2;4"); lists of words with ", " ("sa, be");
//   mappings as "key=value, key=value", and a mapping holding mappings as "name: k=v, k=v; name2: k=v".
std::string format_value(const Value& v);

// The value as YAML flow style writes it: "1e+08", "fastest", "[1, 2, 4]", "[sa, be]", "{F: Edin3, S: SBC}" (what
// `isogrid list` shows and an experiment file or --set accepts).
std::string yaml_value(const Value& v);

// Values compare exactly except numbers, which match to a relative 1e-9 so that a reference point
// written as "1e5" finds the sweep point produced by logspace.
bool values_match(const Value& a, const Value& b);

// An order for showing values: numbers by size (m = 2 before m = 10), lists element by element, words and mappings
// as text; values of different kinds by kind.
bool value_less(const Value& a, const Value& b);
// Lists of values (a group's), element by element in value_less's order.
bool values_less(const std::vector<Value>& a, const std::vector<Value>& b);
// The same order for cells of a CSV file: a cell that reads as a number is one (m = 2 before m = 10).
bool cells_less(const std::vector<std::string>& a, const std::vector<std::string>& b);

}  // namespace isogrid
