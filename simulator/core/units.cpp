#include "simulator/core/units.hpp"

#include "simulator/core/text.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <map>
#include <stdexcept>
#include <vector>

namespace isogrid {

namespace {

// A unit family: every spelling and what one of it is worth in the base unit, plus the sentence that lists them.
struct UnitTable {
  std::string quantity;  // "speed"
  std::string base;      // "flop/s"
  std::map<std::string, double> scale;
  std::string accepted;  // for error messages
  bool zero_allowed = false;
};

const std::vector<std::string> kDecimalPrefixes = {"k", "M", "G", "T", "P", "E", "Z", "Y"};
const std::vector<std::string> kBinaryPrefixes  = {"Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi"};
const std::vector<std::string> kLongPrefixes    = {"kilo", "mega", "giga", "tera", "peta", "exa", "zeta", "yotta"};

void add_prefixed(UnitTable& t, const std::string& unit, double value, const std::vector<std::string>& prefixes,
                  double step)
{
  t.scale.emplace(unit, value);
  for (const auto& p : prefixes) {
    value *= step;
    t.scale.emplace(p + unit, value);
  }
}

const UnitTable& speed_units()
{
  static const UnitTable t = [] {
    UnitTable u{"speed", "flop/s", {}, "f, kf, Mf, Gf, Tf, Pf, Ef (also flops, Gflops, gigaflops, ...)", false};
    add_prefixed(u, "f", 1, kDecimalPrefixes, 1e3);
    add_prefixed(u, "flops", 1, kDecimalPrefixes, 1e3);  // "Gflops": not SimGrid's, but what papers write
    add_prefixed(u, "flops", 1, kLongPrefixes, 1e3);     // "gigaflops": SimGrid's long form
    return u;
  }();
  return t;
}

const UnitTable& bandwidth_units()
{
  static const UnitTable t = [] {
    UnitTable u{"bandwidth",
                "byte/s",
                {},
                "Bps, kBps, MBps, GBps, TBps (powers of 1000), KiBps, MiBps, GiBps, TiBps (powers of 1024), "
                "or the same with bps for bits (1 Bps = 8 bps)",
                false};
    for (const char* unit : {"Bps", "bps"}) {
      double one = unit[0] == 'B' ? 1.0 : 0.125;
      add_prefixed(u, unit, one, kDecimalPrefixes, 1e3);
      add_prefixed(u, unit, one, kBinaryPrefixes, 1024);
    }
    return u;
  }();
  return t;
}

const UnitTable& time_units()
{
  static const UnitTable t = [] {
    UnitTable u{"time", "s", {}, "ps, ns, us, ms, s, m (minutes), h, d, w", true};
    u.scale = {{"ps", 1e-12}, {"ns", 1e-9},  {"us", 1e-6},   {"ms", 1e-3},      {"s", 1.0},
               {"m", 60.0},   {"h", 3600.0}, {"d", 86400.0}, {"w", 7 * 86400.0}};
    return u;
  }();
  return t;
}

double parse_quantity(const std::string& text, const UnitTable& t)
{
  auto complain = [&](const std::string& why) {
    return std::invalid_argument(fmt::format("cannot read '{}' as a {}: {}; write a number followed by one of {} "
                                             "(a bare number is in {})",
                                             text, t.quantity, why, t.accepted, t.base));
  };
  size_t n = number_length(text, 0, true);
  if (n == 0)
    throw complain("it does not start with a number");
  std::string unit = text.substr(n);
  auto it          = unit.empty() ? t.scale.end() : t.scale.find(unit);
  if (!unit.empty() && it == t.scale.end())
    throw complain(fmt::format("unknown unit '{}'", unit));
  double value = std::strtod(text.substr(0, n).c_str(), nullptr) * (unit.empty() ? 1.0 : it->second);
  if (!std::isfinite(value))
    throw complain("it is too large");
  if (std::signbit(value))
    throw complain("it is negative");
  if (value == 0 && !t.zero_allowed)
    throw complain("it must be above zero");
  return value;
}

}  // namespace

const std::map<std::string, double>& unit_scales(Quantity quantity)
{
  switch (quantity) {
    case Quantity::Speed: return speed_units().scale;
    case Quantity::Bandwidth: return bandwidth_units().scale;
    case Quantity::Time: break;
  }
  return time_units().scale;
}

double parse_speed(const std::string& text) { return parse_quantity(text, speed_units()); }
double parse_bandwidth(const std::string& text) { return parse_quantity(text, bandwidth_units()); }
double parse_time(const std::string& text) { return parse_quantity(text, time_units()); }

}  // namespace isogrid
