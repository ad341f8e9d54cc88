// YAML grid specs built in SimGrid, measured: transfer and computation times against their closed forms (exact CM02:
// time = sum of the route's latencies + bytes / its narrowest bandwidth), against route_between, and against the
// same grid written in SimGrid XML. SimGrid allows one engine per process, so every platform is built in a child.
#include "simulator/process/process_pool.hpp"
#include "simulator/sg/messaging.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"
#include "tests/test_support.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sstream>

using namespace isogrid;
using isogrid::testing::run_isogrid;

namespace {

constexpr double kRel = 1e-9;

// Two clusters, in YAML and in SimGrid's XML (tests/platforms/pair.*: their header says what they hold).
const std::string kTwoClusters    = std::string(ISOGRID_SOURCE_DIR) + "/tests/platforms/pair.yaml";
const std::string kTwoClustersXml = std::string(ISOGRID_SOURCE_DIR) + "/tests/platforms/pair.xml";

struct Transfer {
  std::string from, to;
  double bytes;
};

std::vector<double> parse_numbers(const std::string& text)
{
  std::vector<double> out;
  std::istringstream in(text);
  for (double x; in >> x;)
    out.push_back(x);
  return out;
}

std::string format_numbers(const std::vector<double>& xs)
{
  std::string out;
  for (double x : xs)
    out += fmt::format("{:.17g} ", x);
  return out;
}

// Runs `work` in a forked child and returns what it returned; a child that fails throws, failing the test.
std::string in_child(const std::function<std::string()>& work)
{
  return isogrid::testing::run_in_children({work}).front();
}

// All transfers start together at t = 0; returns when each one arrived.
std::vector<double> transfer_times(const std::string& platform, const std::vector<Transfer>& transfers)
{
  return parse_numbers(in_child([&] {
    sg::Session session(sg::exact_network_config(), false);
    sg::load_platform(platform, {});
    std::vector<double> arrived(transfers.size());
    for (size_t i = 0; i < transfers.size(); ++i) {
      std::string box = fmt::format("transfer-{}", i);
      auto bytes      = static_cast<uint64_t>(transfers[i].bytes);
      sg::spawn("sender", sg::host_by_name(transfers[i].from), [box, bytes] { sg::send(box, bytes); });
      sg::spawn("receiver", sg::host_by_name(transfers[i].to), [box, i, &arrived] {
        sg::receive(box);
        arrived[i] = sg::now();
      });
    }
    session.run();
    return format_numbers(arrived);
  }));
}

double transfer_time(const std::string& platform, const std::string& from, const std::string& to, double bytes)
{
  std::vector<double> t = transfer_times(platform, {{from, to, bytes}});
  return t.empty() ? -1 : t.front();
}

// Computations started together at t = 0, one actor each; returns when each one ended.
std::vector<double> computation_times(const std::string& platform,
                                      const std::vector<std::pair<std::string, double>>& work)
{
  return parse_numbers(in_child([&] {
    sg::Session session(sg::exact_network_config(), false);
    sg::load_platform(platform, {});
    std::vector<double> ended(work.size());
    for (size_t i = 0; i < work.size(); ++i) {
      double flops = work[i].second;
      sg::spawn("worker", sg::host_by_name(work[i].first), [flops, i, &ended] {
        sg::compute(flops);
        ended[i] = sg::now();
      });
    }
    session.run();
    return format_numbers(ended);
  }));
}

sg::RouteInfo route(const std::string& platform, const std::string& from, const std::string& to)
{
  std::vector<double> r = parse_numbers(in_child([&] {
    sg::Session session(sg::exact_network_config(), false);
    sg::load_platform(platform, {});
    sg::RouteInfo info = sg::route_between(sg::host_by_name(from), sg::host_by_name(to));
    return format_numbers({info.latency, info.bandwidth});
  }));
  sg::RouteInfo info;
  info.latency   = r.size() == 2 ? r[0] : -1;
  info.bandwidth = r.size() == 2 ? r[1] : -1;
  return info;
}

// Host names in natural order, and each host's speed.
std::string host_listing(const std::string& platform)
{
  return in_child([&] {
    sg::Session session(sg::exact_network_config(), false);
    sg::load_platform(platform, {});
    std::string out;
    for (sg::Host* h : sg::hosts_in_natural_order())
      out += fmt::format("{}@{:g} ", sg::host_name(h), sg::host_speed(h));
    return out;
  });
}

class GridBuilder : public ::testing::Test {
protected:
  std::string write(const std::string& name, const std::string& text) { return tmp_.write(name, text); }

