// The YAML grid spec parser on its own (no SimGrid): good specs become the documented structs, and every mistake
// is an InputError that points at the line and key at fault.
#include "simulator/platform/grid_spec.hpp"

#include "tests/test_support.hpp"

#include <algorithm>
#include <gtest/gtest.h>

using namespace isogrid;

namespace {

class GridSpecFiles : public ::testing::Test {
protected:
  std::string write(const std::string& text, const std::string& name = "grid.yaml") { return tmp_.write(name, text); }

  GridSpec parse(const std::string& text, const std::string& name = "grid.yaml")
  {
    return read_grid_spec(write(text, name));
  }

  struct Failure {
    std::string file;
    int line = -1;
    std::string key;
    std::string message;
    std::string what;
    int column = -1;
  };

  // The InputError that reading `text` must raise.
  Failure failure(const std::string& text)
  {
    std::string path = write(text);
    try {
      read_grid_spec(path);
    } catch (const InputError& e) {
      EXPECT_EQ(e.where().file, path);
      return {e.where().file, e.where().line, e.key(), e.message(), e.what(), e.where().column};
    }
    ADD_FAILURE() << "no InputError for:\n" << text;
    return {};
  }

  isogrid::testing::TempDir tmp_;
};

// 1-based line of the only line of `text` that contains `needle`.
int line_of(const std::string& text, const std::string& needle)
{
  size_t at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << needle;
  EXPECT_EQ(text.find(needle, at + 1), std::string::npos) << "ambiguous needle " << needle;
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
}

bool contains(const std::string& haystack, const std::string& needle)
{
  return haystack.find(needle) != std::string::npos;
}

const std::string kTwoClusters = R"(name: das2
clusters:
  - name: vu
    hosts: 72
    speed: 1Gf
    cores: 2
    link: {bandwidth: 1.25GBps, latency: 5us}
    backbone: {bandwidth: 10GBps, latency: 1us, sharing: fatpipe}
  - name: leiden
    hosts: 32
    speed: 500Mf
    link: {bandwidth: 125MBps}
inter_cluster:
  bandwidth: 100MBps
  latency: 10ms
)";

}  // namespace

TEST_F(GridSpecFiles, ReadsTwoClustersWithEveryKey)
{
  GridSpec s = parse(kTwoClusters);
  EXPECT_EQ(s.name, "das2");
  ASSERT_EQ(s.clusters.size(), 2u);
  const ClusterSpec& vu = s.clusters[0];
  EXPECT_EQ(vu.name, "vu");
  EXPECT_EQ(vu.hosts, 72);
  EXPECT_DOUBLE_EQ(vu.speed, 1e9);
  EXPECT_EQ(vu.cores, 2);
  EXPECT_DOUBLE_EQ(vu.link.bandwidth, 1.25e9);
  EXPECT_DOUBLE_EQ(vu.link.latency, 5e-6);
  ASSERT_TRUE(vu.backbone.has_value());
  EXPECT_DOUBLE_EQ(vu.backbone->bandwidth, 1e10);
  EXPECT_DOUBLE_EQ(vu.backbone->latency, 1e-6);
  EXPECT_EQ(vu.backbone->sharing, LinkSharing::Fatpipe);
  EXPECT_EQ(vu.host_name(0), "vu-0");
  EXPECT_EQ(vu.host_name(71), "vu-71");

  const ClusterSpec& leiden = s.clusters[1];
  EXPECT_EQ(leiden.cores, 1);                 // default
  EXPECT_EQ(leiden.link.latency, 0);          // default
  EXPECT_FALSE(leiden.backbone.has_value());  // none unless given
  EXPECT_DOUBLE_EQ(leiden.speed, 5e8);

  ASSERT_EQ(s.inter_links.size(), 1u);
  EXPECT_EQ(s.inter_links[0].a, 0u);
  EXPECT_EQ(s.inter_links[0].b, 1u);
  EXPECT_DOUBLE_EQ(s.inter_links[0].link.bandwidth, 1e8);
  EXPECT_DOUBLE_EQ(s.inter_links[0].link.latency, 1e-2);
  EXPECT_FALSE(s.star.has_value());
}

