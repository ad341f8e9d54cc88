#pragma once
#include <string>
#include <vector>

namespace isogrid {

std::string join(const std::vector<std::string>& parts, const std::string& separator);

std::string trim(const std::string& s);
bool ends_with(const std::string& s, const std::string& suffix);

// Length of the decimal number literal at s[from] (digits, an optional fraction, an optional exponent; with
// `signed_number`, an optional leading + or -); 0 when there is none. Stricter than strtod, which would also take
// "inf", "nan" and hexadecimal, and would read the "E" of "1EBps" (exa) as the start of an exponent.
size_t number_length(const std::string& s, size_t from = 0, bool signed_number = false);

// Offset of the first byte that breaks UTF-8 (a stray continuation byte, a truncated or overlong sequence, a
// surrogate, a code point past U+10FFFF), or std::string::npos when `s` is valid UTF-8.
size_t first_invalid_utf8(const std::string& s);

// Seconds on a monotonic clock, for durations (progress, timeouts, wall_s).
double monotonic_seconds();
// The same at the kernel tick's resolution (a few ms), for a few ns: what a check made once per row can afford.
double coarse_monotonic_seconds();

// "1h02m03s"-style duration for progress lines and summaries.
std::string format_duration(double seconds);

// A count with its noun: "1 point", "3 points", "0 points"; `many` where the plural is not the noun and an s
// ("1 repetition" is regular; "1 law" too; "2 analyses" is not).
std::string counted(unsigned long long n, const std::string& one, const std::string& many = "");

}  // namespace isogrid