  isogrid::testing::TempDir tmp_;
};

// Expects `actual` within a relative 1e-9 of `expected`.
void expect_close(double actual, double expected, const std::string& what = "")
{
  EXPECT_NEAR(actual, expected, kRel * expected) << what;
}

}  // namespace

TEST_F(GridBuilder, HostsAreNamedAndCountedAsDocumented)
{
  std::string p = kTwoClusters;
  EXPECT_EQ(host_listing(p), "a-0@2e+09 a-1@2e+09 a-2@2e+09 b-0@1e+09 b-1@1e+09 ");
}

TEST_F(GridBuilder, ListedSpeedsGoToTheirHostsInOrder)
{
  std::string p = write("mixed.yaml", R"(clusters:
  - name: m
    hosts: 3
    speed: [2Gf, 500Mf, 1Gf]
    cores: 2
    link: {bandwidth: 1GBps}
)");
  EXPECT_EQ(host_listing(p), "m-0@2e+09 m-1@5e+08 m-2@1e+09 ");
  // Each core of a host runs at that host's speed.
  const double F        = 1e9;
  std::vector<double> t = computation_times(p, {{"m-0", F}, {"m-1", F}, {"m-1", F}, {"m-2", F}});
  ASSERT_EQ(t.size(), 4u);
  expect_close(t[0], F / 2e9);
  expect_close(t[1], F / 5e8);
  expect_close(t[2], F / 5e8);
  expect_close(t[3], F / 1e9);
}

TEST_F(GridBuilder, TransferInsideAClusterCrossesBothLinksAndTheBackboneOnce)
{
  std::string p  = kTwoClusters;
  const double B = 1e6;
  // a-0 -> a-2: link 50 us, backbone 10 us (once), link 50 us; narrowest 125 MB/s.
  expect_close(transfer_time(p, "a-0", "a-2", B), 110e-6 + B / 125e6);
  // b-0 -> b-1: 20 + 30 + 20 us; the 250 MB/s links are narrower than the 500 MB/s backbone.
  expect_close(transfer_time(p, "b-0", "b-1", B), 70e-6 + B / 250e6);
}

TEST_F(GridBuilder, TransferBetweenClustersCrossesEveryLevel)
{
  std::string p  = kTwoClusters;
  const double B = 2e6;
  // a-1 -> b-1: link a (50 us), backbone a (10 us), inter-cluster (5 ms), backbone b (30 us), link b (20 us);
  // the inter-cluster link at 10 MB/s is the narrowest.
  double expected = 50e-6 + 10e-6 + 5e-3 + 30e-6 + 20e-6 + B / 10e6;
  expect_close(transfer_time(p, "a-1", "b-1", B), expected, "a-1 -> b-1");
  expect_close(transfer_time(p, "b-0", "a-2", B), expected, "b-0 -> a-2 (the reverse path)");
}

TEST_F(GridBuilder, TheNarrowestLinkOfTheRouteSetsTheRate)
{
  std::string p  = write("narrow.yaml", R"(clusters:
  - name: c
    hosts: 2
    speed: 1Gf
    link: {bandwidth: 1GBps, latency: 1us}
    backbone: {bandwidth: 80Mbps, latency: 2us}
)");
  const double B = 5e5;
  expect_close(transfer_time(p, "c-0", "c-1", B), 4e-6 + B / 10e6);  // 80 Mbit/s = 10 MB/s
}

TEST_F(GridBuilder, RouteBetweenReportsTheSameLatencyAndBandwidth)
{
  std::string p   = kTwoClusters;
  sg::RouteInfo r = route(p, "a-0", "b-1");
  expect_close(r.latency, 50e-6 + 10e-6 + 5e-3 + 30e-6 + 20e-6);
  expect_close(r.bandwidth, 10e6);
  sg::RouteInfo same = route(p, "a-0", "a-1");
  expect_close(same.latency, 110e-6);
  expect_close(same.bandwidth, 125e6);
}

TEST_F(GridBuilder, HostLinksAreSplitDuplex)
{
  // No backbone: two opposite transfers between the same hosts use different halves of each link and do not slow
  // each other down.
  std::string p         = write("duplex.yaml", R"(clusters:
  - {name: c, hosts: 2, speed: 1Gf, link: {bandwidth: 100MBps, latency: 10us}}
)");
  const double B        = 1e6;
  std::vector<double> t = transfer_times(p, {{"c-0", "c-1", B}, {"c-1", "c-0", B}});
  ASSERT_EQ(t.size(), 2u);
  expect_close(t[0], 20e-6 + B / 100e6);
  expect_close(t[1], 20e-6 + B / 100e6);
}

