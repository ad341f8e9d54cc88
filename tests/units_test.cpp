// Quantities with SimGrid's units: every family, decimal against binary prefixes, bits against bytes, and the
// refusals (with the accepted units listed, so that the user can fix the file without opening the docs).
#include "simulator/core/units.hpp"
#include "simulator/sg/simgrid_units.hpp"

#include <gtest/gtest.h>
#include <stdexcept>
#include <string>
#include <vector>

using namespace isogrid;

namespace {

// The message of the std::invalid_argument that `parse` throws on `text`, or "" when it does not throw.
std::string refusal(double (*parse)(const std::string&), const std::string& text)
{
  try {
    parse(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(Units, SpeedWithDecimalPrefixes)
{
  EXPECT_DOUBLE_EQ(parse_speed("1f"), 1);
  EXPECT_DOUBLE_EQ(parse_speed("100kf"), 1e5);
  EXPECT_DOUBLE_EQ(parse_speed("2.5Mf"), 2.5e6);
  EXPECT_DOUBLE_EQ(parse_speed("1Gf"), 1e9);
  EXPECT_DOUBLE_EQ(parse_speed("3Tf"), 3e12);
  EXPECT_DOUBLE_EQ(parse_speed("1Pf"), 1e15);
  EXPECT_DOUBLE_EQ(parse_speed("1Ef"), 1e18);  // "E" is exa here, not the start of an exponent
  EXPECT_DOUBLE_EQ(parse_speed("286.087kf"), 286087);
}

TEST(Units, SpeedFlopsSpellings)
{
  EXPECT_DOUBLE_EQ(parse_speed("1flops"), 1);
  EXPECT_DOUBLE_EQ(parse_speed("1Gflops"), 1e9);
  EXPECT_DOUBLE_EQ(parse_speed("4Mflops"), 4e6);
  EXPECT_DOUBLE_EQ(parse_speed("1gigaflops"), 1e9);
  EXPECT_DOUBLE_EQ(parse_speed("2kiloflops"), 2e3);
}

TEST(Units, BareNumbersAreInTheBaseUnit)
{
  EXPECT_DOUBLE_EQ(parse_speed("1e9"), 1e9);
  EXPECT_DOUBLE_EQ(parse_speed("1E9"), 1e9);
  EXPECT_DOUBLE_EQ(parse_speed("750"), 750);
  EXPECT_DOUBLE_EQ(parse_bandwidth("1.25e8"), 1.25e8);
  EXPECT_DOUBLE_EQ(parse_time("0.5"), 0.5);
  EXPECT_DOUBLE_EQ(parse_time("2e-3"), 2e-3);
}

TEST(Units, ExponentAndUnitTogether)
{
  EXPECT_DOUBLE_EQ(parse_speed("1e3Gf"), 1e12);
  EXPECT_DOUBLE_EQ(parse_bandwidth("1e-3GBps"), 1e6);
  EXPECT_DOUBLE_EQ(parse_time("5e2us"), 5e-4);
  EXPECT_DOUBLE_EQ(parse_bandwidth("1EBps"), 1e18);
}

TEST(Units, BandwidthInBytesDecimal)
{
  EXPECT_DOUBLE_EQ(parse_bandwidth("1Bps"), 1);
  EXPECT_DOUBLE_EQ(parse_bandwidth("10kBps"), 1e4);
  EXPECT_DOUBLE_EQ(parse_bandwidth("125MBps"), 1.25e8);
  EXPECT_DOUBLE_EQ(parse_bandwidth("1GBps"), 1e9);
  EXPECT_DOUBLE_EQ(parse_bandwidth("1.25GBps"), 1.25e9);
  EXPECT_DOUBLE_EQ(parse_bandwidth("2TBps"), 2e12);
}

TEST(Units, BandwidthInBytesBinary)
{
  EXPECT_DOUBLE_EQ(parse_bandwidth("1KiBps"), 1024);
  EXPECT_DOUBLE_EQ(parse_bandwidth("1MiBps"), 1048576);
  EXPECT_DOUBLE_EQ(parse_bandwidth("1GiBps"), 1073741824);
  EXPECT_DOUBLE_EQ(parse_bandwidth("3TiBps"), 3 * 1099511627776.0);
  // Decimal and binary differ by 2.4 % at kilo and 7.4 % at giga: the prefix matters.
  EXPECT_GT(parse_bandwidth("1GiBps"), parse_bandwidth("1GBps") * 1.07);
}

TEST(Units, BandwidthInBitsIsAnEighth)
{
  EXPECT_DOUBLE_EQ(parse_bandwidth("8bps"), 1);
  EXPECT_DOUBLE_EQ(parse_bandwidth("10kbps"), 1250);
  EXPECT_DOUBLE_EQ(parse_bandwidth("100Mbps"), 1.25e7);
  EXPECT_DOUBLE_EQ(parse_bandwidth("1Gbps"), 1.25e8);
  EXPECT_DOUBLE_EQ(parse_bandwidth("1Gibps"), 1073741824 / 8.0);
  EXPECT_DOUBLE_EQ(parse_bandwidth("1Gbps") * 8, parse_bandwidth("1GBps"));
}

TEST(Units, TimeTable)
{
  EXPECT_DOUBLE_EQ(parse_time("1ps"), 1e-12);
  EXPECT_DOUBLE_EQ(parse_time("10ns"), 1e-8);
  EXPECT_DOUBLE_EQ(parse_time("50us"), 5e-5);
  EXPECT_DOUBLE_EQ(parse_time("1ms"), 1e-3);
  EXPECT_DOUBLE_EQ(parse_time("1.2ms"), 1.2e-3);
  EXPECT_DOUBLE_EQ(parse_time("2s"), 2);
  EXPECT_DOUBLE_EQ(parse_time("1m"), 60);  // minutes, as in SimGrid: "m" is not milli
  EXPECT_DOUBLE_EQ(parse_time("2h"), 7200);
  EXPECT_DOUBLE_EQ(parse_time("1d"), 86400);
  EXPECT_DOUBLE_EQ(parse_time("1w"), 604800);
}

TEST(Units, ZeroIsATimeButNotASpeedOrBandwidth)
{
  EXPECT_EQ(parse_time("0"), 0);
  EXPECT_EQ(parse_time("0s"), 0);
  EXPECT_EQ(parse_time("0us"), 0);
  EXPECT_NE(refusal(parse_speed, "0Gf").find("above zero"), std::string::npos);
  EXPECT_NE(refusal(parse_speed, "0").find("above zero"), std::string::npos);
  EXPECT_NE(refusal(parse_bandwidth, "0MBps").find("above zero"), std::string::npos);
}

TEST(Units, NegativeValuesAreRefused)
{
  EXPECT_NE(refusal(parse_speed, "-1Gf").find("negative"), std::string::npos);
  EXPECT_NE(refusal(parse_bandwidth, "-125MBps").find("negative"), std::string::npos);
  EXPECT_NE(refusal(parse_time, "-1ms").find("negative"), std::string::npos);
  EXPECT_NE(refusal(parse_time, "-0").find("negative"), std::string::npos);
}

TEST(Units, UnknownUnitsAreNamedAndTheAcceptedOnesListed)
{
  std::string m = refusal(parse_speed, "1Gz");
  EXPECT_NE(m.find("'1Gz'"), std::string::npos) << m;
  EXPECT_NE(m.find("unknown unit 'Gz'"), std::string::npos) << m;
  EXPECT_NE(m.find("kf, Mf, Gf"), std::string::npos) << m;

  m = refusal(parse_bandwidth, "1Gb");  // a size, not a rate
  EXPECT_NE(m.find("unknown unit 'Gb'"), std::string::npos) << m;
  EXPECT_NE(m.find("MBps"), std::string::npos) << m;
  EXPECT_NE(m.find("KiBps"), std::string::npos) << m;
  EXPECT_NE(m.find("bps for bits"), std::string::npos) << m;

  m = refusal(parse_time, "3 ms");
  EXPECT_NE(m.find("unknown unit ' ms'"), std::string::npos) << m;
  EXPECT_NE(m.find("ps, ns, us, ms, s, m (minutes), h, d, w"), std::string::npos) << m;
}

TEST(Units, SpellingsSimGridRefusesAreRefused)
{
  // SimGrid's decimal kilo is "k" and its binary prefixes end in "i"; a capital "K" alone is neither.
  EXPECT_NE(refusal(parse_bandwidth, "1KBps"), "");
  EXPECT_NE(refusal(parse_bandwidth, "1mBps"), "");  // milli-bytes per second is no unit
  EXPECT_NE(refusal(parse_speed, "1GF"), "");
  EXPECT_NE(refusal(parse_speed, "1Kif"), "");  // speeds have no binary prefixes
  EXPECT_NE(refusal(parse_time, "1ks"), "");    // times have no prefixes beyond the table
  EXPECT_NE(refusal(parse_time, "1sec"), "");
}

TEST(Units, NotANumberAtAll)
{
  for (const char* bad : {"", "Gf", "fast", "inf", "nan", "0x10", ".f", "1e", "+"})
    EXPECT_NE(refusal(parse_speed, bad), "") << bad;
  EXPECT_NE(refusal(parse_speed, "Gf").find("does not start with a number"), std::string::npos);
  EXPECT_NE(refusal(parse_time, "1e999").find("too large"), std::string::npos);
  EXPECT_NE(refusal(parse_bandwidth, "1e300YBps").find("too large"), std::string::npos);
}

// Every spelling isogrid knows reads as SimGrid 3.32 reads it (xbt/parse_units.hpp), so that a number copied from
// a SimGrid XML platform into a YAML grid spec means the same. The only spellings SimGrid refuses are the Gflops-style
// abbreviations papers write ("1Gflops"), which isogrid accepts on purpose.
TEST(Units, EverySpellingAgreesWithSimGridsOwnParser)
{
  using isogrid::sg::simgrid_bandwidth;
  using isogrid::sg::simgrid_speed;
  using isogrid::sg::simgrid_time;
  struct Family {
    Quantity quantity;
    double (*ours)(const std::string&);
    double (*simgrid)(const std::string&);
  };
  size_t checked = 0;
  std::vector<std::string> only_ours;
  for (const Family& f : {Family{Quantity::Speed, parse_speed, simgrid_speed},
                          Family{Quantity::Bandwidth, parse_bandwidth, simgrid_bandwidth},
                          Family{Quantity::Time, parse_time, simgrid_time}})
    for (const auto& [unit, scale] : unit_scales(f.quantity))
      for (const char* number : {"1", "2.5", "0.125", "3e2"}) {
        std::string text = number + unit;
        double simgrid   = 0;
        try {
          simgrid = f.simgrid(text);
        } catch (const std::exception&) {
          if (std::string(number) == "1")
            only_ours.push_back(unit);
          continue;
        }
        EXPECT_NEAR(f.ours(text), simgrid, 1e-12 * simgrid) << text;
        EXPECT_NEAR(f.ours(text), std::stod(number) * scale, 1e-12 * simgrid) << text;
        ++checked;
      }
  EXPECT_GE(checked, 4u * 60);
  for (const auto& unit : only_ours)
    EXPECT_NE(unit.find("flops"), std::string::npos) << unit << " is refused by SimGrid";
  EXPECT_EQ(only_ours.size(), 8u);  // kflops .. Yflops; "flops" and the long forms are SimGrid's too
}
