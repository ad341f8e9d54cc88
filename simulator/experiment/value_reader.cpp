#include "simulator/experiment/value_reader.hpp"

#include "simulator/core/text.hpp"

#include <cmath>
#include <filesystem>
#include <fmt/format.h>

namespace isogrid {

void ValueReader::check_number(const Field& field, const ParamSpec& spec, double x) const
{
  std::string shown = format_number(x);
  if (spec.kind == ParamKind::Integer && x != std::floor(x))
    field.fail(fmt::format("{} must be a whole number, got {}", spec.name, shown));
  bool low_ok = spec.min_exclusive ? x > spec.min : x >= spec.min;
  if (!low_ok)
    field.fail(fmt::format("{} must be {} {}, got {}", spec.name, spec.min_exclusive ? ">" : ">=",
                           format_number(spec.min), shown));
  if (x > spec.max)
    field.fail(fmt::format("{} must be <= {}, got {}", spec.name, format_number(spec.max), shown));
}

std::vector<std::string> ValueReader::allowed_names(const ParamSpec& spec) const
{
  if (!spec.policy_family.empty())
    return catalog_.policy_names(spec.policy_family);
  return spec.choices;
}

std::string ValueReader::resolve_path(const std::string& path) const
{
  namespace fs = std::filesystem;
  fs::path p(path);
  if (p.is_relative() && !base_dir_.empty())
    p = fs::path(base_dir_) / p;
  return p.lexically_normal().string();
}

Value ValueReader::read(const Field& field, const ParamSpec& spec) const
{
  switch (spec.kind) {
    case ParamKind::Real:
    case ParamKind::Integer: {
      double x = field.number();
      check_number(field, spec, x);
      return x;
    }
    case ParamKind::RealOrList: {
      if (field.is_list()) {
        if (field.size() == 0)
          field.fail(fmt::format("{} needs at least one value", spec.name));
        std::vector<double> list;
        for (size_t i = 0; i < field.size(); ++i) {
          Field item = field.element(i);
          double x   = item.number();
          check_number(item, spec, x);
          list.push_back(x);
        }
        return list;
      }
      double x = field.number();
      check_number(field, spec, x);
      return x;
    }
    case ParamKind::Choice: {
      std::string name = field.text();
      auto allowed     = allowed_names(spec);
      for (const auto& a : allowed)
        if (a == name)
          return name;
      field.fail(unknown_name_message(spec.policy_family.empty() ? "value" : spec.policy_family + " policy", name,
                                      allowed));
    }
    case ParamKind::Text:
      return field.text();
    case ParamKind::Path: {
      std::string resolved = resolve_path(field.text());
      if (!std::filesystem::is_regular_file(resolved))
        field.fail(fmt::format("no such file: {}", resolved));
      return resolved;
    }
  }
  field.fail("unsupported parameter kind");
}

}  // namespace isogrid