TEST_F(GridBuilder, SharedBackboneIsSharedAndFatpipeIsNot)
{
  // Two disjoint transfers meet only on the 100 MB/s backbone. Shared: 50 MB/s each. Fatpipe: 100 MB/s each.
  auto spec = [](const char* sharing) {
    return fmt::format(R"(clusters:
  - name: c
    hosts: 4
    speed: 1Gf
    link: {{bandwidth: 1GBps, latency: 10us}}
    backbone: {{bandwidth: 100MBps, latency: 5us, sharing: {}}}
)",
                       sharing);
  };
  const double B                  = 1e6;
  std::vector<Transfer> two_flows = {{"c-0", "c-1", B}, {"c-2", "c-3", B}};
  std::vector<double> shared      = transfer_times(write("shared.yaml", spec("shared")), two_flows);
  std::vector<double> fatpipe     = transfer_times(write("fatpipe.yaml", spec("fatpipe")), two_flows);
  ASSERT_EQ(shared.size(), 2u);
  ASSERT_EQ(fatpipe.size(), 2u);
  for (int i = 0; i < 2; ++i) {
    expect_close(shared[i], 25e-6 + B / 50e6, "shared");
    expect_close(fatpipe[i], 25e-6 + B / 100e6, "fatpipe");
  }
}

TEST_F(GridBuilder, ComputationTakesFlopsOverSpeedOnEachCore)
{
  std::string p  = kTwoClusters;
  const double F = 3e9;
  // a-0 has 2 cores at 2 Gf: two computations run side by side. b-0 has one core at 1 Gf: two share it.
  std::vector<double> t = computation_times(p, {{"a-0", F}, {"a-0", F}, {"b-0", F}, {"b-0", F}, {"a-1", F}});
  ASSERT_EQ(t.size(), 5u);
  expect_close(t[0], F / 2e9);
  expect_close(t[1], F / 2e9);
  expect_close(t[2], 2 * F / 1e9);
  expect_close(t[3], 2 * F / 1e9);
  expect_close(t[4], F / 2e9);
}

TEST_F(GridBuilder, LatencyMatrixSetsTheInterClusterLatency)
{
  std::string spec = R"(clusters:
  - {name: x, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps, latency: 1us}}
  - {name: y, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps, latency: 1us}}
  - {name: z, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps, latency: 1us}}
inter_cluster:
  bandwidth: 50MBps
  latency: 10ms
  links:
    - {between: [x, z], bandwidth: 25MBps, latency: 99ms}
  latency_matrix:
    order: [x, z]
    values: [[0, 3ms], [3ms, 0]]
)";
  std::string p    = write("matrix.yaml", spec);
  const double B   = 1e6;
  // x-z: the matrix's 3 ms beats the override's 99 ms; the override's bandwidth stays.
  expect_close(transfer_time(p, "x-0", "z-0", B), 2e-6 + 3e-3 + B / 25e6, "x-z");
  expect_close(transfer_time(p, "z-0", "x-0", B), 2e-6 + 3e-3 + B / 25e6, "z-x");
  // x-y and y-z: not in the matrix, default 10 ms and 50 MB/s.
  expect_close(transfer_time(p, "x-0", "y-0", B), 2e-6 + 10e-3 + B / 50e6, "x-y");
  expect_close(transfer_time(p, "y-0", "z-0", B), 2e-6 + 10e-3 + B / 50e6, "y-z");
  // And without the matrix, the same pair pays the override's latency.
  std::string no_matrix = spec.substr(0, spec.find("  latency_matrix:"));
  expect_close(transfer_time(write("nomatrix.yaml", no_matrix), "x-0", "z-0", B), 2e-6 + 99e-3 + B / 25e6);
}

TEST_F(GridBuilder, StarGeneratorGivesLatencyPlusBytesOverBandwidth)
{
  std::string p     = write("star.yaml", R"(star:
  center: {name: P0, speed: 4Gf}
  workers: {count: 10, prefix: P, speed: 1Gf, bandwidth: 100MBps, latency: 1ms}
)");
  std::string hosts = host_listing(p);
  EXPECT_EQ(hosts, "P0@4e+09 P1@1e+09 P2@1e+09 P3@1e+09 P4@1e+09 P5@1e+09 P6@1e+09 P7@1e+09 P8@1e+09 "
                   "P9@1e+09 P10@1e+09 ");
  const double B = 1e6;
  expect_close(transfer_time(p, "P0", "P7", B), 1e-3 + B / 100e6);
  expect_close(transfer_time(p, "P10", "P0", B), 1e-3 + B / 100e6);
}

