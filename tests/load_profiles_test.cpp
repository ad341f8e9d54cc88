// Profiles replayed by SimGrid (simulator/sg/load_profiles.hpp), written by policies/loads: a computation and a
// transfer that cross a change point end when the closed form says, and a looping profile repeats as
// AvailabilityTrace says it does.
#include "base/random.hpp"
#include "policies/loads/availability.hpp"
#include "simulator/sg/checkpoint_platform.hpp"
#include "simulator/sg/load_profiles.hpp"
#include "simulator/sg/messaging.hpp"
#include "simulator/sg/session.hpp"
#include "test_support.hpp"

#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <gtest/gtest.h>
#include <sstream>

using namespace isogrid;

namespace {

// Two 1 Gflop/s hosts joined by a 1 MB/s pair link (with optional profiles), built in the current engine.
sg::BuiltCheckpointCluster two_hosts(const std::string& speed_profile = "", const std::string& bandwidth_profile = "")
{
  sg::CheckpointClusterSpec cluster;
  cluster.speeds            = {1e9, 1e9};
  cluster.speed_profiles    = {speed_profile, ""};
  cluster.pairs             = {{0, 1, 1e6, bandwidth_profile}};
  cluster.storage_bandwidth = 1e6;
  return sg::build_checkpoint_grids({{{cluster}, {}}})[0][0];
}

// In a child process, on two_hosts() with host 0's speed following `speed` and the link's bandwidth `bandwidth`:
// when a computation of `flops` on host 0 and a transfer of `bytes` from host 0 to host 1, both started at 0, end.
std::pair<double, double> finish_times(const loads::AvailabilityTrace& speed, const loads::AvailabilityTrace& bandwidth,
                                       double flops, double bytes)
{
  return isogrid::testing::compute_and_transfer_end(
      [&] {
        // SimGrid reads bandwidth profiles in bytes per second.
        const sg::BuiltCheckpointCluster c = two_hosts(loads::profile_text(speed), loads::profile_text(bandwidth, 1e6));
        return std::make_pair(sg::host_name(c.hosts[0]), sg::host_name(c.hosts[1]));
      },
      flops, bytes);
}

}  // namespace

TEST(LoadProfiles, AComputationAndATransferCrossAChangePoint)
{
  // Speed: full until 10 s, then half: 15 Gflop = 10 s at 1 Gflop/s + 5 Gflop at 0.5 = 20 s.
  // Bandwidth: 0.25 of 1 MB/s until 4 s, then full: 3 MB = 4 s x 0.25 MB/s + 2 MB at 1 MB/s = 6 s.
  auto [computed, transferred] = finish_times(loads::AvailabilityTrace({{0, 1}, {10, 0.5}}),
                                              loads::AvailabilityTrace({{0, 0.25}, {4, 1}}), 15e9, 3e6);
  EXPECT_NEAR(computed, 20, 20 * 1e-9);
  EXPECT_NEAR(transferred, 6, 6 * 1e-9);
}

TEST(LoadProfiles, ALoopingProfileRepeatsAsTheTraceSays)
{
  // 0.5 over [0, 4), 0.2 over [4, 10), then again: a period of 10 s holding 2 + 1.2 = 3.2 Gflop at 1 Gflop/s peak.
  // 8 Gflop: two periods (6.4), then 1.6 more: 2 Gflop would take the next [0, 4) of 0.5, so 1.6 takes 3.2 s.
  loads::AvailabilityTrace speed({{0, 0.5}, {4, 0.2}}, 6.0);
  auto [computed, transferred] = finish_times(speed, loads::AvailabilityTrace(), 8e9, 1e6);
  EXPECT_NEAR(computed, 23.2, 23.2 * 1e-9);
  // The trace's own integral says the same: its mean over [0, 23.2) times 23.2 s is 8 Gflop.
  EXPECT_NEAR(speed.mean(0, 23.2) * 23.2, 8, 1e-9);
  EXPECT_NEAR(transferred, 1, 1e-9);
}

