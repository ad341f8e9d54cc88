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

ParamSpec policy_choice(std::string name, std::string family, std::string fallback, std::string doc)
{
  ParamSpec s;
  s.name          = std::move(name);
  s.kind          = ParamKind::Choice;
  s.policy_family = std::move(family);
  s.default_value = std::move(fallback);
  s.doc           = std::move(doc);
  return s;
}

ParamSpec word_choice(std::string name, std::vector<std::string> choices, std::string fallback, std::string doc)
{
  ParamSpec s = policy_choice(std::move(name), "", std::move(fallback), std::move(doc));
  s.choices   = std::move(choices);
  return s;
}

ParamSpec free_text(std::string name, std::string fallback, std::string doc)
{
  ParamSpec p;
  p.name          = std::move(name);
  p.kind          = ParamKind::Text;
  p.default_value = std::move(fallback);
  p.doc           = std::move(doc);
  return p;
}

ParamSpec platform_file(std::string doc, bool optional)
{
  ParamSpec p;
  p.name          = "platform";
  p.kind          = ParamKind::Path;
  p.platform_file = true;
  p.doc           = std::move(doc);
  if (optional)
    p.default_value = std::string();
  return p;
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
