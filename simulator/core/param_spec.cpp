#include "simulator/core/param_spec.hpp"

#include <cmath>
#include <fmt/format.h>

namespace isogrid {

std::string kind_name(ParamKind kind)
{
  switch (kind) {
    case ParamKind::Real: return "number";
    case ParamKind::Integer: return "integer";
    case ParamKind::RealOrList: return "number or list";
    case ParamKind::Choice: return "name";
    case ParamKind::Text: return "word";
    case ParamKind::Path: return "file";
    case ParamKind::NumberList: return "list of numbers";
    case ParamKind::WordList: return "list of names";
    case ParamKind::Map: return "mapping";
  }
  return "?";
}

std::optional<std::string> number_problem(const ParamSpec& spec, double x)
{
  // Formatted only for a message: a million-value axis checks every value.
  if (!std::isfinite(x))  // a literal never is (the reader refuses 1e400); a generator's value can overflow
    return fmt::format("{} must be a finite number, got {}", spec.name, format_number(x));
  if (spec.kind == ParamKind::Integer && x != std::floor(x))
    return fmt::format("{} must be a whole number, got {}", spec.name, format_number(x));
  bool low_ok = spec.min_exclusive ? x > spec.min : x >= spec.min;
  if (!low_ok)
    return fmt::format("{} must be {} {}, got {}", spec.name, spec.min_exclusive ? ">" : ">=", format_number(spec.min),
                       format_number(x));
  if (spec.max_exclusive ? x >= spec.max : x > spec.max)
    return fmt::format("{} must be {} {}{}, got {}", spec.name,
                       spec.max_exclusive ? "<" : "<=", spec.max_text.empty() ? format_number(spec.max) : spec.max_text,
                       spec.max_reason.empty() ? "" : " (" + spec.max_reason + ")", format_number(x));
  return std::nullopt;
}

std::string axis_label(const std::string& name, const std::string& label, const std::string& unit)
{
  const std::string& text = label.empty() ? name : label;
  return unit.empty() || unit == kUnitless ? text : text + " (" + unit + ")";
}

}  // namespace isogrid
