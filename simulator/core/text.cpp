#include "simulator/core/text.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <fmt/format.h>

namespace isogrid {

std::string join(const std::vector<std::string>& parts, const std::string& separator)
{
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i)
      out += separator;
    out += parts[i];
  }
  return out;
}

static size_t edit_distance(const std::string& a, const std::string& b)
{
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0]          = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      bool same    = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                  std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j]   = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

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

std::string trim(const std::string& s)
{
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos)
    return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

bool ends_with(const std::string& s, const std::string& suffix)
{
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

size_t number_length(const std::string& s, size_t from, bool signed_number)
{
  auto digit = [&](size_t k) { return k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])) != 0; };
  size_t i = from;
  if (signed_number && i < s.size() && (s[i] == '+' || s[i] == '-'))
    ++i;
  size_t digits = 0;
  while (digit(i))
    ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (digit(i))
      ++i, ++digits;
  }
  if (digits == 0)
    return 0;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    size_t j = i + 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-'))
      ++j;
    if (digit(j)) {
      while (digit(j))
        ++j;
      i = j;
    }
  }
  return i - from;
}

double monotonic_seconds()
{
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

std::string format_duration(double seconds)
{
  if (!std::isfinite(seconds) || seconds < 0)
    return "--";
  if (seconds < 10)
    return fmt::format("{:.1f}s", seconds);
  auto s = static_cast<long long>(std::llround(seconds));
  if (s < 60)
    return fmt::format("{}s", s);
  if (s < 3600)
    return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}h{:02}m{:02}s", s / 3600, (s % 3600) / 60, s % 60);
}

}  // namespace isogrid