namespace {

// On the two hosts `build` makes (in the child), competing traffic from the first to the second with the given
// steps: when one application transfer of `bytes` along the same route, asked for at `start`, ends.
double transfer_under_traffic(const std::function<std::pair<sg::Host*, sg::Host*>()>& build,
                              std::vector<sg::ShareStep> steps, double bytes, double start = 0)
{
  std::string payload = isogrid::testing::run_in_children({[&] {
    sg::Session session(sg::exact_network_config(), false);
    auto [from, to] = build();
    sg::spawn_competing_traffic("loader", from, to, 1e6, steps);
    double done = 0;
    sg::spawn("application", to, [&, from = from, to = to] {
      sg::sleep_for(start);
      sg::Activities io;
      io.transfer(from, to, static_cast<std::uint64_t>(bytes));
      io.wait();
      done = sg::now();
    });
    session.run();
    std::ostringstream out;
    out.precision(17);
    out << done;
    return out.str();
  }})[0];
  return std::stod(payload);
}

// The same on two_hosts(), a transfer asked for at 0.
double transfer_under_traffic(std::vector<sg::ShareStep> steps, double bytes)
{
  return transfer_under_traffic(
      [] {
        const sg::BuiltCheckpointCluster c = two_hosts();
        return std::make_pair(c.hosts[0], c.hosts[1]);
      },
      std::move(steps), bytes);
}

}  // namespace

TEST(CompetingTraffic, LeavesTheApplicationItsShareOfTheLink)
{
  // A quarter left: 1 MB at 0.25 MB/s, 4 s. 2 % left (49 streams): 0.1 MB at 20 kB/s, 5 s.
  EXPECT_NEAR(transfer_under_traffic({{0, 0.25}}, 1e6), 4, 4e-9);
  EXPECT_NEAR(transfer_under_traffic({{0, 0.02}}, 1e5), 5, 5e-9);
  // Two-thirds left: one stream capped at a third (a fair share would be half): 2 MB at 2/3 MB/s, 3 s.
  EXPECT_NEAR(transfer_under_traffic({{0, 2.0 / 3}}, 2e6), 3, 3e-9);
  // 40 % left: two streams of 0.3 MB/s each (uncapped, three flows would get a third each): 1 MB at 0.4 MB/s.
  EXPECT_NEAR(transfer_under_traffic({{0, 0.4}}, 1e6), 2.5, 2.5e-9);
}

TEST(CompetingTraffic, ChangesAtEachStep)
{
  // A quarter for 2 s (0.5 MB), then the whole link for the remaining 0.5 MB: 2.5 s.
  EXPECT_NEAR(transfer_under_traffic({{0, 0.25}, {2, 1}}, 1e6), 2.5, 2.5e-9);
}

// A SimGrid XML platform names its trace files itself (speed_file): isogrid loads it as it is, and SimGrid replays
// the profiles policies/loads writes, found beside the platform file.
#include "simulator/sg/platform_loader.hpp"

TEST(LoadProfiles, AnXmlPlatformReplaysItsOwnSpeedFiles)
{
  isogrid::testing::TempDir dir;
  dir.write("cpu.profile", loads::profile_text(loads::AvailabilityTrace({{0, 1}, {10, 0.5}})));
  std::string platform = dir.write("loaded.xml", R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf" speed_file="cpu.profile"/>
  </zone>
</platform>
)");
  std::string payload  = isogrid::testing::run_in_children({[&] {
    sg::Session session(sg::exact_network_config(), false);
    sg::load_platform(platform, {});
    double computed = 0;
    sg::spawn("compute", sg::host_by_name("a"), [&] {
      sg::compute(15e9);
      computed = sg::now();
    });
    session.run();
    std::ostringstream out;
    out.precision(17);
    out << computed;
    return out.str();
  }})[0];
  EXPECT_NEAR(std::stod(payload), 20, 20e-9);  // 10 s at 1 Gflop/s, then 5 Gflop at half speed
}

