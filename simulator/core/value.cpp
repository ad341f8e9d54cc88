#include "simulator/core/value.hpp"

#include <cmath>
#include <fmt/format.h>

namespace isogrid {

std::string format_number(double x)
{
  if (std::isnan(x))
    return "";
  if (std::isinf(x))
    return x > 0 ? "inf" : "-inf";
  return fmt::format("{}", x);
}

std::string format_value(const Value& v)
{
  if (auto* d = std::get_if<double>(&v))
    return format_number(*d);
  if (auto* s = std::get_if<std::string>(&v))
    return *s;
  const auto& list = std::get<std::vector<double>>(v);
  std::string out;
  for (size_t i = 0; i < list.size(); ++i) {
    if (i)
      out += ';';
    out += format_number(list[i]);
  }
  return out;
}

static bool numbers_match(double a, double b)
{
  if (a == b)
    return true;
  return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

bool values_match(const Value& a, const Value& b)
{
  if (a.index() != b.index())
    return false;
  if (auto* x = std::get_if<double>(&a))
    return numbers_match(*x, std::get<double>(b));
  if (auto* s = std::get_if<std::string>(&a))
    return *s == std::get<std::string>(b);
  const auto& la = std::get<std::vector<double>>(a);
  const auto& lb = std::get<std::vector<double>>(b);
  if (la.size() != lb.size())
    return false;
  for (size_t i = 0; i < la.size(); ++i)
    if (!numbers_match(la[i], lb[i]))
      return false;
  return true;
}

}  // namespace isogrid
