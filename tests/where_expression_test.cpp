// The `where:` filter language: precedence and associativity, every operator and function, parameters resolved
// to indices, the G >= 1 sweep rule, and the refusals with the column they point at.
#include "simulator/experiment/where_expression.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace isogrid;

namespace {

// A condition on constants only.
bool holds(const std::string& text) { return WhereExpression::parse(text, {}).holds({}); }

// A condition on named parameters, given in any order: values are routed through names(), as a caller would.
bool holds(const std::string& text, const std::vector<std::pair<std::string, double>>& parameters)
{
  std::vector<std::string> known;
  for (const auto& [name, value] : parameters)
    known.push_back(name);
  WhereExpression e = WhereExpression::parse(text, known);
  std::vector<double> values;
  for (const auto& name : e.names())
    for (const auto& [known_name, value] : parameters)
      if (known_name == name)
        values.push_back(value);
  return e.holds(values);
}

struct Refusal {
  int column = 0;
  std::string message;
};

Refusal refusal(const std::string& text, const std::vector<std::string>& known = {"N_x", "p", "C"})
{
  try {
    WhereExpression::parse(text, known);
  } catch (const WhereError& e) {
    return {e.column, e.what()};
  }
  return {0, "(accepted)"};
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

TEST(WhereExpression, ArithmeticPrecedence)
{
  EXPECT_TRUE(holds("1 + 2 * 3 == 7"));
  EXPECT_TRUE(holds("(1 + 2) * 3 == 9"));
  EXPECT_TRUE(holds("1 + 6 / 3 == 3"));
  EXPECT_TRUE(holds("2 * 3 ^ 2 == 18"));
  EXPECT_TRUE(holds("2 ^ 3 * 2 == 16"));
  EXPECT_TRUE(holds("1 + 2 > 2 * 1"));  // arithmetic binds tighter than comparison
}

TEST(WhereExpression, Associativity)
{
  EXPECT_TRUE(holds("10 - 4 - 3 == 3"));    // left: (10 - 4) - 3
  EXPECT_TRUE(holds("100 / 10 / 5 == 2"));  // left
  EXPECT_TRUE(holds("8 / 2 * 4 == 16"));    // * and / share a level, left to right
  EXPECT_TRUE(holds("1 - 2 + 3 == 2"));     // + and - likewise
  EXPECT_TRUE(holds("2 ^ 3 ^ 2 == 512"));   // right: 2^(3^2), not (2^3)^2 = 64
}

TEST(WhereExpression, UnaryMinusAndPower)
{
  EXPECT_TRUE(holds("-2 ^ 2 == -4"));  // as in maths: -(2^2)
  EXPECT_TRUE(holds("(-2) ^ 2 == 4"));
  EXPECT_TRUE(holds("2 ^ -1 == 0.5"));      // a minus on the right of ^ belongs to the exponent
  EXPECT_TRUE(holds("2 ^ -1 ^ 2 == 0.5"));  // 2^(-(1^2))
  EXPECT_TRUE(holds("-3 ^ 2 + 10 == 1"));
  EXPECT_TRUE(holds("- -2 == 2"));
  EXPECT_TRUE(holds("2 * -3 == -6"));
  EXPECT_TRUE(holds("-2 * -3 == 6"));
  EXPECT_TRUE(holds("1 - -1 == 2"));
}

TEST(WhereExpression, NumbersAsExperimentFilesWriteThem)
{
  EXPECT_TRUE(holds("1 == 1.0"));
  EXPECT_TRUE(holds("2.5 * 2 == 5"));
  EXPECT_TRUE(holds("1e-3 == 0.001"));
  EXPECT_TRUE(holds("1E10 == 10000000000"));
  EXPECT_TRUE(holds("1e+2 == 100"));
  EXPECT_TRUE(holds(".5 == 0.5"));
  EXPECT_TRUE(holds("5. == 5"));
  EXPECT_TRUE(holds("1e-400 == 0"));  // underflows to zero, as the double it is
}

TEST(WhereExpression, EveryComparison)
{
  EXPECT_TRUE(holds("1 < 2"));
  EXPECT_FALSE(holds("2 < 2"));
  EXPECT_TRUE(holds("2 <= 2"));
  EXPECT_FALSE(holds("3 <= 2"));
  EXPECT_TRUE(holds("3 > 2"));
  EXPECT_FALSE(holds("2 > 2"));
  EXPECT_TRUE(holds("2 >= 2"));
  EXPECT_FALSE(holds("1 >= 2"));
  EXPECT_TRUE(holds("2 == 2"));
  EXPECT_FALSE(holds("0.1 + 0.2 == 0.3"));  // exact, as doubles are
  EXPECT_TRUE(holds("1 != 2"));
  EXPECT_FALSE(holds("2 != 2"));
}

TEST(WhereExpression, BooleanOperatorsAndTheirPrecedence)
{
  EXPECT_TRUE(holds("true"));
  EXPECT_FALSE(holds("false"));
  EXPECT_TRUE(holds("true and true"));
  EXPECT_FALSE(holds("true and false"));
  EXPECT_TRUE(holds("false or true"));
  EXPECT_FALSE(holds("false or false"));
  EXPECT_TRUE(holds("not false"));
  EXPECT_TRUE(holds("not not true"));
  EXPECT_TRUE(holds("true && true"));
  EXPECT_TRUE(holds("false || true"));
  EXPECT_TRUE(holds("!false"));
  EXPECT_TRUE(holds("!!true"));

  EXPECT_TRUE(holds("true or false and false"));  // and binds tighter than or
  EXPECT_FALSE(holds("(true or false) and false"));
  EXPECT_TRUE(holds("not true or true"));      // not binds tighter than or ...
  EXPECT_FALSE(holds("not false and false"));  // ... and than and
  EXPECT_FALSE(holds("not (true or true)"));
  EXPECT_TRUE(holds("not 1 > 2"));  // not is looser than comparison: not (1 > 2)
  EXPECT_TRUE(holds("!false && true || false"));
  EXPECT_TRUE(holds("1 + 1 > 1 and 2 * 2 == 4"));
  EXPECT_TRUE(holds("1 > 2 or 3 > 2 and 2 > 1"));
}

TEST(WhereExpression, EveryFunction)
{
  EXPECT_TRUE(holds("min(3, 1, 2) == 1"));
  EXPECT_TRUE(holds("max(3, 1, 2) == 3"));
  EXPECT_TRUE(holds("min(5) == 5 and max(5) == 5"));
  EXPECT_TRUE(holds("min(1, 2) == 1 and max(1, 2) == 2"));
  EXPECT_TRUE(holds("abs(-2.5) == 2.5 and abs(2.5) == 2.5"));
  EXPECT_TRUE(holds("log10(1000) == 3 and log10(1e-3) == -3"));
  EXPECT_TRUE(holds("floor(2.5) == 2 and floor(-1.5) == -2"));
  EXPECT_TRUE(holds("ceil(2.1) == 3 and ceil(-1.5) == -1"));
  EXPECT_TRUE(holds("max(min(1, 2), abs(-3)) == 3"));
  EXPECT_TRUE(holds("min(1 + 1, 2 * 3) == 2"));
  EXPECT_TRUE(holds("-abs(-2) ^ 2 == -4"));  // a call is a primary
}

TEST(WhereExpression, ManyArgumentsNeedNoDeepStack)
{
  std::string text = "max(0";
  for (int i = 1; i <= 1000; ++i)
    text += ", " + std::to_string(i);
  text += ") == 1000";
  EXPECT_TRUE(holds(text));
}

TEST(WhereExpression, IeeeSpecialValues)
{
  EXPECT_TRUE(holds("1 / 0 > 1e308"));
  EXPECT_TRUE(holds("-1 / 0 < -1e308"));
  EXPECT_FALSE(holds("0 / 0 == 0 / 0"));  // NaN: every ordering comparison and == are false
  EXPECT_FALSE(holds("0 / 0 < 1"));
  EXPECT_FALSE(holds("0 / 0 >= 1"));
  EXPECT_TRUE(holds("0 / 0 != 0 / 0"));  // != is the negation of ==, as in IEEE and C++
  EXPECT_TRUE(holds("not (0 / 0 > 1)"));
  EXPECT_FALSE(holds("log10(-1) < 0 or log10(-1) >= 0"));
  EXPECT_TRUE(holds("log10(0) < -1e308"));
  EXPECT_FALSE(holds("max(0 / 0, 1) > 0"));  // min and max do not hide a NaN
  EXPECT_FALSE(holds("min(1, 0 / 0) < 2"));
}

TEST(WhereExpression, ParametersResolveToIndicesInOrderOfFirstUse)
{
  auto e = WhereExpression::parse("C * p <= N_x and p > 1 and C >= 1", {"N_x", "p", "C", "m"});
  EXPECT_EQ(e.names(), (std::vector<std::string>{"C", "p", "N_x"}));
  EXPECT_EQ(e.text(), "C * p <= N_x and p > 1 and C >= 1");
  EXPECT_TRUE(e.holds({2, 4, 8}));  // C=2, p=4, N_x=8
  EXPECT_FALSE(e.holds({2, 4, 7}));
  EXPECT_FALSE(e.holds({2, 1, 100}));  // p > 1 fails
  EXPECT_THROW(e.holds({2, 4}), std::invalid_argument);
  EXPECT_THROW(e.holds({2, 4, 8, 1}), std::invalid_argument);

  EXPECT_TRUE(WhereExpression::parse("1 < 2", {"p"}).names().empty());
  EXPECT_TRUE(holds("_x1 + m_2 == 3", {{"_x1", 1}, {"m_2", 2}}));
  EXPECT_TRUE(holds("min(min, 2) == 1", {{"min", 1}}));  // a name followed by '(' is the function
}

TEST(WhereExpression, AbsentFilterAlwaysHolds)
{
  WhereExpression none;
  EXPECT_TRUE(none.names().empty());
  EXPECT_TRUE(none.holds({}));
}

// The rule that keeps grid-speedup sweeps to G >= 1 points: N_x / (p * C) >= 1.
TEST(WhereExpression, GridSpeedupRuleOnATable)
{
  struct Row {
    double N_x, p, C;
    bool kept;
  };
  const Row table[] = {
      {64, 8, 8, true},  // exactly 1
      {63, 8, 8, false}, {65, 8, 8, true},   {1000, 4, 16, true},     {100, 10, 11, false},    {1, 1, 1, true},
      {0, 1, 1, false},  {128, 2, 64, true}, {127.999, 2, 64, false}, {1e9, 1024, 1024, true}, {1e5, 1024, 1024, false},
  };
  for (const auto& r : table)
    EXPECT_EQ(holds("N_x / (p * C) >= 1", {{"p", r.p}, {"C", r.C}, {"N_x", r.N_x}}), r.kept)
        << "N_x=" << r.N_x << " p=" << r.p << " C=" << r.C;

  // Over a whole sweep grid, the rule agrees with C++ and, for positive values, with its multiplied-out form.
  auto rule       = WhereExpression::parse("N_x / (p * C) >= 1", {"p", "C", "N_x"});
  auto multiplied = WhereExpression::parse("N_x >= p * C", {"p", "C", "N_x"});
  ASSERT_EQ(rule.names(), (std::vector<std::string>{"N_x", "p", "C"}));
  ASSERT_EQ(multiplied.names(), (std::vector<std::string>{"N_x", "p", "C"}));
  int kept = 0;
  for (double N_x = 1; N_x <= 256; N_x *= 2)
    for (double p : {1, 2, 4, 8, 16})
      for (double C = 1; C <= 10; ++C) {
        bool expected = N_x / (p * C) >= 1;
        EXPECT_EQ(rule.holds({N_x, p, C}), expected);
        EXPECT_EQ(multiplied.holds({N_x, p, C}), expected);
        kept += expected;
      }
  EXPECT_GT(kept, 0);
  EXPECT_LT(kept, 9 * 5 * 10);
}

TEST(WhereExpression, UnknownParameterSuggestsTheClosest)
{
  auto r = refusal("Nx >= p * C");
  EXPECT_EQ(r.column, 1);
  EXPECT_TRUE(starts_with(r.message, "unknown parameter 'Nx' (did you mean 'N_x'?)")) << r.message;

  r = refusal("N_x >= p * Cx");
  EXPECT_EQ(r.column, 12);
  EXPECT_TRUE(starts_with(r.message, "unknown parameter 'Cx' (did you mean 'C'?)")) << r.message;

  r = refusal("N_x > 1 and zzzzzz > 1");
  EXPECT_EQ(r.column, 13);
  EXPECT_TRUE(starts_with(r.message, "unknown parameter 'zzzzzz'; known: N_x, p, C")) << r.message;

  r = refusal("x > 1", {});
  EXPECT_EQ(r.column, 1);
  EXPECT_EQ(r.message, "unknown parameter 'x': there are no parameters to refer to");

  r = refusal("p > 1 or True");
  EXPECT_EQ(r.column, 10);
  EXPECT_EQ(r.message, "unknown parameter 'True'; keywords are lower case: write 'true'");
}

TEST(WhereExpression, UnknownFunctionsAndWrongArity)
{
  auto r = refusal("mn(p, C) > 1");
  EXPECT_EQ(r.column, 1);
  EXPECT_TRUE(starts_with(r.message, "unknown function 'mn' (did you mean 'min'?)")) << r.message;

  r = refusal("p > 1 and abs > 1");
  EXPECT_EQ(r.column, 11);
  EXPECT_EQ(r.message, "'abs' is a function; call it as abs(...)");

  r = refusal("p > abs(p, C)");
  EXPECT_EQ(r.column, 5);
  EXPECT_EQ(r.message, "abs() takes one argument, got 2");

  r = refusal("log10() > 1");
  EXPECT_EQ(r.column, 1);
  EXPECT_EQ(r.message, "log10() takes one argument, got 0");

  r = refusal("min() > 1");
  EXPECT_EQ(r.column, 1);
  EXPECT_EQ(r.message, "min() takes at least one argument");

  r = refusal("min(p,) > 1");
  EXPECT_EQ(r.column, 7);
  EXPECT_EQ(r.message, "expected a number, a parameter or '(', found ')'");
}

TEST(WhereExpression, UnbalancedParentheses)
{
  auto r = refusal("(N_x > 1");
  EXPECT_EQ(r.column, 9);
  EXPECT_EQ(r.message, "expected ')' to close the '(' at column 1, found the end of the expression");

  r = refusal("((p > 1) and C > 1");
  EXPECT_EQ(r.column, 19);
  EXPECT_EQ(r.message, "expected ')' to close the '(' at column 1, found the end of the expression");

  r = refusal("(p > 1 C)");
  EXPECT_EQ(r.column, 8);
  EXPECT_EQ(r.message, "expected ')' to close the '(' at column 1, found 'C'");

  r = refusal("max(p C) > 1");
  EXPECT_EQ(r.column, 7);
  EXPECT_EQ(r.message, "expected ',' or ')' to close the '(' at column 4, found 'C'");

  r = refusal("N_x > 1)");
  EXPECT_EQ(r.column, 8);
  EXPECT_EQ(r.message, "unmatched ')'");

  r = refusal("()");
  EXPECT_EQ(r.column, 2);
  EXPECT_EQ(r.message, "expected a number, a parameter or '(', found ')'");
}

TEST(WhereExpression, TrailingGarbage)
{
  auto r = refusal("p > 1 C");
  EXPECT_EQ(r.column, 7);
  EXPECT_EQ(r.message, "unexpected 'C' after a complete expression");

  r = refusal("p > 1 2");
  EXPECT_EQ(r.column, 7);
  EXPECT_EQ(r.message, "unexpected '2' after a complete expression");

  r = refusal("p > 1 (C)");
  EXPECT_EQ(r.column, 7);

  r = refusal("p >");
  EXPECT_EQ(r.column, 4);
  EXPECT_EQ(r.message, "expected a number, a parameter or '(', found the end of the expression");
}

TEST(WhereExpression, ComparisonsDoNotChain)
{
  auto r = refusal("1 < p < 3");
  EXPECT_EQ(r.column, 7);
  EXPECT_EQ(r.message, "comparisons do not chain: join them with 'and', as in 'a < b and b < c'");

  r = refusal("p == C == 1");
  EXPECT_EQ(r.column, 8);
  EXPECT_TRUE(starts_with(r.message, "comparisons do not chain")) << r.message;

  EXPECT_TRUE(holds("1 < p and p < 3", {{"p", 2}}));
}

TEST(WhereExpression, NumberWhereTrueOrFalseIsNeeded)
{
  auto r = refusal("N_x / (p * C)");
  EXPECT_EQ(r.column, 1);
  EXPECT_EQ(r.message, "a where expression must be true or false, this one is a number");

  r = refusal("  p * 2");  // the column is where the expression starts
  EXPECT_EQ(r.column, 3);
  EXPECT_EQ(r.message, "a where expression must be true or false, this one is a number");

  r = refusal("not 3");
  EXPECT_EQ(r.column, 5);
  EXPECT_EQ(r.message, "'not' needs true or false; this is a number");

  r = refusal("!p");
  EXPECT_EQ(r.column, 2);
  EXPECT_EQ(r.message, "'!' needs true or false; this is a number");

  r = refusal("true and 2");
  EXPECT_EQ(r.column, 10);
  EXPECT_EQ(r.message, "'and' needs true or false; this is a number");

  r = refusal("p || C > 1");
  EXPECT_EQ(r.column, 1);
  EXPECT_EQ(r.message, "'||' needs true or false; this is a number");
}

TEST(WhereExpression, TrueOrFalseWhereANumberIsNeeded)
{
  auto r = refusal("1 + (p < C) > 0");
  EXPECT_EQ(r.column, 5);
  EXPECT_EQ(r.message, "'+' needs numbers; this is true or false");

  r = refusal("(p < C) * 2 > 0");
  EXPECT_EQ(r.column, 1);
  EXPECT_EQ(r.message, "'*' needs numbers; this is true or false");

  r = refusal("-(p < 1)");
  EXPECT_EQ(r.column, 2);
  EXPECT_EQ(r.message, "'-' needs a number; this is true or false");

  r = refusal("(p < C) == true");
  EXPECT_EQ(r.column, 1);
  EXPECT_EQ(r.message, "'==' compares numbers; this is true or false");

  r = refusal("p < (C > 1)");
  EXPECT_EQ(r.column, 5);
  EXPECT_EQ(r.message, "'<' compares numbers; this is true or false");

  r = refusal("abs(p > 1) > 0");
  EXPECT_EQ(r.column, 5);
  EXPECT_EQ(r.message, "'abs' needs numbers; this is true or false");

  r = refusal("2 ^ true > 1");
  EXPECT_EQ(r.column, 5);
  EXPECT_EQ(r.message, "'^' needs numbers; this is true or false");
}

TEST(WhereExpression, EmptyExpression)
{
  for (const char* text : {"", "   ", "\t"}) {
    auto r = refusal(text);
    EXPECT_EQ(r.column, 1);
    EXPECT_EQ(r.message, "the where expression is empty");
  }
}

TEST(WhereExpression, MisspelledOperatorsAndNumbers)
{
  auto r = refusal("p = 1");
  EXPECT_EQ(r.column, 3);
  EXPECT_EQ(r.message, "'=' is not an operator; write '==' to compare");

  r = refusal("p ** 2 > 1");
  EXPECT_EQ(r.column, 3);
  EXPECT_EQ(r.message, "'**' is not an operator; write '^' for a power");

  r = refusal("p > 1 & C > 1");
  EXPECT_EQ(r.column, 7);
  EXPECT_EQ(r.message, "'&' is not an operator; write '&&' or 'and'");

  r = refusal("p > 1 | C > 1");
  EXPECT_EQ(r.column, 7);

  r = refusal("2p > 1");
  EXPECT_EQ(r.column, 1);
  EXPECT_EQ(r.message, "malformed number '2p'");

  r = refusal("p > 1.2.3");
  EXPECT_EQ(r.column, 5);
  EXPECT_EQ(r.message, "malformed number '1.2.3'");

  r = refusal("p > 1e");
  EXPECT_EQ(r.column, 5);
  EXPECT_EQ(r.message, "malformed number '1e'");

  r = refusal("1e999 > p");
  EXPECT_EQ(r.column, 1);
  EXPECT_EQ(r.message, "the number '1e999' is too large for a double");

  r = refusal("p # 1");
  EXPECT_EQ(r.column, 3);
  EXPECT_EQ(r.message, "unexpected character '#'");
}

TEST(WhereExpression, DeepNestingIsRefusedNotACrash)
{
  std::string deep(100000, '(');
  auto r = refusal(deep + "1 > 0" + std::string(100000, ')'));
  EXPECT_EQ(r.message, "the expression is nested too deeply");
  EXPECT_GT(r.column, 0);

  r = refusal(std::string(100000, '-') + "1 > 0");
  EXPECT_EQ(r.message, "the expression is nested too deeply");

  std::string fine(50, '(');
  EXPECT_TRUE(holds(fine + "1 > 0" + std::string(50, ')')));
}

// Evaluated once per sweep point: a million evaluations must be routine. No timing assertion (timings belong in
// bench/); this only runs the loop and checks that every evaluation counted.
TEST(WhereExpression, AMillionEvaluations)
{
  auto e = WhereExpression::parse("N_x / (p * C) >= 1 and max(p, C) <= 64 or not (N_x > 0)", {"N_x", "p", "C"});
  ASSERT_EQ(e.names().size(), 3u);
  std::vector<double> values(3);
  long kept = 0, expected = 0;
  const long n = 1000000;
  for (long i = 0; i < n; ++i) {
    values[0] = static_cast<double>(i % 1000);            // N_x
    values[1] = static_cast<double>(1 + i % 16);          // p
    values[2] = static_cast<double>(1 + i / 1000 % 100);  // C
    kept += e.holds(values);
    expected += (values[0] / (values[1] * values[2]) >= 1 && std::max(values[1], values[2]) <= 64) || !(values[0] > 0);
  }
  EXPECT_EQ(kept, expected);
  EXPECT_GT(kept, 0);
  EXPECT_LT(kept, n);
}