namespace {

// A bandwidth profile as (time, bytes/s) steps, each holding from its time on.
using Steps = std::vector<std::pair<double, double>>;

std::string profile_of(const Steps& steps)
{
  std::ostringstream text;
  text.precision(17);
  for (const auto& [t, v] : steps)
    text << t << ' ' << v << '\n';
  return text.str();
}

// The closed form: a transfer of `bytes` asked for at `start` over a route of latency `latency` sends nothing until
// start + latency, then at the link's bandwidth as it changes; when its last byte arrives.
double closed_form_end(const Steps& steps, double start, double latency, double bytes)
{
  double t = start + latency, left = bytes;
  auto bandwidth_at = [&](double when) {
    double v = steps.front().second;
    for (const auto& [at, value] : steps)
      if (at <= when)
        v = value;
    return v;
  };
  for (const auto& [change, value] : steps) {
    if (change <= t)
      continue;
    double rate = bandwidth_at(t);
    if (rate * (change - t) >= left)
      return t + left / rate;
    left -= rate * (change - t);
    t = change;
  }
  return t + left / bandwidth_at(t);
}

struct ProfiledTransfer {
  Steps steps;
  double start = 0, bytes = 0;
};

// In a child process, every transfer over a link of its own whose bandwidth follows its steps, each started at its
// time; when each ends. `xml`: the links are an XML platform's, with bandwidth_file= and the given latency; otherwise
// pair links built through the C++ API (set_bandwidth_profile, latency 0).
std::vector<double> profiled_transfer_ends(const std::vector<ProfiledTransfer>& cases, bool xml, double latency)
{
  isogrid::testing::TempDir dir;
  std::string platform;
  if (xml) {
    std::ostringstream x;
    x << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
      << "<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">\n";
    for (size_t i = 0; i < cases.size(); ++i)  // hosts, then links, then routes: SimGrid's DTD wants that order
      x << fmt::format("<host id=\"a{0}\" speed=\"1Gf\"/><host id=\"b{0}\" speed=\"1Gf\"/>\n", i);
    for (size_t i = 0; i < cases.size(); ++i) {
      dir.write(fmt::format("bw-{}.profile", i), profile_of(cases[i].steps));
      x << fmt::format("<link id=\"l{0}\" bandwidth=\"{1}Bps\" latency=\"{2}s\" bandwidth_file=\"bw-{0}.profile\"/>\n",
                       i, cases[i].steps.front().second, latency);
    }
    for (size_t i = 0; i < cases.size(); ++i)
      x << fmt::format("<route src=\"a{0}\" dst=\"b{0}\"><link_ctn id=\"l{0}\"/></route>\n", i);
    x << "</zone>\n</platform>\n";
    platform = dir.write("profiled.xml", x.str());
  }
  std::string payload = isogrid::testing::run_in_children({[&] {
    sg::Session session(sg::exact_network_config(), false);
    std::vector<std::pair<sg::Host*, sg::Host*>> ends;
    if (xml) {
      sg::load_platform(platform, {});
      for (size_t i = 0; i < cases.size(); ++i)
        ends.emplace_back(sg::host_by_name(fmt::format("a{}", i)), sg::host_by_name(fmt::format("b{}", i)));
    } else {
      sg::CheckpointGridSpec grid;
      for (const auto& c : cases) {
        sg::CheckpointClusterSpec cluster;
        cluster.speeds            = {1e9, 1e9};
        cluster.pairs             = {{0, 1, c.steps.front().second, profile_of(c.steps)}};
        cluster.storage_bandwidth = 1e6;
        grid.clusters.push_back(cluster);
      }
      auto built = sg::build_checkpoint_grids({grid});
      for (const auto& cluster : built[0])
        ends.emplace_back(cluster.hosts[0], cluster.hosts[1]);
    }
    std::vector<double> done(cases.size());
    for (size_t i = 0; i < cases.size(); ++i)
      sg::spawn(fmt::format("transfer-{}", i), ends[i].second, [&, i] {
        sg::sleep_for(cases[i].start);
        sg::Activities io;
        io.transfer(ends[i].first, ends[i].second, static_cast<std::uint64_t>(cases[i].bytes));
        io.wait();
        done[i] = sg::now();
      });
    session.run();
    std::ostringstream out;
    out.precision(17);
    for (double d : done)
      out << d << ' ';
    return out.str();
  }})[0];
  std::istringstream in(payload);
  std::vector<double> out(cases.size());
  for (double& d : out)
    in >> d;
  return out;
}

// Transfers that start before, across and after a rise and a drop of their link's bandwidth (1 MB/s nominal).
std::vector<ProfiledTransfer> around_changes()
{
  const Steps rise = {{0, 0.25e6}, {4, 1e6}}, drop = {{0, 1e6}, {4, 0.25e6}};
  const Steps three = {{0, 0.5e6}, {2, 1e6}, {5, 0.2e6}};
  return {
      {rise, 0, 0.5e6},
      {rise, 0, 3e6},
      {rise, 0.5, 3e6},
      {rise, 1, 3e6},
      {rise, 5, 3e6},
      {drop, 0, 3e6},
      {drop, 1, 4e6},
      {drop, 5, 1e6},
      {three, 1, 4e6},
      {three, 0.5, 1.5e6},
      {{{0, 1e6}, {3, 2e6}}, 0, 5e6},  // a rise above the nominal bandwidth
  };
}

// Random profiles of two to four steps, random starts and sizes, drawn from a fixed seed.
std::vector<ProfiledTransfer> random_cases(unsigned seed, size_t n)
{
  SeededRandom random(seed);
  std::vector<ProfiledTransfer> cases;
  for (size_t k = 0; k < n; ++k) {
    ProfiledTransfer c;
    double t = 0;
    for (size_t s = 0, steps = 2 + random.below(3); s < steps; ++s) {
      c.steps.emplace_back(t, 1e5 * (1 + 19 * random.uniform()));
      t += 0.5 + 5 * random.uniform();
    }
    c.start = 8 * random.uniform();
    c.bytes = std::floor(1e5 + 4e6 * random.uniform());
    cases.push_back(c);
  }
  return cases;
}

}  // namespace