TEST_F(GridSpecFiles, NameDefaultsToTheFileNameAndSharingToShared)
{
  GridSpec s = parse(R"(clusters:
  - {name: c, hosts: 1, speed: 1e9, link: {bandwidth: 1e8}, backbone: {bandwidth: 1GBps}}
)",
                     "my-grid.yaml");
  EXPECT_EQ(s.name, "my-grid");
  ASSERT_TRUE(s.clusters[0].backbone.has_value());
  EXPECT_EQ(s.clusters[0].backbone->sharing, LinkSharing::Shared);
  EXPECT_EQ(s.clusters[0].backbone->latency, 0);
  EXPECT_TRUE(s.inter_links.empty());  // one cluster needs no inter_cluster
}

TEST_F(GridSpecFiles, FullMeshWithOverridesAndALatencyMatrix)
{
  GridSpec s = parse(R"(clusters:
  - {name: a, hosts: 2, speed: 1Gf, link: {bandwidth: 1GBps}}
  - {name: b, hosts: 2, speed: 1Gf, link: {bandwidth: 1GBps}}
  - {name: c, hosts: 2, speed: 1Gf, link: {bandwidth: 1GBps}}
  - {name: d, hosts: 2, speed: 1Gf, link: {bandwidth: 1GBps}}
inter_cluster:
  bandwidth: 100MBps
  latency: 10ms
  links:
    - {between: [c, a], bandwidth: 50MBps, latency: 3ms}
    - {between: [b, d], latency: 7ms}
    - {between: [b, c], bandwidth: 1Gbps}
  latency_matrix:
    order: [a, b, c]
    values: [[0, 1.2ms, 2ms], [1.2ms, 0, 0.004], [2ms, 4ms, 0]]
)");
  ASSERT_EQ(s.inter_links.size(), 6u);  // full mesh of 4
  // Pairs come in the order (a,b) (a,c) (a,d) (b,c) (b,d) (c,d).
  std::vector<std::pair<size_t, size_t>> order = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  for (size_t i = 0; i < order.size(); ++i) {
    EXPECT_EQ(s.inter_links[i].a, order[i].first);
    EXPECT_EQ(s.inter_links[i].b, order[i].second);
  }
  auto link = [&](size_t i) { return s.inter_links[i].link; };
  EXPECT_DOUBLE_EQ(link(0).bandwidth, 1e8);   // a-b: default bandwidth,
  EXPECT_DOUBLE_EQ(link(0).latency, 1.2e-3);  //      matrix latency
  EXPECT_DOUBLE_EQ(link(1).bandwidth, 5e7);   // a-c: override bandwidth,
  EXPECT_DOUBLE_EQ(link(1).latency, 2e-3);    //      the matrix beats the override's 3 ms
  EXPECT_DOUBLE_EQ(link(2).bandwidth, 1e8);   // a-d: all defaults (d is not in the matrix)
  EXPECT_DOUBLE_EQ(link(2).latency, 1e-2);
  EXPECT_DOUBLE_EQ(link(3).bandwidth, 1.25e8);  // b-c: 1 Gbit/s
  EXPECT_DOUBLE_EQ(link(3).latency, 4e-3);
  EXPECT_DOUBLE_EQ(link(4).bandwidth, 1e8);  // b-d: override latency only
  EXPECT_DOUBLE_EQ(link(4).latency, 7e-3);
  EXPECT_DOUBLE_EQ(link(5).latency, 1e-2);  // c-d: defaults
}

TEST_F(GridSpecFiles, StarFromACountAndPrefix)
{
  GridSpec s = parse(R"(star:
  center: {speed: 2Gf}
  workers: {count: 10, speed: 1Gf, bandwidth: 100MBps, latency: 1ms}
)",
                     "star-10.yaml");
  ASSERT_TRUE(s.star.has_value());
  EXPECT_TRUE(s.clusters.empty());
  EXPECT_EQ(s.name, "star-10");
  EXPECT_EQ(s.star->center_name, "P0");
  EXPECT_DOUBLE_EQ(s.star->center_speed, 2e9);
  ASSERT_EQ(s.star->workers.size(), 10u);
  EXPECT_EQ(s.star->workers[0].name, "P1");
  EXPECT_EQ(s.star->workers[9].name, "P10");
  for (const auto& w : s.star->workers) {
    EXPECT_DOUBLE_EQ(w.speed, 1e9);
    EXPECT_DOUBLE_EQ(w.bandwidth, 1e8);
    EXPECT_DOUBLE_EQ(w.latency, 1e-3);
  }
}

