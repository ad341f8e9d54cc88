#include "simulator/core/param_spec.hpp"

namespace isogrid {

ParamSpec positive_real(std::string name, std::string doc, std::optional<double> fallback)
{
  ParamSpec s;
  s.name          = std::move(name);
  s.doc           = std::move(doc);
  s.min           = 0;
  s.min_exclusive = true;
  if (fallback)
    s.default_value = *fallback;
  return s;
}

ParamSpec nonnegative_real(std::string name, std::string doc, std::optional<double> fallback)
{
  ParamSpec s = positive_real(std::move(name), std::move(doc), fallback);
  s.min_exclusive = false;
  return s;
}

ParamSpec whole_number(std::string name, std::string doc, std::optional<double> fallback, double min)
{
  ParamSpec s     = positive_real(std::move(name), std::move(doc), fallback);
  s.kind          = ParamKind::Integer;
  s.min           = min;
  s.min_exclusive = false;
  return s;
}

std::string kind_name(ParamKind kind)
{
  switch (kind) {
    case ParamKind::Real:
      return "number";
    case ParamKind::Integer:
      return "integer";
    case ParamKind::RealOrList:
      return "number or list";
    case ParamKind::Choice:
      return "name";
    case ParamKind::Text:
      return "word";
    case ParamKind::Path:
      return "file";
  }
  return "?";
}

}  // namespace isogrid
