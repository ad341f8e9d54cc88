// A grid spec's facts read off the spec (simulator/platform/grid_spec_facts.hpp) against what SimGrid reports once
// the spec is built: hosts, clusters and link count identical, and every pair of hosts routed, for every grid spec
// the project ships (stars, clusters with and without backbones, declared loads, the 10 000-host benchmark).
#include "simulator/core/catalog.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "simulator/platform/grid_spec_facts.hpp"
#include "simulator/platform/natural_order.hpp"
#include "simulator/sg/platform_check.hpp"
#include "test_support.hpp"
#include "workloads/loads/platform_loads.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <gtest/gtest.h>
#include <random>

namespace fs = std::filesystem;
using namespace isogrid;

namespace {

std::vector<std::string> shipped_grid_specs()
{
  std::vector<std::string> files;
  for (const char* dir : {"platforms", "platforms/examples", "platforms/sanjay", "bench"})
    for (const auto& entry : fs::directory_iterator(fs::path(ISOGRID_SOURCE_DIR) / dir)) {
      std::string path = entry.path().string();
      if (is_grid_spec_file(path) && path.find("platform") != std::string::npos)
        files.push_back(path);
    }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST(GridSpecFacts, EqualWhatSimGridReportsForEveryShippedGridSpec)
{
  isogrid::testing::catalog();  // installs the load resolver: some shipped specs declare background load
  std::vector<std::string> files = shipped_grid_specs();
  ASSERT_GE(files.size(), 12u);  // platforms/ holds 5, examples 2, sanjay 5, bench 2 at least
  bool backbone = false, star = false;
  for (const auto& path : files) {
    SCOPED_TRACE(path);
    GridSpec spec        = read_grid_spec(path);
    PlatformFacts mine   = grid_spec_facts(spec);
    PlatformFacts theirs = sg::probe_platform_in_simgrid(path, loads::resolver());
    EXPECT_EQ(mine.hosts, theirs.hosts);
    ASSERT_EQ(mine.clusters.size(), theirs.clusters.size());
    for (size_t c = 0; c < mine.clusters.size(); ++c) {
      EXPECT_EQ(mine.clusters[c].name, theirs.clusters[c].name);
      EXPECT_EQ(mine.clusters[c].hosts, theirs.clusters[c].hosts);
    }
    EXPECT_EQ(mine.links, theirs.links);
    EXPECT_TRUE(mine.routes.empty());
    for (const auto& row : theirs.routes)
      EXPECT_EQ(std::count(row.begin(), row.end(), false), 0);
    star = star || spec.star.has_value();
    for (const auto& c : spec.clusters)
      backbone = backbone || c.backbone.has_value();
  }
  EXPECT_TRUE(star);
  EXPECT_TRUE(backbone);
}

TEST(GridSpecFacts, AGridSpecWithoutLoadsIsProbedWithoutSimGrid)
{
  // The 10 000-host benchmark platform: probe_platform answers from the spec, so it takes no worker at all.
  std::string path           = std::string(ISOGRID_SOURCE_DIR) + "/bench/farm-100x100-platform.yaml";
  const PlatformFacts& facts = sg::probe_platform(path, loads::resolver());
  EXPECT_EQ(facts.hosts.size(), 10100u);
  EXPECT_EQ(facts.clusters.size(), 100u);
  EXPECT_EQ(facts.hosts[1], "c0-1");
  EXPECT_EQ(facts.hosts[2], "c0-2");  // natural order: c0-2 before c0-10
  EXPECT_EQ(facts.links, 2u * 10100 + 2u * 4950 + 1);
}

// Natural order, by hand: numbers compare as numbers whatever their leading zeros, text as text, a prefix first; and
// on random names of letters, dashes and digits, the order of the reference definition (numbers as strings without
// their leading zeros: the longer is the larger, else lexicographic) on every pair.
TEST(NaturalOrder, NumbersAsNumbersAndTheReferenceOrderOnRandomNames)
{
  EXPECT_TRUE(isogrid::natural_less("c0-2", "c0-10"));
  EXPECT_FALSE(isogrid::natural_less("c0-10", "c0-2"));
  EXPECT_TRUE(isogrid::natural_less("c1-99", "c2-0"));
  EXPECT_FALSE(isogrid::natural_less("a007", "a7"));  // equal numbers: neither before the other
  EXPECT_FALSE(isogrid::natural_less("a7", "a007"));
  EXPECT_TRUE(isogrid::natural_less("a7", "a007b"));  // then the rest decides: a prefix first
  EXPECT_TRUE(isogrid::natural_less("host", "host1"));
  EXPECT_TRUE(isogrid::natural_less("Z", "a"));
  auto reference = [](const std::string& a, const std::string& b) {
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
      if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
        size_t i2 = a.find_first_not_of("0123456789", i), j2 = b.find_first_not_of("0123456789", j);
        i2 = i2 == std::string::npos ? a.size() : i2, j2 = j2 == std::string::npos ? b.size() : j2;
        std::string na = a.substr(i, i2 - i), nb = b.substr(j, j2 - j);
        na.erase(0, std::min(na.find_first_not_of('0'), na.size()));
        nb.erase(0, std::min(nb.find_first_not_of('0'), nb.size()));
        if (na.size() != nb.size())
          return na.size() < nb.size();
        if (na != nb)
          return na < nb;
        i = i2, j = j2;
      } else {
        if (a[i] != b[j])
          return a[i] < b[j];
        ++i, ++j;
      }
    }
    return a.size() - i < b.size() - j;
  };
  std::mt19937 draw(7);
  const std::string alphabet = "ab-0001239";
  std::vector<std::string> names;
  for (int k = 0; k < 300; ++k) {
    std::string name;
    for (size_t n = draw() % 8; n > 0; --n)
      name += alphabet[draw() % alphabet.size()];
    names.push_back(name);
  }
  for (const std::string& a : names)
    for (const std::string& b : names)
      ASSERT_EQ(isogrid::natural_less(a, b), reference(a, b)) << "'" << a << "' < '" << b << "'";
}
