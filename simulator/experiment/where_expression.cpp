#include "simulator/experiment/where_expression.hpp"

#include "simulator/core/input_error.hpp"
#include "simulator/core/text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <map>

namespace isogrid {

namespace {

using Op          = WhereExpression::Op;
using Instruction = WhereExpression::Instruction;

// ---------------------------------------------------------------------------------------------------------------
// Tokens

// Grouped by kind, as the grammar reads.
// clang-format off
enum class Tok {
  number, name, open, close, comma,
  plus, minus, star, slash, caret,
  less, less_equal, greater, greater_equal, equal, not_equal,
  logical_and, logical_or, logical_not, true_value, false_value,
  end,
};
// clang-format on

struct Token {
  Tok kind;
  int column;        // 1-based
  std::string text;  // as written, for messages
  double number = 0;
};

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool starts_name(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool continues_name(char c) { return starts_name(c) || is_digit(c); }

const std::map<std::string, Tok>& keywords()
{
  static const std::map<std::string, Tok> k{{"and", Tok::logical_and},
                                            {"or", Tok::logical_or},
                                            {"not", Tok::logical_not},
                                            {"true", Tok::true_value},
                                            {"false", Tok::false_value}};
  return k;
}

std::vector<Token> tokenize(const std::string& s)
{
  std::vector<Token> out;
  size_t i = 0;
  while (i < s.size()) {
    char c      = s[i];
    int column  = static_cast<int>(i) + 1;
    char next   = i + 1 < s.size() ? s[i + 1] : '\0';
    auto symbol = [&](Tok kind, size_t length) {
      out.push_back({kind, column, s.substr(i, length)});
      i += length;
    };
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (size_t n = number_length(s, i); n > 0) {
      // "2p", "1e", "1.2.3": a number glued to more letters or dots is a typo, not a number and a name.
      size_t end = i + n;
      while (end < s.size() && (continues_name(s[end]) || s[end] == '.'))
        ++end;
      std::string written = s.substr(i, end - i);
      if (end != i + n)
        throw WhereError(column, fmt::format("malformed number '{}'", written));
      double v = 0;
      // from_chars rather than strtod: it ignores the locale. It reports an underflow (1e-400) as out of range
      // and leaves v alone; that number is 0 for every purpose here.
      auto [ptr, ec] = std::from_chars(s.data() + i, s.data() + end, v);
      if (ec == std::errc::result_out_of_range)
        v = std::abs(std::strtod(written.c_str(), nullptr)) > 1 ? std::numeric_limits<double>::infinity() : 0.0;
      if (!std::isfinite(v))
        throw WhereError(column, fmt::format("the number '{}' is too large for a double", written));
      out.push_back({Tok::number, column, written, v});
      i = end;
    } else if (starts_name(c)) {
      size_t end = i;
      while (end < s.size() && continues_name(s[end]))
        ++end;
      std::string name = s.substr(i, end - i);
      auto keyword     = keywords().find(name);
      out.push_back({keyword == keywords().end() ? Tok::name : keyword->second, column, name});
      i = end;
    } else if (c == '<' && next == '=') {
      symbol(Tok::less_equal, 2);
    } else if (c == '>' && next == '=') {
      symbol(Tok::greater_equal, 2);
    } else if (c == '=' && next == '=') {
      symbol(Tok::equal, 2);
    } else if (c == '!' && next == '=') {
      symbol(Tok::not_equal, 2);
    } else if (c == '&' && next == '&') {
      symbol(Tok::logical_and, 2);
    } else if (c == '|' && next == '|') {
      symbol(Tok::logical_or, 2);
    } else if (c == '*' && next == '*') {
      throw WhereError(column, "'**' is not an operator; write '^' for a power");
    } else if (c == '=') {
      throw WhereError(column, "'=' is not an operator; write '==' to compare");
    } else if (c == '&') {
      throw WhereError(column, "'&' is not an operator; write '&&' or 'and'");
    } else if (c == '|') {
      throw WhereError(column, "'|' is not an operator; write '||' or 'or'");
    } else {
      static const std::string singles = "()+-*/^<>!,";
      static const Tok kinds[]         = {Tok::open,  Tok::close, Tok::plus,    Tok::minus,       Tok::star, Tok::slash,
                                          Tok::caret, Tok::less,  Tok::greater, Tok::logical_not, Tok::comma};
      size_t k                         = singles.find(c);
      if (k == std::string::npos)
        throw WhereError(column, fmt::format("unexpected character '{}'", c));
      symbol(kinds[k], 1);
    }
  }
  out.push_back({Tok::end, static_cast<int>(s.size()) + 1, ""});
  return out;
}

std::string describe(const Token& t) { return t.kind == Tok::end ? "the end of the expression" : "'" + t.text + "'"; }

// ---------------------------------------------------------------------------------------------------------------
// Parser: recursive descent, one function per precedence level, emitting postfix code as it goes. Each function
// returns the type of what it parsed and the column where it starts, for type errors.

enum class Type { number, boolean };

struct Typed {
  Type type;
  int column;
};

std::string describe(Type t) { return t == Type::number ? "a number" : "true or false"; }

struct Function {
  Op op;
  size_t min_arguments;
  size_t max_arguments;
};

const std::map<std::string, Function>& functions()
{
  static const size_t any = std::numeric_limits<size_t>::max();
  static const std::map<std::string, Function> f{
      {"min", {Op::min, 1, any}},   {"max", {Op::max, 1, any}},   {"abs", {Op::abs, 1, 1}},
      {"log10", {Op::log10, 1, 1}}, {"floor", {Op::floor, 1, 1}}, {"ceil", {Op::ceil, 1, 1}},
  };
  return f;
}

std::vector<std::string> function_names()
{
  std::vector<std::string> names;
  for (const auto& [name, f] : functions())
    names.push_back(name);
  return names;
}

// Deep enough for any sensible condition; the limit keeps "((((((..." from exhausting the C++ stack.
constexpr int kMaxNesting = 200;

class Parser {
public:
  Parser(std::vector<Token> tokens, const std::vector<std::string>& known) : tokens_(std::move(tokens)), known_(known)
  {
  }

  void parse_condition()
  {
    if (peek().kind == Tok::end)
      throw WhereError(1, "the where expression is empty");
    Typed whole = parse_or();
    if (peek().kind == Tok::close)
      throw WhereError(peek().column, "unmatched ')'");
    if (peek().kind != Tok::end)
      throw WhereError(peek().column, fmt::format("unexpected {} after a complete expression", describe(peek())));
    if (whole.type != Type::boolean)
      throw WhereError(whole.column, "a where expression must be true or false, this one is a number");
  }

  std::vector<Instruction> code;
  std::vector<std::string> names;

private:
  struct Nesting {
    explicit Nesting(Parser& parser) : p(parser)
    {
      if (++p.depth_ > kMaxNesting)
        throw WhereError(p.peek().column, "the expression is nested too deeply");
    }
    ~Nesting() { --p.depth_; }
    Parser& p;
  };

  const Token& peek() const { return tokens_[position_]; }
  const Token& take() { return tokens_[position_++]; }
  bool at(Tok kind) const { return peek().kind == kind; }

  void emit(Op op) { code.push_back({op}); }

  static void need(const Typed& operand, Type wanted, const std::string& what)
  {
    if (operand.type != wanted)
      throw WhereError(operand.column, fmt::format("{}; this is {}", what, describe(operand.type)));
  }
  static void need_number(const Typed& operand, const Token& op)
  {
    need(operand, Type::number, fmt::format("'{}' needs numbers", op.text));
  }
  static void need_boolean(const Typed& operand, const Token& op)
  {
    need(operand, Type::boolean, fmt::format("'{}' needs true or false", op.text));
  }

  Typed parse_or()
  {
    Nesting guard(*this);
    Typed left = parse_and();
    while (at(Tok::logical_or)) {
      const Token& op = take();
      need_boolean(left, op);
      need_boolean(parse_and(), op);
      emit(Op::logical_or);
    }
    return left;
  }

  Typed parse_and()
  {
    Typed left = parse_not();
    while (at(Tok::logical_and)) {
      const Token& op = take();
      need_boolean(left, op);
      need_boolean(parse_not(), op);
      emit(Op::logical_and);
    }
    return left;
  }

  Typed parse_not()
  {
    if (!at(Tok::logical_not))
      return parse_comparison();
    Nesting guard(*this);
    const Token& op = take();
    need_boolean(parse_not(), op);
    emit(Op::logical_not);
    return {Type::boolean, op.column};
  }

  static bool is_comparison(Tok k)
  {
    return k == Tok::less || k == Tok::less_equal || k == Tok::greater || k == Tok::greater_equal || k == Tok::equal ||
           k == Tok::not_equal;
  }

  Typed parse_comparison()
  {
    Typed left = parse_sum();
    if (!is_comparison(peek().kind))
      return left;
    const Token& op = take();
    need(left, Type::number, fmt::format("'{}' compares numbers", op.text));
    need(parse_sum(), Type::number, fmt::format("'{}' compares numbers", op.text));
    switch (op.kind) {
      case Tok::less: emit(Op::less); break;
      case Tok::less_equal: emit(Op::less_equal); break;
      case Tok::greater: emit(Op::greater); break;
      case Tok::greater_equal: emit(Op::greater_equal); break;
      case Tok::equal: emit(Op::equal); break;
      default: emit(Op::not_equal); break;
    }
    if (is_comparison(peek().kind))
      throw WhereError(peek().column,
                       fmt::format("comparisons do not chain: join them with 'and', as in 'a {0} b and b {1} c'",
                                   op.text, peek().text));
    return {Type::boolean, left.column};
  }

  Typed parse_sum()
  {
    Typed left = parse_product();
    while (at(Tok::plus) || at(Tok::minus)) {
      const Token& op = take();
      need_number(left, op);
      need_number(parse_product(), op);
      emit(op.kind == Tok::plus ? Op::add : Op::subtract);
    }
    return left;
  }

  Typed parse_product()
  {
    Typed left = parse_unary();
    while (at(Tok::star) || at(Tok::slash)) {
      const Token& op = take();
      need_number(left, op);
      need_number(parse_unary(), op);
      emit(op.kind == Tok::star ? Op::multiply : Op::divide);
    }
    return left;
  }

  Typed parse_unary()
  {
    if (!at(Tok::minus))
      return parse_power();
    Nesting guard(*this);
    const Token& op = take();
    need(parse_unary(), Type::number, "'-' needs a number");
    emit(Op::negate);
    return {Type::number, op.column};
  }

  // The exponent is a unary: right-associative (2^3^2 = 2^(3^2)) and 2^-1 reads as 2^(-1).
  Typed parse_power()
  {
    Typed base = parse_primary();
    if (!at(Tok::caret))
      return base;
    Nesting guard(*this);
    const Token& op = take();
    need_number(base, op);
    need_number(parse_unary(), op);
    emit(Op::power);
    return base;
  }

  Typed parse_primary()
  {
    const Token& t = take();
    switch (t.kind) {
      case Tok::number: code.push_back({Op::constant, 0, t.number}); return {Type::number, t.column};
      case Tok::true_value: code.push_back({Op::constant, 0, 1.0}); return {Type::boolean, t.column};
      case Tok::false_value: code.push_back({Op::constant, 0, 0.0}); return {Type::boolean, t.column};
      case Tok::open: {
        Typed inner = parse_or();
        expect_close(t, "')'");
        return {inner.type, t.column};
      }
      case Tok::name:
        if (at(Tok::open))
          return parse_call(t);
        code.push_back({Op::parameter, parameter_index(t)});
        return {Type::number, t.column};
      default: throw WhereError(t.column, fmt::format("expected a number, a parameter or '(', found {}", describe(t)));
    }
  }

  void expect_close(const Token& open, const std::string& expected)
  {
    if (!at(Tok::close))
      throw WhereError(peek().column, fmt::format("expected {} to close the '(' at column {}, found {}", expected,
                                                  open.column, describe(peek())));
    take();
  }

  Typed parse_call(const Token& name)
  {
    auto f = functions().find(name.text);
    if (f == functions().end())
      throw WhereError(name.column, unknown_name_message("function", name.text, function_names()));
    const Token& open = take();
    size_t count      = 0;
    if (!at(Tok::close)) {
      do {
        if (count > 0)
          take();  // the comma
        need(parse_or(), Type::number, fmt::format("'{}' needs numbers", name.text));
        // min and max fold pairwise, so that many arguments never need a deep stack.
        if (++count > 1 && (f->second.op == Op::min || f->second.op == Op::max))
          emit(f->second.op);
      } while (at(Tok::comma));
    }
    expect_close(open, count > 0 ? "',' or ')'" : "')'");
    const Function& fn = f->second;
    if (count < fn.min_arguments || count > fn.max_arguments)
      throw WhereError(name.column, fn.max_arguments == 1
                                        ? fmt::format("{}() takes one argument, got {}", name.text, count)
                                        : fmt::format("{}() takes at least one argument", name.text));
    if (fn.op != Op::min && fn.op != Op::max)
      emit(fn.op);
    return {Type::number, name.column};
  }

  uint32_t parameter_index(const Token& t)
  {
    auto used = std::find(names.begin(), names.end(), t.text);
    if (used != names.end())
      return static_cast<uint32_t>(used - names.begin());
    if (std::find(known_.begin(), known_.end(), t.text) == known_.end()) {
      std::string lower = t.text;
      for (auto& c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (keywords().count(lower))
        throw WhereError(t.column,
                         fmt::format("unknown parameter '{}'; keywords are lower case: write '{}'", t.text, lower));
      if (functions().count(t.text))
        throw WhereError(t.column, fmt::format("'{0}' is a function; call it as {0}(...)", t.text));
      if (known_.empty())
        throw WhereError(t.column, fmt::format("unknown parameter '{}': there are no parameters to refer to", t.text));
      throw WhereError(t.column, unknown_name_message("parameter", t.text, known_));
    }
    names.push_back(t.text);
    return static_cast<uint32_t>(names.size() - 1);
  }

  std::vector<Token> tokens_;
  const std::vector<std::string>& known_;
  size_t position_ = 0;
  int depth_       = 0;
};

size_t stack_depth(const std::vector<Instruction>& code)
{
  size_t depth = 0, most = 0;
  for (const auto& in : code) {
    switch (in.op) {
      case Op::constant:
      case Op::parameter: most = std::max(most, ++depth); break;
      case Op::negate:
      case Op::abs:
      case Op::log10:
      case Op::floor:
      case Op::ceil:
      case Op::logical_not: break;
      default: --depth; break;  // binary: two in, one out
    }
  }
  return most;
}

// IEEE 754-2019 minimum and maximum: a NaN argument gives NaN, and -0 is below +0.
double minimum(double a, double b)
{
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<double>::quiet_NaN();
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

double maximum(double a, double b)
{
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<double>::quiet_NaN();
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

double binary(Op op, double a, double b)
{
  switch (op) {
    case Op::add: return a + b;
    case Op::subtract: return a - b;
    case Op::multiply: return a * b;
    case Op::divide: return a / b;
    case Op::power: return std::pow(a, b);
    case Op::min: return minimum(a, b);
    case Op::max: return maximum(a, b);
    case Op::less: return a < b;
    case Op::less_equal: return a <= b;
    case Op::greater: return a > b;
    case Op::greater_equal: return a >= b;
    case Op::equal: return a == b;
    case Op::not_equal: return a != b;
    case Op::logical_and: return a != 0 && b != 0;
    case Op::logical_or: return a != 0 || b != 0;
    default: return std::numeric_limits<double>::quiet_NaN();  // not a binary operation: never emitted as one
  }
}

}  // namespace

WhereExpression WhereExpression::parse(const std::string& text, const std::vector<std::string>& known)
{
  Parser parser(tokenize(text), known);
  parser.parse_condition();
  WhereExpression e;
  e.text_        = text;
  e.names_       = std::move(parser.names);
  e.code_        = std::move(parser.code);
  e.stack_depth_ = stack_depth(e.code_);
  return e;
}

bool WhereExpression::holds(const std::vector<double>& values_by_index) const
{
  if (values_by_index.size() != names_.size())
    throw std::invalid_argument(fmt::format("where expression '{}' uses {} parameters ({}), given {} values", text_,
                                            names_.size(), join(names_, ", "), values_by_index.size()));
  if (code_.empty())  // a default-constructed expression: no filter
    return true;
  double local[32];
  std::vector<double> heap;
  double* s = local;
  if (stack_depth_ > std::size(local)) {
    heap.resize(stack_depth_);
    s = heap.data();
  }
  size_t top = 0;  // s[top - 1] is the top of the stack
  for (const Instruction& in : code_) {
    switch (in.op) {
      case Op::constant: s[top++] = in.value; break;
      case Op::parameter: s[top++] = values_by_index[in.index]; break;
      case Op::negate: s[top - 1] = -s[top - 1]; break;
      case Op::abs: s[top - 1] = std::fabs(s[top - 1]); break;
      case Op::log10: s[top - 1] = std::log10(s[top - 1]); break;
      case Op::floor: s[top - 1] = std::floor(s[top - 1]); break;
      case Op::ceil: s[top - 1] = std::ceil(s[top - 1]); break;
      case Op::logical_not: s[top - 1] = s[top - 1] != 0 ? 0.0 : 1.0; break;
      default: {
        double b   = s[--top];
        s[top - 1] = binary(in.op, s[top - 1], b);
        break;
      }
    }
  }
  return s[0] != 0;
}

}  // namespace isogrid
