#pragma once
// Quantities written the way SimGrid platform XML writes them ("1Gf", "125MBps", "50us"), so that a number copied
// from an XML file into a YAML grid spec means the same thing. The unit tables follow SimGrid 3.32's own parser
// (src/xbt/xbt_parse_units.cpp), which is stricter than its documentation: decimal kilo is "k", never "K".
//
//   speed      flop/s   f kf Mf Gf Tf Pf Ef Zf Yf, flops kiloflops megaflops gigaflops ... (and Gflops-style
//                       abbreviations, which SimGrid itself rejects but people write)
//   bandwidth  byte/s   Bps kBps MBps GBps ... (powers of 1000), KiBps MiBps GiBps ... (powers of 1024),
//                       and the same with bps for bits (1 Bps = 8 bps)
//   time       s        ps ns us ms s, m (minute), h, d, w
//
// A bare number is in the base unit (flop/s, byte/s, s). Prefixes are case-sensitive: "M" is mega, "m" a minute.
//
// Why not SimGrid's own xbt/parse_units.hpp: it would put SimGrid into the harness, which validates grid specs in the
// parent before any engine exists; and, measured on SimGrid 3.32, it accepts "-3f" as -3 flop/s and "nan" as NaN
// (with only a logged warning), and its errors ("unknown unit: Gf") list no accepted unit. tests/units_test.cpp
// holds every spelling here against SimGrid's parser, through simulator/sg/simgrid_units.hpp.
#include <map>
#include <string>

namespace isogrid {

// Each throws std::invalid_argument naming the text and listing the accepted units when the text is not a number
// with a known unit, or is negative or not finite; speed and bandwidth must also be above zero.
double parse_speed(const std::string& text);      // flop/s
double parse_bandwidth(const std::string& text);  // byte/s
double parse_time(const std::string& text);       // s

// Every unit spelling each parser knows, with what one of it is worth in the base unit (the agreement test holds them
// against SimGrid's own parser).
enum class Quantity { Speed, Bandwidth, Time };
const std::map<std::string, double>& unit_scales(Quantity quantity);

}  // namespace isogrid
