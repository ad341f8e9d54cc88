// Al Zain et al.'s configuration strings and the summary statistics their tables print (shared notes B.3.1).
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"
#include "tests/test_support.hpp"
#include "workloads/gph/grid_configuration.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sstream>

using namespace isogrid;
using namespace isogrid::gph;

namespace {

// Tables 14 and 15 of the paper.
ClusterTable beowulfs()
{
  ClusterTable t;
  t.names   = {"Edin1", "Edin2", "Edin3", "SBC", "Muni"};
  t.mhz     = {534, 1395, 1816, 933, 1529};
  t.latency = {{0.20, 0.27, 0.35, 2.03, 35.8},
               {0.27, 0.15, 0.20, 2.03, 35.8},
               {0.35, 0.20, 0.20, 2.03, 35.8},
               {2.03, 2.03, 2.03, 0.15, 32.8},
               {35.8, 35.8, 35.8, 32.8, 0.13}};
  return t;
}

// The letters change meaning between tables: E is Edin2 in Tables 3, 4 and 8, Edin1 in Tables 9-12.
const Alphabet kTable2 = {{"F", "Edin3"}, {"S", "SBC"}};
const Alphabet kTable3 = {{"E", "Edin2"}, {"M", "Muni"}};
const Alphabet kTable9 = {{"E", "Edin1"}, {"M", "Muni"}, {"E2", "Edin2"}};

ConfigurationSummary summary(const std::string& text, const Alphabet& alphabet)
{
  return summarise(parse_configuration(text, alphabet, beowulfs()), beowulfs());
}

}  // namespace

TEST(GphConfiguration, LettersCountsAndSubscripts)
{
  EXPECT_EQ(parse_configuration("FFSSS", kTable2, beowulfs()), (std::vector<size_t>{2, 2, 3, 3, 3}));
  EXPECT_EQ(parse_configuration("1E4M", kTable3, beowulfs()), (std::vector<size_t>{1, 4, 4, 4, 4}));
  // 5 Edin2 + 30 Edin1 + 6 Muni, with or without commas (the OCR'd "5E230E6M"): E2 is matched before E.
  std::vector<size_t> big = parse_configuration("5E2,30E,6M", kTable9, beowulfs());
  EXPECT_EQ(big.size(), 41u);
  EXPECT_EQ(big, parse_configuration("5E230E6M", kTable9, beowulfs()));
  EXPECT_EQ(big.front(), 1u);  // the first PE, where the program starts, is an Edin2 PE
  EXPECT_EQ(std::count(big.begin(), big.end(), 0u), 30);
}

TEST(GphConfiguration, SummariesAreThePapers)
{
  // Mean CPU: FFFFS = (4 x 1816 + 933) / 5 = 1639; 1E4M with Table 9's letters = (534 + 4 x 1529) / 5 = 1330.0.
  EXPECT_NEAR(summary("FFFFS", kTable2).mean_mhz, 1639.4, 1e-9);
  EXPECT_NEAR(summary("FFFFS", kTable2).sd_mhz, 353.2, 0.05);  // population SD: the low end of Table 2's 353-432
  EXPECT_NEAR(summary("1E4M", kTable9).mean_mhz, 1330.0, 1e-9);
  EXPECT_NEAR(summary("6E1M", kTable9).mean_mhz, 4733.0 / 7, 1e-9);  // Sec. 8 prints 676 MHz
  // Mean latency over unordered PE pairs: EMMMM = (4 x 35.8 + 6 x 0.13) / 10 = 14.4; 1E2M = 23.9; 1E1M = 35.8;
  // 30E5M = (435 x 0.20 + 10 x 0.13 + 150 x 35.8) / 595 = 9.17.
  EXPECT_NEAR(summary("EMMMM", kTable3).mean_latency_ms, 14.398, 1e-9);
  EXPECT_NEAR(summary("1E2M", kTable3).mean_latency_ms, 23.91, 1e-9);
  EXPECT_NEAR(summary("1E1M", kTable3).mean_latency_ms, 35.8, 1e-9);
  EXPECT_NEAR(summary("1E3M", kTable3).mean_latency_ms, 17.965, 1e-9);  // printed 17.9
  EXPECT_NEAR(summary("30E5M", kTable9).mean_latency_ms, 9.1736, 5e-5);
  EXPECT_EQ(summary("F", kTable2).mean_latency_ms, 0);
  EXPECT_EQ(summary("F", kTable2).pes, 1u);
}

TEST(GphConfiguration, BadStringsNameThePosition)
{
  auto message = [](const std::string& text) -> std::string {
    try {
      parse_configuration(text, kTable2, beowulfs());
    } catch (const ConfigurationError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(message("FXS").find("cannot read 'X' at position 2"), std::string::npos) << message("FXS");
  EXPECT_NE(message("FXS").find("F = Edin3, S = SBC"), std::string::npos);
  EXPECT_NE(message("0F").find("at least 1"), std::string::npos);
  EXPECT_NE(message("").find("names no PE"), std::string::npos);
  EXPECT_NE(message("3").find("position 2"), std::string::npos);  // a count with no letter after it
  EXPECT_THROW(parse_configuration("E", {{"E", "Edin9"}}, beowulfs()), std::invalid_argument);
}

TEST(GphPlatform, BeowulfFileHoldsTables14And15)
{
  GridSpec spec      = read_grid_spec(std::string(ISOGRID_SOURCE_DIR) + "/platforms/gph-beowulf.yaml");
  ClusterTable t     = cluster_table(spec);
  ClusterTable paper = beowulfs();
  ASSERT_EQ(t.names, paper.names);
  EXPECT_EQ(t.mhz, paper.mhz);
  for (size_t i = 0; i < t.names.size(); ++i)
    for (size_t j = 0; j < t.names.size(); ++j)
      EXPECT_NEAR(t.latency[i][j], paper.latency[i][j], 1e-9) << t.names[i] << "-" << t.names[j];
  std::vector<long long> pes;
  for (const auto& c : spec.clusters)
    pes.push_back(c.hosts);
  EXPECT_EQ(pes, (std::vector<long long>{32, 6, 10, 4, 7}));
}

TEST(GphPlatform, SimGridRoutesCarryTheTableLatencies)
{
  // One host of each cluster to one of every other (and to a second host of its own): the built platform's
  // one-way route latency is Table 15's.
  std::string path             = std::string(ISOGRID_SOURCE_DIR) + "/platforms/gph-beowulf.yaml";
  std::vector<std::string> out = isogrid::testing::run_in_children({[path] {
    isogrid::sg::Session session(isogrid::sg::exact_network_config(), false);
    isogrid::sg::load_platform(path, {});
    std::vector<std::string> names = {"Edin1", "Edin2", "Edin3", "SBC", "Muni"};
    std::string text;
    for (const auto& a : names)
      for (const auto& b : names) {
        auto* from = isogrid::sg::host_by_name(a + "-0");
        auto* to   = isogrid::sg::host_by_name(b + "-1");
        text += fmt::format("{:.6f} ", 1e3 * isogrid::sg::route_between(from, to).latency);
      }
    return text;
  }});
  std::istringstream in(out[0]);
  ClusterTable paper = beowulfs();
  for (size_t i = 0; i < 5; ++i)
    for (size_t j = 0; j < 5; ++j) {
      double ms = 0;
      in >> ms;
      EXPECT_NEAR(ms, paper.latency[i][j], 1e-6) << paper.names[i] << "-" << paper.names[j];
    }
}