TEST_F(GridSpecFiles, StarFromAnExplicitList)
{
  GridSpec s = parse(R"(star:
  center: {name: master, speed: 1Gf}
  workers:
    - {name: w1, speed: 1Gf, bandwidth: 1GBps, latency: 1ms}
    - {name: w2, speed: 2Gf, bandwidth: 8Mbps}
)");
  ASSERT_EQ(s.star->workers.size(), 2u);
  EXPECT_EQ(s.star->center_name, "master");
  EXPECT_EQ(s.star->workers[1].name, "w2");
  EXPECT_DOUBLE_EQ(s.star->workers[1].speed, 2e9);
  EXPECT_DOUBLE_EQ(s.star->workers[1].bandwidth, 1e6);
  EXPECT_EQ(s.star->workers[1].latency, 0);
}

TEST_F(GridSpecFiles, TheExampleFilesParse)
{
  GridSpec two = read_grid_spec(ISOGRID_SOURCE_DIR "/platforms/examples/two-clusters.yaml");
  EXPECT_EQ(two.clusters.size(), 2u);
  EXPECT_EQ(two.inter_links.size(), 1u);
  GridSpec star = read_grid_spec(ISOGRID_SOURCE_DIR "/platforms/examples/star-10.yaml");
  ASSERT_TRUE(star.star.has_value());
  EXPECT_EQ(star.star->workers.size(), 10u);
}

TEST_F(GridSpecFiles, GeneratorsDescribeTheirKeys)
{
  auto gens = grid_spec_generators();
  ASSERT_EQ(gens.size(), 2u);
  EXPECT_EQ(gens[0].name, "clusters");
  EXPECT_EQ(gens[1].name, "star");
  auto has = [](const GeneratorEntry& g, const std::string& key) {
    for (const auto& p : g.params)
      if (p.name == key)
        return !p.doc.empty();
    return false;
  };
  for (const char* k : {"clusters[].hosts", "clusters[].speed", "clusters[].cores", "clusters[].link.bandwidth",
                        "clusters[].backbone.sharing", "inter_cluster.bandwidth", "inter_cluster.links[].between",
                        "inter_cluster.latency_matrix.values"})
    EXPECT_TRUE(has(gens[0], k)) << k;
  for (const char* k : {"star.center.speed", "star.workers.count", "star.workers.prefix", "star.workers[].name"})
    EXPECT_TRUE(has(gens[1], k)) << k;
}

// ---- mistakes, each at its line and key ----

TEST_F(GridSpecFiles, UnknownTopLevelKeySuggestsTheRightOne)
{
  std::string text = "name: g\nclustres:\n  - {name: a, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps}}\n";
  Failure f        = failure(text);
  EXPECT_EQ(f.line, 2);
  EXPECT_EQ(f.key, "clustres");
  EXPECT_TRUE(contains(f.message, "did you mean 'clusters'")) << f.message;
}

TEST_F(GridSpecFiles, UnknownClusterKey)
{
  std::string text = kTwoClusters;
  text.replace(text.find("    cores: 2"), 12, "    corse: 2");
  Failure f = failure(text);
  EXPECT_EQ(f.line, 6);
  EXPECT_EQ(f.key, "clusters[0].corse");
  EXPECT_TRUE(contains(f.message, "did you mean 'cores'")) << f.message;
}

TEST_F(GridSpecFiles, UnknownLinkKey)
{
  std::string text = kTwoClusters;
  text.replace(text.find("link: {bandwidth: 125MBps}"), 26, "link: {bandwith: 125MBps}");
  Failure f = failure(text);
  EXPECT_EQ(f.line, 12);
  EXPECT_EQ(f.key, "clusters[1].link.bandwith");
}

TEST_F(GridSpecFiles, MissingHostsNamesTheKey)
{
  std::string text = "clusters:\n  - name: a\n    speed: 1Gf\n    link: {bandwidth: 1GBps}\n";
  Failure f        = failure(text);
  EXPECT_EQ(f.line, 2);
  EXPECT_EQ(f.key, "clusters[0]");
  EXPECT_TRUE(contains(f.message, "missing required key 'hosts'")) << f.message;
}

