#include "policies/modelling/candidates.hpp"

#include <cmath>
#include <sstream>

namespace isogrid::modelling {

namespace {

// N^a (ln N)^b for the growths complexity analysis usually meets: the constant comes separately.
const std::vector<Term>& terms()
{
  static const std::vector<Term> list = {
      {1, 0, 1}, {1, 0.5, 0}, {1, 1, 0}, {1, 1, 1}, {1, 1.5, 0}, {1, 2, 0},
      {1, 2, 1}, {1, 2.5, 0}, {1, 3, 0}, {1, 3, 1}, {1, 4, 0},
  };
  return list;
}

std::vector<Shape> make_candidates()
{
  const std::vector<Term>& t = terms();
  const Term constant{1, 0, 0};
  std::vector<Shape> out;
  for (const Term& a : t)
    out.push_back({a});
  for (const Term& a : t)
    out.push_back({constant, a});
  for (std::size_t i = 0; i < t.size(); ++i)
    for (std::size_t j = i + 1; j < t.size(); ++j)
      out.push_back({t[i], t[j]});
  return out;
}

std::string number(double x)
{
  std::ostringstream s;
  s << x;
  return s.str();
}

}  // namespace

const std::vector<Shape>& complexity_candidates()
{
  static const std::vector<Shape> list = make_candidates();
  return list;
}

const std::vector<Growth>& bandwidth_candidates()
{
  static const std::vector<Growth> list = {Growth::Sqrt,   Growth::Linear, Growth::Pow1_5, Growth::Square,
                                           Growth::Pow2_5, Growth::Cube,   Growth::Log,    Growth::LinearLog};
  return list;
}

const std::vector<Growth>& scalability_candidates()
{
  static const std::vector<Growth> list = [] {
    std::vector<Growth> all;
    for (int g = 0; g <= static_cast<int>(Growth::InvLinearLog); ++g)
      all.push_back(static_cast<Growth>(g));
    return all;
  }();
  return list;
}

double term_value(const Term& term, double n)
{
  return std::pow(n, term.power) * (term.log_power != 0 ? std::pow(std::log(n), term.log_power) : 1.0);
}

std::string shape_name(const Shape& shape)
{
  std::string out;
  for (const Term& t : shape) {
    std::string term = t.power == 0 ? "" : (t.power == 1 ? "N" : "N^" + number(t.power));
    if (t.log_power != 0)
      term += std::string(term.empty() ? "" : " ") + "ln N" + (t.log_power == 1 ? "" : "^" + number(t.log_power));
    out += (out.empty() ? "" : " + ") + (term.empty() ? "1" : term);
  }
  return out;
}

}  // namespace isogrid::modelling
