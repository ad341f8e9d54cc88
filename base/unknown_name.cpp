#include "base/unknown_name.hpp"

#include <algorithm>
#include <cctype>

namespace isogrid {

namespace {

size_t edit_distance(const std::string& a, const std::string& b)
{
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0]          = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      bool same =
          std::tolower(static_cast<unsigned char>(a[i - 1])) == std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j]   = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string closest_match(const std::string& name, const std::vector<std::string>& known)
{
  std::string best;
  size_t best_distance = 3;
  for (const auto& candidate : known) {
    size_t d = edit_distance(name, candidate);
    if (d < best_distance) {
      best_distance = d;
      best          = candidate;
    }
  }
  return best;
}

std::string unknown_name_message(const std::string& what, const std::string& name,
                                 const std::vector<std::string>& known)
{
  std::string msg   = "unknown " + what + " '" + name + "'";
  std::string close = closest_match(name, known);
  if (!close.empty())
    msg += " (did you mean '" + close + "'?)";
  msg += "; known: ";
  for (size_t i = 0; i < known.size(); ++i)
    msg += (i ? ", " : "") + known[i];
  return msg;
}

}  // namespace isogrid