TEST_F(GridSpecFiles, MissingLinkBandwidth)
{
  std::string text = "clusters:\n  - name: a\n    hosts: 2\n    speed: 1Gf\n    link:\n      latency: 1us\n";
  Failure f        = failure(text);
  EXPECT_EQ(f.line, 6);
  EXPECT_EQ(f.key, "clusters[0].link");
  EXPECT_TRUE(contains(f.message, "missing required key 'bandwidth'")) << f.message;
}

TEST_F(GridSpecFiles, ZeroNegativeAndFractionalHostCounts)
{
  for (const char* bad : {"0", "-3", "2.5", "many"}) {
    std::string text = kTwoClusters;
    text.replace(text.find("hosts: 32"), 9, std::string("hosts: ") + bad);
    Failure f = failure(text);
    EXPECT_EQ(f.line, 10) << bad;
    EXPECT_EQ(f.key, "clusters[1].hosts") << bad;
  }
}

TEST_F(GridSpecFiles, TooManyHosts)
{
  std::string text = kTwoClusters;
  text.replace(text.find("hosts: 32"), 9, "hosts: 1e9");
  Failure f = failure(text);
  EXPECT_EQ(f.line, 10);
  EXPECT_TRUE(contains(f.message, "at most")) << f.message;
}

TEST_F(GridSpecFiles, BadUnitsPointAtTheValue)
{
  struct Case {
    const char* from;
    const char* to;
    int line;
    const char* key;
    const char* says;
  };
  for (const Case& c :
       {Case{"speed: 500Mf", "speed: 500MHz", 11, "clusters[1].speed", "unknown unit 'MHz'"},
        Case{"speed: 500Mf", "speed: 0f", 11, "clusters[1].speed", "above zero"},
        Case{"cores: 2", "cores: 0", 6, "clusters[0].cores", ">= 1"},
        Case{"latency: 5us", "latency: -5us", 7, "clusters[0].link.latency", "negative"},
        Case{"bandwidth: 1.25GBps", "bandwidth: 1.25GB", 7, "clusters[0].link.bandwidth", "unknown unit 'GB'"},
        Case{"bandwidth: 10GBps", "bandwidth: -10GBps", 8, "clusters[0].backbone.bandwidth", "negative"},
        Case{"sharing: fatpipe", "sharing: splitduplex", 8, "clusters[0].backbone.sharing", "unknown sharing policy"},
        Case{"bandwidth: 100MBps", "bandwidth: 0MBps", 14, "inter_cluster.bandwidth", "above zero"},
        Case{"latency: 10ms", "latency: 10 ms", 15, "inter_cluster.latency", "unknown unit"}}) {
    std::string text = kTwoClusters;
    text.replace(text.find(c.from), std::string(c.from).size(), c.to);
    Failure f = failure(text);
    EXPECT_EQ(f.line, c.line) << c.to;
    EXPECT_EQ(f.key, c.key) << c.to;
    EXPECT_TRUE(contains(f.message, c.says)) << f.message;
  }
}

TEST_F(GridSpecFiles, SpeedListGivesEachHostItsOwn)
{
  GridSpec s             = parse(R"(clusters:
  - name: das
    hosts: 3
    speed: [2.9617Gf, 2.9617Gf, 2.937Gf]
    link: {bandwidth: 1GBps}
  - name: lab
    hosts: 2
    speed:
      - 1e9
      - 3Gf
    link: {bandwidth: 1GBps}
inter_cluster: {bandwidth: 1GBps}
)");
  const ClusterSpec& das = s.clusters[0];
  ASSERT_EQ(das.host_speeds.size(), 3u);
  EXPECT_DOUBLE_EQ(das.speed_of(0), 2.9617e9);
  EXPECT_DOUBLE_EQ(das.speed_of(1), 2.9617e9);
  EXPECT_DOUBLE_EQ(das.speed_of(2), 2.937e9);
  EXPECT_DOUBLE_EQ(das.speed, 2.9617e9);  // the largest listed
  const ClusterSpec& lab = s.clusters[1];
  EXPECT_DOUBLE_EQ(lab.speed_of(0), 1e9);
  EXPECT_DOUBLE_EQ(lab.speed_of(1), 3e9);
  EXPECT_DOUBLE_EQ(lab.speed, 3e9);  // the largest, not the first

  GridSpec uniform = parse(kTwoClusters);  // a single speed leaves the list empty
  EXPECT_TRUE(uniform.clusters[0].host_speeds.empty());
  EXPECT_DOUBLE_EQ(uniform.clusters[0].speed_of(71), 1e9);
}