// SimGrid 3.32 bounds a transfer by its route's bandwidth when it starts and never lifts that bound on a route of
// latency 0 (simulator/sg/bandwidth_changes.hpp): a 3 MB transfer started at 1 s under "0.25 MB/s, then 1 MB/s from
// 4 s" took 12.75 s instead of 6.25. Now every transfer follows its link, before, across and after each change, with
// latency 0 and above, whether the profile comes from XML (bandwidth_file) or the C++ API.
TEST(LoadProfiles, ATransferFollowsItsLinksBandwidthAsItChanges)
{
  std::vector<ProfiledTransfer> cases = around_changes();
  for (bool xml : {false, true})
    for (double latency : xml ? std::vector<double>{0, 0.001, 0.5} : std::vector<double>{0}) {
      std::vector<double> ends = profiled_transfer_ends(cases, xml, latency);
      for (size_t i = 0; i < cases.size(); ++i) {
        double expected = closed_form_end(cases[i].steps, cases[i].start, latency, cases[i].bytes);
        EXPECT_NEAR(ends[i], expected, expected * 1e-9)
            << (xml ? "XML" : "C++ API") << ", latency " << latency << ", case " << i << " (start " << cases[i].start
            << " s, " << cases[i].bytes << " bytes)";
      }
    }
  // The case the documentation once gave as an XML limitation: 3 MB under "0.25 MB/s, 1 MB/s from 4 s" takes 6 s.
  EXPECT_NEAR(profiled_transfer_ends({{{{0, 0.25e6}, {4, 1e6}}, 0, 3e6}}, true, 0)[0], 6, 6e-9);
}

