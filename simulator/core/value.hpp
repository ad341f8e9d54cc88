#pragma once
// A parameter value as experiment files carry it: a number, a word, or a list of numbers
// (per-worker heterogeneous values such as A: [1, 2, 4]).
#include <string>
#include <variant>
#include <vector>

namespace isogrid {

using Value = std::variant<double, std::string, std::vector<double>>;

inline bool is_number(const Value& v) { return std::holds_alternative<double>(v); }
inline bool is_text(const Value& v) { return std::holds_alternative<std::string>(v); }
inline bool is_list(const Value& v) { return std::holds_alternative<std::vector<double>>(v); }

// Shortest text that reads back to the same double ("1e+08", "0.5", "20"); lists join with ';'.
// Deterministic, so results.csv is byte-identical between runs.
std::string format_number(double x);
std::string format_value(const Value& v);

// Values compare exactly except numbers, which match to a relative 1e-9 so that a reference point
// written as "1e5" finds the sweep point produced by logspace.
bool values_match(const Value& a, const Value& b);

}  // namespace isogrid
