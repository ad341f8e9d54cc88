#include "simulator/core/text.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fmt/format.h>
#include <utf8.h>

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

size_t first_invalid_utf8(const std::string& s)
{
  auto bad = utf8::find_invalid(s.begin(), s.end());
  return bad == s.end() ? std::string::npos : static_cast<size_t>(bad - s.begin());
}

size_t number_length(const std::string& s, size_t from, bool signed_number)
{
  auto digit = [&](size_t k) { return k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])) != 0; };
  size_t i   = from;
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

double coarse_monotonic_seconds()
{
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

std::string counted(unsigned long long n, const std::string& one, const std::string& many)
{
  return std::to_string(n) + " " + (n == 1 ? one : many.empty() ? one + "s" : many);
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
