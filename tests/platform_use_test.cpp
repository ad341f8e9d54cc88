// What a model may use of a platform, decided on hand-built facts (simulator/core/platform_use): no SimGrid here.
#include "simulator/core/platform_use.hpp"
#include "simulator/platform/platform_source_index.hpp"
#include "tests/test_support.hpp"

#include <gtest/gtest.h>

namespace isogrid {
namespace {

// Three hosts: a reaches b over wires, c over a WIFI link; b reaches a; nothing else is routed.
PlatformFacts three_hosts()
{
  PlatformFacts f;
  f.hosts                  = {"a", "b", "c"};
  f.routes                 = {"11w", "110", "000"};
  f.host_info              = {{1e9, 1, 1, "z", "", "p.xml:3:5", {}},
                              {1e9, 4, 2, "z", "speed_file b.txt", "p.xml:4:5", {}},
                              {1e9, 1, 1, "z", "state_file c-off.txt", "p.xml:5:5", {}}};
  f.route_notes[0 * 3 + 2] = "crosses WIFI link ap (p.xml:9:5)";
  return f;
}

const PlatformNeeds kClosedForm  = PlatformNeeds::constant_capacities("Eqs. 1-3 read A, C and S once");
const PlatformNeeds kAnyCapacity = PlatformNeeds::any_capacity();

TEST(PlatformUse, RoutesAreReadAsTheProbeFoundThem)
{
  PlatformFacts f = three_hosts();
  EXPECT_EQ(unusable_route(f, "a", "b", kClosedForm), "");
  EXPECT_EQ(unusable_route(f, "b", "a", kClosedForm), "");
  EXPECT_EQ(unusable_route(f, "b", "c", kAnyCapacity), "no route from host b to host c (p.xml:5:5)");
  EXPECT_EQ(unusable_route(f, "a", "a", kClosedForm), "");  // a host reaches itself (loopback)
  // A Wi-Fi route stops SimGrid 3.32 whatever the model: refused even where capacities may vary.
  std::string wifi = unusable_route(f, "a", "c", kAnyCapacity);
  EXPECT_NE(wifi.find("the route from host a to host c crosses WIFI link ap (p.xml:9:5)"), std::string::npos) << wifi;
  EXPECT_NE(wifi.find("set_host_wifi_rate"), std::string::npos) << wifi;
}

TEST(PlatformUse, AProfileRefusesAClosedFormAndAFailureRefusesEveryModel)
{
  PlatformFacts f = three_hosts();
  EXPECT_EQ(unusable_host(f, "a", kClosedForm), "");
  EXPECT_EQ(unusable_host(f, "b", kAnyCapacity), "");
  EXPECT_EQ(unusable_host(f, "b", kClosedForm),
            "host b (p.xml:4:5) follows speed_file b.txt: its speed changes over time, and Eqs. 1-3 read A, C and S "
            "once");
  EXPECT_EQ(unusable_host(f, "c", kAnyCapacity),
            "host c (p.xml:5:5) follows state_file c-off.txt: isogrid's models do not simulate hosts that fail");
}

TEST(PlatformUse, AVaryingLinkRefusesAClosedFormOnly)
{
  PlatformFacts f          = three_hosts();
  f.routes[1][0]           = PlatformFacts::kVarying;
  f.route_notes[1 * 3 + 0] = "crosses link l, which follows bandwidth_file l.txt (p.xml:8:5)";
  EXPECT_EQ(unusable_route(f, "b", "a", kAnyCapacity), "");
  EXPECT_EQ(unusable_route(f, "b", "a", kClosedForm),
            "the route from host b to host a crosses link l, which follows bandwidth_file l.txt (p.xml:8:5): its "
            "capacity changes over time, and Eqs. 1-3 read A, C and S once");
  f.route_notes[1 * 3 + 0] = "crosses link l, which follows state_file l-off.txt (p.xml:8:5)";
  EXPECT_NE(unusable_route(f, "b", "a", kAnyCapacity).find("do not simulate links that fail"), std::string::npos);
}

TEST(PlatformUse, LargePlatformsAnswerThroughTheRoutesBetweenTheirZones)
{
  // No pair-by-pair routes: zone 1 reaches zone 2, zone 2 does not reach zone 1, zone 2's hosts reach each other.
  PlatformFacts f;
  f.hosts       = {"x1", "x2", "y1", "y2"};
  f.host_zone   = {1, 1, 2, 2};
  f.zone_routes = {{1, 2, "1", "", 1, 0.01, 1e6}, {2, 1, "0", "", 0, 0, 0}, {2, 2, "1", "", 2, 0.001, 1e7}};
  EXPECT_TRUE(f.has_route("x2", "y1"));
  EXPECT_FALSE(f.has_route("y2", "x1"));
  EXPECT_TRUE(f.has_route("y1", "y2"));
  EXPECT_TRUE(f.has_route("x1", "x2"));  // no summary for zone 1 to itself: left to the worker
  PlatformFacts none;
  none.hosts = {"p", "q"};
  EXPECT_TRUE(none.has_route("p", "q"));  // a grid spec read off the spec: its routes exist
}

TEST(PlatformUse, SettingsThatChangeTimingRefuseAClosedForm)
{
  PlatformFacts f     = three_hosts();
  f.platform_settings = {{"network/model:SMPI", "p.xml:4:5", false}, {"cpu/optim:TI", "p.xml:5:5", true}};
  EXPECT_EQ(unusable_settings(f, kClosedForm), "");  // SMPI is overridden by isogrid's CM02; cpu/optim is timing-free
  f.platform_settings.push_back({"network/latency-factor:13", "p.xml:6:5", true});
  EXPECT_EQ(unusable_settings(f, kClosedForm),
            "the platform file sets network/latency-factor:13 (p.xml:6:5), which changes how SimGrid times transfers "
            "or computations, and Eqs. 1-3 read A, C and S once");
  EXPECT_EQ(unusable_settings(f, kAnyCapacity), "");
}

TEST(PlatformSourceIndex, PlacesProfilesAndSettingsOfAPlatformFile)
{
  testing::TempDir dir;
  std::string path          = dir.write("p.xml", R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <config><prop id="network/model" value="SMPI"/></config>
  <trace id="half" periodicity="10">
0 1.0
5 0.5
  </trace>
  <zone id="root" routing="Full">
    <host id="h1" speed="1Gf"/>
    <host id="h2" speed="1Gf" state_file="h2.txt"/>
    <link id="l1" bandwidth="1MBps" latency="1ms" sharing_policy="SPLITDUPLEX" bandwidth_file="l1.txt"/>
    <cluster id="c" prefix="n-" suffix="" radical="0-3" speed="1Gf" bw="1GBps" lat="1us" availability_file="c.txt"/>
  </zone>
  <trace_connect kind="SPEED" trace="half" element="h1"/>
  <trace_connect kind="HOST_AVAIL" trace="half" element="h1"/>
</platform>
)");
  PlatformSourceIndex index = index_platform_xml(path);
  EXPECT_EQ(index.where_host("h2"), path + ":11:5");
  EXPECT_EQ(index.where_zone("c"), path + ":13:5");
  EXPECT_EQ(index.where_host("n-0"), path);              // a cluster's host has no line of its own
  EXPECT_EQ(index.where_link("l1_UP"), path + ":12:5");  // SimGrid's name for one half of a split-duplex link
  EXPECT_EQ(index.link_profile("l1_DOWN"), "bandwidth_file l1.txt");
  EXPECT_EQ(index.profiled_hosts.at("h2"), "state_file h2.txt");
  // Both of h1's traces, so that its failures are seen behind its speed trace.
  EXPECT_EQ(index.profiled_hosts.at("h1"),
            "trace_connect kind=SPEED trace=half, trace_connect kind=HOST_AVAIL trace=half");
  EXPECT_EQ(index.profiled_zones.at("c"), "availability_file c.txt");
  ASSERT_EQ(index.settings.size(), 1u);
  EXPECT_EQ(index.settings[0].key, "network/model");
  EXPECT_EQ(index.where_setting("network/model"), path + ":4:11");
  EXPECT_TRUE(index_platform_xml(dir.file("missing.xml")).hosts.empty());
}

TEST(PlatformSourceIndex, PlacesWhatSimGridRefusesWithoutALine)
{
  testing::TempDir dir;
  std::string path          = dir.write("twice.xml", R"(<?xml version='1.0'?>
<platform version="4.1">
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf"/>
    <host id="a" speed="1Gf"/>
    <link id="l" bandwidth="1MBps" latency="1ms"/>
    <link id="l" bandwidth="1MBps" latency="1ms"/>
    <route src="a" dst="a"><link_ctn id="nope"/></route>
  </zone>
</platform>
)");
  PlatformSourceIndex index = index_platform_xml(path);
  EXPECT_EQ(index.place_of_refusal("Refusing to create a second host named 'a'."), path + ":5:5");
  EXPECT_EQ(index.place_of_refusal("Link 'l' declared several times in the platform."), path + ":7:5");
  EXPECT_EQ(index.place_of_refusal("Link not found: nope"), path + ":8:28");
  EXPECT_EQ(index.place_of_refusal("Not a valid model!"), "");
}

}  // namespace
}  // namespace isogrid