TEST_F(GridSpecFiles, BadSpeedListsPointAtTheListOrTheElement)
{
  // "speed: [1Gf, <second>, 1Gf, ...]" with n elements, in place of "speed: 500Mf" (line 11, leiden: 32 hosts).
  auto speeds = [](int n, const std::string& second) {
    std::string s = "speed: [1Gf";
    for (int i = 1; i < n; ++i)
      s += ", " + (i == 1 ? second : std::string("1Gf"));
    return s + "]";
  };
  struct Case {
    std::string speed;
    int column;  // the list's '[' is at 12, its second element at 18
    const char* key;
    const char* says;
  };
  for (const Case& c : {Case{speeds(31, "1Gf"), 12, "clusters[1].speed", "lists 31 speeds but hosts is 32"},
                        Case{speeds(33, "1Gf"), 12, "clusters[1].speed", "lists 33 speeds but hosts is 32"},
                        Case{"speed: []", 12, "clusters[1].speed", "empty list"},
                        Case{speeds(32, "2Gz"), 18, "clusters[1].speed[1]", "unknown unit 'Gz'"},
                        Case{speeds(32, "0f"), 18, "clusters[1].speed[1]", "above zero"},
                        Case{speeds(32, "-2Gf"), 18, "clusters[1].speed[1]", "negative"}}) {
    std::string text = kTwoClusters;
    text.replace(text.find("speed: 500Mf"), 12, c.speed);
    Failure f = failure(text);
    EXPECT_EQ(f.line, 11) << c.speed;
    EXPECT_EQ(f.column, c.column) << c.speed;
    EXPECT_EQ(f.key, c.key) << c.speed;
    EXPECT_TRUE(contains(f.message, c.says)) << f.message;
  }
}

TEST_F(GridSpecFiles, ABadSpeedInABlockListPointsAtItsLine)
{
  std::string text = R"(clusters:
  - name: c
    hosts: 2
    speed:
      - 1Gf
      - 1GHz
    link: {bandwidth: 1GBps}
)";
  Failure f        = failure(text);
  EXPECT_EQ(f.line, 6);
  EXPECT_EQ(f.column, 9);
  EXPECT_EQ(f.key, "clusters[0].speed[1]");
  EXPECT_TRUE(contains(f.message, "unknown unit 'GHz'")) << f.message;
}

TEST_F(GridSpecFiles, DuplicateClusterName)
{
  std::string text = kTwoClusters;
  text.replace(text.find("name: leiden"), 12, "name: vu");
  Failure f = failure(text);
  EXPECT_EQ(f.line, 9);
  EXPECT_EQ(f.key, "clusters[1].name");
  EXPECT_TRUE(contains(f.message, "cluster 'vu' is defined twice")) << f.message;
}

TEST_F(GridSpecFiles, ClusterNamedLikeAnotherClustersHost)
{
  std::string text = R"(clusters:
  - {name: a, hosts: 3, speed: 1Gf, link: {bandwidth: 1GBps}}
  - {name: a-2, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps}}
inter_cluster: {bandwidth: 1GBps}
)";
  Failure f        = failure(text);
  EXPECT_EQ(f.line, 3);
  EXPECT_EQ(f.key, "clusters[1].name");
  EXPECT_TRUE(contains(f.message, "'a-2' would name both host 2 of cluster 'a' and cluster 'a-2'")) << f.message;
}

TEST_F(GridSpecFiles, ClusterNamedLikeTheGridOrARouter)
{
  std::string text = R"(name: vu
clusters:
  - {name: vu, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps}}
)";
  Failure f        = failure(text);
  EXPECT_EQ(f.line, 3);
  EXPECT_EQ(f.key, "clusters[0].name");
  EXPECT_TRUE(contains(f.message, "'vu' would name both the grid and cluster 'vu'")) << f.message;

  text = R"(clusters:
  - {name: vu, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps}}
  - {name: vu-router, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps}}
