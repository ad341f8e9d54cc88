// A grid spec's facts read off the spec (simulator/platform/grid_spec_facts.hpp) against what SimGrid reports once
// the spec is built: hosts, clusters and link count identical, and every pair of hosts routed, for every grid spec
// the project ships (stars, clusters with and without backbones, declared loads, the 10 000-host benchmark).
#include "simulator/core/catalog.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "simulator/platform/grid_spec_facts.hpp"
#include "simulator/sg/platform_check.hpp"
#include "test_support.hpp"
#include "workloads/loads/platform_loads.hpp"

#include <filesystem>
#include <gtest/gtest.h>

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