TEST_F(GridBuilder, StarFromAListKeepsEachWorkersLink)
{
  std::string p  = write("list.yaml", R"(star:
  center: {name: m, speed: 1Gf}
  workers:
    - {name: fast, speed: 1Gf, bandwidth: 1GBps, latency: 100us}
    - {name: slow, speed: 1Gf, bandwidth: 8Mbps, latency: 20ms}
)");
  const double B = 1e5;
  expect_close(transfer_time(p, "m", "fast", B), 100e-6 + B / 1e9);
  expect_close(transfer_time(p, "m", "slow", B), 20e-3 + B / 1e6);
}

TEST_F(GridBuilder, SameTimesAsTheEquivalentSimGridXml)
{
  std::string yaml = kTwoClusters;
  std::string xml  = kTwoClustersXml;
  const double B   = 3e6;
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{{"a-1", "b-1"}, {"a-0", "a-2"}}) {
    double from_yaml = transfer_time(yaml, from, to, B);
    double from_xml  = transfer_time(xml, from, to, B);
    EXPECT_GT(from_xml, 0);
    expect_close(from_yaml, from_xml, from + " -> " + to);
  }
  expect_close(transfer_time(xml, "a-1", "b-1", B), 5.11e-3 + B / 10e6, "XML against the closed form");
}

TEST_F(GridBuilder, ASpecErrorSurfacesWithItsLine)
{
  std::string p = write("broken.yaml", "clusters:\n  - {name: a, hosts: 0, speed: 1Gf, link: {bandwidth: 1GBps}}\n");
  try {
    in_child([&] {
      sg::Session session(sg::exact_network_config(), false);
      sg::load_platform(p, {});
      return std::string("loaded");
    });
    FAIL() << "the platform loaded";
  } catch (const std::runtime_error& e) {
    std::string error = e.what();
    EXPECT_NE(error.find(p + ":2:"), std::string::npos) << error;
    EXPECT_NE(error.find("clusters[0].hosts: expected a whole number >= 1"), std::string::npos) << error;
  }
}

// ---- the example platforms, through the command line ----

TEST_F(GridBuilder, ExamplePlatformsValidate)
{
  struct Example {
    const char* file;
    const char* summary;
  };
  // Links include SimGrid's own loopback link.
  for (const Example& e : {Example{"two-clusters.yaml", "6 hosts, 16 links"}, Example{"star-10.yaml", "11 hosts"},
                           Example{"star-4.xml", "5 hosts"}}) {
    std::string path = std::string(ISOGRID_SOURCE_DIR "/platforms/examples/") + e.file;
    auto c           = run_isogrid("validate " + path);
    EXPECT_EQ(c.exit_code, 0) << c.output;
    EXPECT_NE(c.output.find("valid platform"), std::string::npos) << c.output;
    EXPECT_NE(c.output.find(e.summary), std::string::npos) << c.output;
  }
}

TEST_F(GridBuilder, ABrokenPlatformFailsValidation)
{
  std::string p =
      write("broken.yaml", "clusters:\n  - name: a\n    hosts: 2\n    speed: 1Gz\n    link: {bandwidth: 1GBps}\n");
  auto c = run_isogrid("validate " + p);
  EXPECT_NE(c.exit_code, 0) << c.output;
  EXPECT_NE(c.output.find(p + ":4:12: clusters[0].speed: cannot read '1Gz' as a speed: unknown unit 'Gz'"),
            std::string::npos)
      << c.output;
}

TEST_F(GridBuilder, TheExampleStarXmlTimes)
{
  std::string p  = ISOGRID_SOURCE_DIR "/platforms/examples/star-4.xml";
  const double B = 1e6;
  expect_close(transfer_time(p, "master", "worker-1", B), 100e-6 + B / 125e6);
  expect_close(transfer_time(p, "worker-4", "master", B), 1e-3 + B / 12.5e6);
}

TEST_F(GridBuilder, TheExampleTwoClustersTimes)
{
  std::string p  = ISOGRID_SOURCE_DIR "/platforms/examples/two-clusters.yaml";
  const double B = 1e6;
  // vu-0 -> leiden-1: 50 us + 1 us (vu backbone) + 10 ms + 50 us, at 12.5 MB/s.
  expect_close(transfer_time(p, "vu-0", "leiden-1", B), 101e-6 + 10e-3 + B / 12.5e6);
}