inter_cluster: {bandwidth: 1GBps}
)";
  f    = failure(text);
  EXPECT_EQ(f.line, 3);
  EXPECT_EQ(f.key, "clusters[1].name");
  EXPECT_TRUE(contains(f.message, "the router of cluster 'vu'")) << f.message;
}

TEST_F(GridSpecFiles, ClusterNamesKeepToSafeCharacters)
{
  std::string text = kTwoClusters;
  text.replace(text.find("name: leiden"), 12, "name: lei:den");
  Failure f = failure(text);
  EXPECT_EQ(f.line, 9);
  EXPECT_EQ(f.key, "clusters[1].name");
  EXPECT_TRUE(contains(f.message, "character ':'")) << f.message;
}

TEST_F(GridSpecFiles, TwoClustersNeedInterClusterLinks)
{
  std::string text = kTwoClusters.substr(0, kTwoClusters.find("inter_cluster:"));
  Failure f        = failure(text);
  EXPECT_EQ(f.line, 1);
  EXPECT_EQ(f.key, "inter_cluster");
  EXPECT_TRUE(contains(f.message, "2 clusters")) << f.message;
}

TEST_F(GridSpecFiles, NeitherClustersNorStar)
{
  Failure f = failure("name: empty\n");
  EXPECT_EQ(f.line, 1);
  EXPECT_EQ(f.key, "clusters");
  f = failure("clusters: []\n");
  EXPECT_EQ(f.line, 1);
  EXPECT_EQ(f.key, "clusters");
  EXPECT_TRUE(contains(f.message, "empty list")) << f.message;
}

TEST_F(GridSpecFiles, ClustersAndStarTogether)
{
  std::string text =
      kTwoClusters + "star:\n  center: {speed: 1Gf}\n  workers: {count: 2, speed: 1Gf, bandwidth: 1GBps}\n";
  Failure f = failure(text);
  EXPECT_EQ(f.line, 16);
  EXPECT_EQ(f.key, "star");
}

const std::string kFourClusters = R"(clusters:
  - {name: a, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps}}
  - {name: b, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps}}
  - {name: c, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps}}
inter_cluster:
  bandwidth: 100MBps
)";

TEST_F(GridSpecFiles, BetweenNamesAnUnknownCluster)
{
  std::string text =
      kFourClusters + "  links:\n    - {between: [a, b], latency: 1ms}\n    - {between: [b, x], latency: 1ms}\n";
  Failure f = failure(text);
  EXPECT_EQ(f.line, 9);
  EXPECT_EQ(f.key, "inter_cluster.links[1].between[1]");
  EXPECT_TRUE(contains(f.message, "unknown cluster 'x'")) << f.message;
  EXPECT_TRUE(contains(f.message, "known: a, b, c")) << f.message;
}

TEST_F(GridSpecFiles, BetweenMistakes)
{
  struct Case {
    const char* entry;
    const char* key;
    const char* says;
  };
  for (const Case& c :
       {Case{"{between: [a, a], latency: 1ms}", "inter_cluster.links[0].between", "twice"},
        Case{"{between: [a, b, c], latency: 1ms}", "inter_cluster.links[0].between", "the two clusters"},
        Case{"{between: a, latency: 1ms}", "inter_cluster.links[0].between", "the two clusters"},
        Case{"{between: [a, b]}", "inter_cluster.links[0]", "the bandwidth, the latency and/or the load"},
        Case{"{between: [a, b], latency: 1ms, sharing: fatpipe}", "inter_cluster.links[0].sharing",
             "unknown inter-cluster link key"},
        Case{"{between: [a, b], bandwidth: 1GHz}", "inter_cluster.links[0].bandwidth", "unknown unit 'GHz'"}}) {
    std::string text = kFourClusters + "  links:\n    - " + c.entry + "\n";
    Failure f        = failure(text);
    EXPECT_EQ(f.line, 8) << c.entry;
    EXPECT_EQ(f.key, c.key) << c.entry;
    EXPECT_TRUE(contains(f.message, c.says)) << f.message;
  }
}

