#include "simulator/core/value.hpp"

#include "simulator/core/yaml_source.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/compile.h>
#include <fmt/format.h>
#include <type_traits>
#include <variant>

namespace isogrid {

const Value* Mapping::find(const std::string& key) const
{
  for (const auto& [k, v] : entries)
    if (k == key)
      return &v;
  return nullptr;
}

bool Mapping::operator==(const Mapping& other) const { return entries == other.entries; }

std::string format_number(double x)
{
  std::string out;
  append_number(out, x);
  return out;
}

void append_number(std::string& out, double x)
{
  if (std::isnan(x))
    return;
  if (std::isinf(x)) {
    out += x > 0 ? "inf" : "-inf";
    return;
  }
  char text[32];  // the longest shortest form, "-2.2250738585072014e-308", is 24 characters
  out.append(text, fmt::format_to(text, FMT_COMPILE("{}"), x));  // the shortest that reads back as x (Dragonbox)
}

namespace {

template <class T, class Format>
std::string joined(const std::vector<T>& items, const char* separator, Format format)
{
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i)
      out += separator;
    out += format(items[i]);
  }
  return out;
}

bool holds_mappings(const Mapping& m)
{
  for (const auto& entry : m.entries)
    if (is_mapping(entry.second))
      return true;
  return false;
}

std::string format_mapping(const Mapping& m)
{
  // "F=Edin3, S=SBC"; with nested mappings "queens: depth=1, work_scale=0.92; raytracer: work_scale=1.95", the
  // notation these settings had when they were strings, so results.csv keeps its cells.
  bool nested = holds_mappings(m);
  return joined(m.entries, nested ? "; " : ", ", [](const std::pair<std::string, Value>& e) {
    return is_mapping(e.second) ? e.first + ": " + format_value(e.second) : e.first + "=" + format_value(e.second);
  });
}

bool numbers_match(double a, double b)
{
  if (a == b)
    return true;
  return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

bool lists_match(const std::vector<double>& a, const std::vector<double>& b)
{
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!numbers_match(a[i], b[i]))
      return false;
  return true;
}

bool mappings_match(const Mapping& a, const Mapping& b)
{
  if (a.entries.size() != b.entries.size())
    return false;
  for (size_t i = 0; i < a.entries.size(); ++i)
    if (a.entries[i].first != b.entries[i].first || !values_match(a.entries[i].second, b.entries[i].second))
      return false;
  return true;
}

}  // namespace

std::string format_value(const Value& v)
{
  if (auto* d = std::get_if<double>(&v))
    return format_number(*d);
  if (auto* s = std::get_if<std::string>(&v))
    return *s;
  if (auto* list = std::get_if<std::vector<double>>(&v))
    return joined(*list, ";", format_number);
  if (auto* words = std::get_if<std::vector<std::string>>(&v))
    return joined(*words, ", ", [](const std::string& w) { return w; });
  return format_mapping(std::get<Mapping>(v));
}

std::string yaml_value(const Value& v)
{
  if (auto* list = std::get_if<std::vector<double>>(&v))
    return "[" + joined(*list, ", ", format_number) + "]";
  if (auto* words = std::get_if<std::vector<std::string>>(&v))
    return "[" + joined(*words, ", ", [](const std::string& w) { return w; }) + "]";
  if (auto* m = std::get_if<Mapping>(&v))
    return "{" +
           joined(m->entries, ", ",
                  [](const std::pair<std::string, Value>& e) { return e.first + ": " + yaml_value(e.second); }) +
           "}";
  return format_value(v);
}

bool values_match(const Value& a, const Value& b)
{
  if (a.index() != b.index())
    return false;
  if (auto* x = std::get_if<double>(&a))
    return numbers_match(*x, std::get<double>(b));
  if (auto* list = std::get_if<std::vector<double>>(&a))
    return lists_match(*list, std::get<std::vector<double>>(b));
  if (auto* m = std::get_if<Mapping>(&a))
    return mappings_match(*m, std::get<Mapping>(b));
  return a == b;
}

bool value_less(const Value& a, const Value& b)
{
  if (a.index() != b.index())
    return a.index() < b.index();
  if (is_mapping(a))
    return format_value(a) < format_value(b);
  return std::visit(
      [&](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Mapping>)
          return false;  // handled above
        else
          return x < std::get<T>(b);
      },
      a);
}

bool values_less(const std::vector<Value>& a, const std::vector<Value>& b)
{
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), value_less);
}

}  // namespace isogrid

namespace isogrid {

bool cells_less(const std::vector<std::string>& a, const std::vector<std::string>& b)
{
  auto as_values = [](const std::vector<std::string>& cells) {
    std::vector<Value> v;
    for (const auto& c : cells) {
      double x = 0;
      v.push_back(parse_number(c, x) ? Value{x} : Value{c});
    }
    return v;
  };
  return values_less(as_values(a), as_values(b));
}

}  // namespace isogrid
