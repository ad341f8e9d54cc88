#include "simulator/core/point.hpp"

#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

namespace isogrid {

static size_t find_param(const Point& p, std::string_view name)
{
  for (size_t i = 0; i < p.specs->size(); ++i)
    if ((*p.specs)[i].name == name)
      return i;
  throw std::logic_error(fmt::format("model asked for undeclared parameter '{}'", name));
}

bool Point::has(std::string_view name) const
{
  for (const auto& s : *specs)
    if (s.name == name)
      return true;
  return false;
}

const Value& Point::get(std::string_view name) const { return values.at(find_param(*this, name)); }

double Point::number(std::string_view name) const
{
  const Value& v = get(name);
  if (auto* d = std::get_if<double>(&v))
    return *d;
  throw std::logic_error(fmt::format("parameter '{}' is not a single number", name));
}

long long Point::integer(std::string_view name) const { return std::llround(number(name)); }

const std::string& Point::text(std::string_view name) const { return std::get<std::string>(get(name)); }

std::vector<double> Point::per_worker(std::string_view name, size_t n) const
{
  const Value& v = get(name);
  if (auto* d = std::get_if<double>(&v))
    return std::vector<double>(n, *d);
  const auto& list = std::get<std::vector<double>>(v);
  if (list.size() != n)
    throw std::invalid_argument(
        fmt::format("parameter '{}' lists {} values but there are {} workers", name, list.size(), n));
  return list;
}

}  // namespace isogrid