TEST_F(GridSpecFiles, SamePairOverriddenTwice)
{
  std::string text =
      kFourClusters + "  links:\n    - {between: [a, c], latency: 1ms}\n    - {between: [c, a], bandwidth: 1GBps}\n";
  Failure f = failure(text);
  EXPECT_EQ(f.line, 9);
  EXPECT_EQ(f.key, "inter_cluster.links[1].between");
  EXPECT_TRUE(contains(f.message, "already set by links[0]")) << f.message;
}

TEST_F(GridSpecFiles, LatencyMatrixMistakes)
{
  struct Case {
    const char* matrix;  // the two lines under latency_matrix:
    int line;            // 8 = order, 9 = values
    const char* key;
    const char* says;
  };
  for (const Case& c : {
           Case{"    order: [a, x]\n    values: [[0, 1ms], [1ms, 0]]\n", 8, "inter_cluster.latency_matrix.order[1]",
                "unknown cluster 'x'"},
           Case{"    order: [a, b, a]\n    values: []\n", 8, "inter_cluster.latency_matrix.order[2]", "twice"},
           Case{"    order: [a, b]\n    values: [[0, 1ms], [1ms, 0], [0, 0]]\n", 9,
                "inter_cluster.latency_matrix.values", "expected 2 rows"},
           Case{"    order: [a, b]\n    values: [[0, 1ms], [1ms]]\n", 9, "inter_cluster.latency_matrix.values[1]",
                "square"},
           Case{"    order: [a, b]\n    values: [[0, 1ms], [2ms, 0]]\n", 9, "inter_cluster.latency_matrix.values[1][0]",
                "not symmetric"},
           Case{"    order: [a, b]\n    values: [[0, 1ms], [1ms, 1us]]\n", 9,
                "inter_cluster.latency_matrix.values[1][1]", "diagonal"},
           Case{"    order: [a, b]\n    values: [[0, 1ms], [1 ms, 0]]\n", 9,
                "inter_cluster.latency_matrix.values[1][0]", "unknown unit"},
           Case{"    order: [a, b]\n    vals: [[0, 1ms], [1ms, 0]]\n", 9, "inter_cluster.latency_matrix.vals",
                "did you mean 'values'"},
       }) {
    std::string text = kFourClusters + "  latency_matrix:\n" + c.matrix;
    Failure f        = failure(text);
    EXPECT_EQ(f.line, c.line) << c.matrix;
    EXPECT_EQ(f.key, c.key) << c.matrix;
    EXPECT_TRUE(contains(f.message, c.says)) << f.message;
  }
}

TEST_F(GridSpecFiles, LatencyMatrixOnSeveralLinesPointsAtTheBadCell)
{
  std::string text = kFourClusters + R"(  latency_matrix:
    order: [a, b, c]
    values:
      - [0,   1ms, 2ms]
      - [1ms, 0,   3ms]
      - [2ms, 3.5ms, 0]
)";
  Failure f        = failure(text);
  EXPECT_EQ(f.line, line_of(text, "[2ms, 3.5ms, 0]"));
  EXPECT_EQ(f.key, "inter_cluster.latency_matrix.values[2][1]");
  EXPECT_TRUE(contains(f.message, "values[1][2]")) << f.message;
  EXPECT_TRUE(contains(f.message, "'c' and 'b'")) << f.message;
}

