#include "simulator/core/input_error.hpp"

#include <fmt/format.h>

namespace isogrid {

static std::string render(const SourceLocation& where, const std::string& key, const std::string& message)
{
  std::string out;
  if (!where.file.empty()) {
    out += where.file;
    if (where.line > 0) {
      out += fmt::format(":{}", where.line);
      if (where.column > 0)
        out += fmt::format(":{}", where.column);
    }
    out += ": ";
  } else {
    out += "command line: ";
  }
  if (!key.empty())
    out += key + ": ";
  return out + message;
}

InputError::InputError(SourceLocation where, std::string key, std::string message)
    : std::runtime_error(render(where, key, message)), where_(std::move(where)), key_(std::move(key)),
      message_(std::move(message))
{
}

}  // namespace isogrid