TEST(LoadProfiles, RandomProfilesAgreeWithTheClosedForm)
{
  for (double latency : {0.0, 0.2}) {
    std::vector<ProfiledTransfer> cases = random_cases(latency == 0 ? 21 : 34, 20);
    std::vector<double> ends            = profiled_transfer_ends(cases, true, latency);
    for (size_t i = 0; i < cases.size(); ++i) {
      double expected = closed_form_end(cases[i].steps, cases[i].start, latency, cases[i].bytes);
      EXPECT_NEAR(ends[i], expected, expected * 1e-9) << "latency " << latency << ", random case " << i;
    }
  }
}

// Competing traffic keeps its cap on a route with latency too: TCP-gamma 0 made SimGrid 3.32 drop Comm::set_rate
// there, and a stream meant to leave 40 % of the link took a fair third of it.
TEST(CompetingTraffic, KeepsItsCapOnARouteWithLatency)
{
  isogrid::testing::TempDir dir;
  std::string platform = dir.write("pair.xml", R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf"/>
    <host id="b" speed="1Gf"/>
    <link id="l" bandwidth="1MBps" latency="10ms"/>
    <route src="a" dst="b"><link_ctn id="l"/></route>
  </zone>
</platform>
)");
  double done          = transfer_under_traffic(
      [&] {
        sg::load_platform(platform, {});
        return std::make_pair(sg::host_by_name("a"), sg::host_by_name("b"));
      },
      {{0, 0.4}}, 1e6, 1);  // asked for at 1 s, the streams running
  // 1 MB at 40 % of 1 MB/s after 10 ms of latency: 1 + 0.01 + 2.5 s.
  EXPECT_NEAR(done, 3.51, 3.51e-9);
}

// NWS-style sensors (simulator/sg/sensors.hpp): probes read back the load the host and the route carry.
#include "simulator/sg/sensors.hpp"

TEST(Sensors, ProbesReadTheLoadEveryPeriod)
{
  std::string payload = isogrid::testing::run_in_children({[&] {
    sg::Session session(sg::exact_network_config(), false);
    // Host 0 at full speed, then half from 300 s; from 400 s another user's job of weight 1 halves that again.
    // The route to host 1 leaves a quarter of its 1 MB/s until 200 s, then all of it.
    const sg::BuiltCheckpointCluster c = two_hosts(loads::profile_text(loads::AvailabilityTrace({{0, 1}, {300, 0.5}})));
    sg::spawn_competing_traffic("loader", c.hosts[0], c.hosts[1], 1e6, {{0, 0.25}, {200, 1}});
    std::ostringstream out;
    out.precision(6);
    sg::spawn_cpu_sensor("cpu", c.hosts[0], 120, [&](double t, double v) { out << "cpu " << t << ' ' << v << '\n'; });
    sg::spawn_bandwidth_sensor("net", c.hosts[0], c.hosts[1], 1e6, 120,
                               [&](double t, double v) { out << "net " << t << ' ' << v << '\n'; });
    sg::spawn("other-user", c.hosts[1], [&] {
      sg::sleep_for(400);
      sg::BackgroundLoad job(c.hosts[0], 1);
      sg::sleep_for(200);  // the simulation ends at 600 s
    });
    session.run();
    return out.str();
  }})[0];
  // Probes at 0, 120, ..., 480 (the one due at 600 is not taken: nothing keeps the simulation alive then).
  EXPECT_NE(payload.find("cpu 0 1\n"), std::string::npos) << payload;
  EXPECT_NE(payload.find("cpu 240 1\n"), std::string::npos) << payload;
  EXPECT_NE(payload.find("cpu 360 0.5\n"), std::string::npos) << payload;
  EXPECT_NE(payload.find("cpu 480 0.25\n"), std::string::npos) << payload;
  EXPECT_NE(payload.find("net 0 0.25\n"), std::string::npos) << payload;
  EXPECT_NE(payload.find("net 120 0.25\n"), std::string::npos) << payload;
  EXPECT_NE(payload.find("net 240 1\n"), std::string::npos) << payload;
  EXPECT_EQ(payload.find("cpu 600"), std::string::npos) << payload;
}