TEST_F(GridSpecFiles, StarMistakes)
{
  struct Case {
    const char* star;  // the lines under star:
    const char* needle;
    const char* key;
    const char* says;
  };
  for (const Case& c : {
           Case{"  center: {name: P3, speed: 1Gf}\n  workers: {count: 4, speed: 1Gf, bandwidth: 1GBps}\n",
                "workers:", "star.workers", "both the center and worker 'P3'"},
           Case{"  center: {speed: 1Gf}\n  workers: {count: 0, speed: 1Gf, bandwidth: 1GBps}\n",
                "workers:", "star.workers.count", ">= 1"},
           Case{"  center: {speed: 1Gf}\n  workers: {count: 2, speed: 1Gf}\n", "workers:", "star.workers",
                "missing required key 'bandwidth'"},
           Case{"  center: {speed: 1Gf}\n  workers: {count: 2, speed: 1Gf, bandwidth: 1GBps, latncy: 1ms}\n",
                "workers:", "star.workers.latncy", "did you mean 'latency'"},
           Case{"  center: {spead: 1Gf}\n  workers: {count: 2, speed: 1Gf, bandwidth: 1GBps}\n",
                "center:", "star.center.spead", "did you mean 'speed'"},
           Case{"  center: {speed: 1Gf}\n  workers:\n    - {name: w1, speed: 1Gf, bandwidth: 1GBps}\n"
                "    - {name: w1, speed: 1Gf, bandwidth: 1GBps, latency: 2ms}\n",
                "latency: 2ms", "star.workers[1].name", "worker 'w1' is defined twice"},
           Case{"  center: {speed: 1Gf}\n  workers:\n    - {name: w1, speed: 1Gf, bandwidth: 0Bps}\n", "w1",
                "star.workers[0].bandwidth", "above zero"},
           Case{"  center: {speed: 1Gf}\n  workers: []\n", "workers:", "star.workers", "empty list"},
           Case{"  center: {speed: 1Gf}\n  workers: 4\n", "workers:", "star.workers", "or a list of workers"},
       }) {
    std::string text = std::string("star:\n") + c.star;
    Failure f        = failure(text);
    EXPECT_EQ(f.line, line_of(text, c.needle)) << c.star;
    EXPECT_EQ(f.key, c.key) << c.star;
    EXPECT_TRUE(contains(f.message, c.says)) << f.message;
  }
}

TEST_F(GridSpecFiles, StarRefusesInterCluster)
{
  std::string text = "star:\n  center: {speed: 1Gf}\n  workers: {count: 2, speed: 1Gf, bandwidth: 1GBps}\n"
                     "inter_cluster: {bandwidth: 1GBps}\n";
  Failure f        = failure(text);
  EXPECT_EQ(f.line, 4);
  EXPECT_EQ(f.key, "inter_cluster");
}

TEST_F(GridSpecFiles, YamlLevelMistakes)
{
  Failure f = failure("clusters:\n  - {name: a, hosts: 1\n");  // unclosed flow mapping
  EXPECT_GT(f.line, 0);
  EXPECT_TRUE(contains(f.message, "malformed YAML")) << f.message;

  f = failure("name: a\nname: b\nclusters: []\n");
  EXPECT_EQ(f.line, 2);
  EXPECT_EQ(f.key, "name");
  EXPECT_TRUE(contains(f.message, "duplicate key")) << f.message;

  f = failure("- a\n- b\n");
  EXPECT_EQ(f.line, 1);
  EXPECT_TRUE(contains(f.message, "'clusters' or 'star'")) << f.message;
}

TEST_F(GridSpecFiles, MissingFile)
{
  std::string path = tmp_.file("absent.yaml");
  try {
    read_grid_spec(path);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().file, path);
    EXPECT_TRUE(contains(e.what(), "no such file: " + path)) << e.what();
  }
}

TEST_F(GridSpecFiles, TheRenderedMessageReadsLikeACompilerError)
{
  std::string text = kTwoClusters;
  text.replace(text.find("hosts: 32"), 9, "hosts: 0");
  Failure f = failure(text);
  EXPECT_TRUE(contains(f.what, f.file + ":10:12: clusters[1].hosts: expected a whole number >= 1, got 0")) << f.what;
}

TEST_F(GridSpecFiles, ClusterPropertiesAreReadAsText)
{
  GridSpec g =
      parse("clusters:\n"
            "  - {name: edin1, hosts: 2, speed: 1Gf, link: {bandwidth: 1GBps}, properties: {mhz: 534, site: HW}}\n");
  EXPECT_EQ(g.clusters[0].properties.at("mhz"), "534");
  EXPECT_EQ(g.clusters[0].properties.at("site"), "HW");
  std::string bad = "clusters:\n  - {name: e, hosts: 2, speed: 1Gf, link: {bandwidth: 1GBps}, properties: [534]}\n";
  Failure f       = failure(bad);
  EXPECT_EQ(f.line, 2);
  EXPECT_EQ(f.key, "clusters[0].properties");
  EXPECT_TRUE(contains(f.message, "expected a map of names")) << f.what;
  Failure nested = failure("clusters:\n  - {name: e, hosts: 2, speed: 1Gf, link: {bandwidth: 1GBps}, "
                           "properties: {mhz: [1, 2]}}\n");
  EXPECT_EQ(nested.key, "clusters[0].properties.mhz");
}
