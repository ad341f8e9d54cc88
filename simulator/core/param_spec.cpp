#include "simulator/core/param_spec.hpp"

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

}  // namespace isogrid
