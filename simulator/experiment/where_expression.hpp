#pragma once
// The `where:` filter of an experiment file: a condition on the parameters; points of the sweep for which it is
// false are skipped (not run, not written).
//
//   where: "N_x / (p * C) >= 1 and m <= 16"
//
// The language, loosest binding first:
//
//   a or b      a || b          either is true
//   a and b     a && b          both are true
//   not a       ! a             a is false
//   a < b   a <= b   a > b   a >= b   a == b   a != b
//                               compare two numbers (== is exact); comparisons do not chain: `a < b < c` is an
//                               error, write `a < b and b < c`
//   a + b   a - b               arithmetic on numbers
//   a * b   a / b
//   -a                          unary minus
//   a ^ b                       power, right-associative (2^3^2 = 2^9), tighter than a unary minus on its left
//                               (-2^2 = -4) and accepting one on its right (2^-1 = 0.5)
//   f(...)  ( a )               min(a, b, ...), max(a, b, ...) (one argument or more), abs(x), log10(x),
//                               floor(x), ceil(x); parentheses
//
// Operands are numbers written as experiment files write them (1, 2.5, .5, 1e-3, 1E10), parameter names
// (letters, digits and `_`, starting with a letter or `_`; case-sensitive), and `true` / `false`. Keywords are
// lower case. A name followed by `(` is a function, otherwise a parameter.
//
// Every node has a type, number or true/false, checked while parsing: `1 + (a < b)`, `not 3`, `(a < b) == true`
// and a whole expression that is a number are errors before any point runs.
//
// Arithmetic follows IEEE 754 doubles: x/0 is ±inf, 0/0 and log10(-1) are NaN. An ordering comparison or == with
// a NaN operand is false, and != is its negation (true), as in C++. min and max return NaN when an argument is
// NaN (IEEE 754-2019 minimum/maximum), so a NaN is never hidden.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace isogrid {

// A problem in the text of a where expression. what() is the message alone ("expected ')' to close the '(' at
// column 3"); `column` is the 1-based byte column in the expression text, so that the experiment loader can
// point at it inside the file (add it to the column of the YAML scalar).
struct WhereError : std::invalid_argument {
  WhereError(int at_column, const std::string& message) : std::invalid_argument(message), column(at_column) {}
  int column;
};

// A default-constructed WhereExpression is the absent filter: it uses no parameters and always holds.
class WhereExpression {
public:
  // Parses `text`; `known` are the parameter names that may appear. Throws WhereError at the first problem.
  static WhereExpression parse(const std::string& text, const std::vector<std::string>& known);

  // Whether the condition holds when names()[i] has the value values_by_index[i]. The text is compiled once into
  // postfix code with names resolved to indices: evaluating is a loop over a few instructions, no allocation.
  // Throws std::invalid_argument when values_by_index.size() != names().size() (a caller's bug).
  bool holds(const std::vector<double>& values_by_index) const;

  // The parameters the expression uses, each once, in order of first appearance: the order holds() expects.
  const std::vector<std::string>& names() const { return names_; }

  // The expression as written.
  const std::string& text() const { return text_; }

  // The compiled form; public so that the parser (in the .cpp) can build it.
  // Grouped by kind, as the grammar reads.
  // clang-format off
  enum class Op : uint8_t {
    constant, parameter,
    negate, add, subtract, multiply, divide, power,
    min, max, abs, log10, floor, ceil,
    less, less_equal, greater, greater_equal, equal, not_equal,
    logical_and, logical_or, logical_not,
  };
  // clang-format on
  struct Instruction {
    Op op;
    uint32_t index = 0;  // parameter: into values_by_index
    double value   = 0;  // constant (true and false are 1 and 0)
  };

private:
  std::string text_;
  std::vector<std::string> names_;
  std::vector<Instruction> code_;
  size_t stack_depth_ = 0;  // the most values the code holds at once
};

}  // namespace isogrid
