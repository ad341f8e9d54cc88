// Profiles replayed by SimGrid (simulator/sg/load_profiles.hpp), written by policies/loads: a computation and a
// transfer that cross a change point end when the closed form says, and a looping profile repeats as
// AvailabilityTrace says it does.
#include "policies/loads/availability.hpp"
#include "simulator/sg/checkpoint_platform.hpp"
#include "simulator/sg/load_profiles.hpp"
#include "simulator/sg/messaging.hpp"
#include "simulator/sg/session.hpp"
#include "test_support.hpp"

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
  auto [computed, transferred] =
      finish_times(loads::AvailabilityTrace({{0, 1}, {10, 0.5}}), loads::AvailabilityTrace({{0, 0.25}, {4, 1}}),
                   15e9, 3e6);
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

// On two_hosts(), competing traffic from host 0 to host 1 with the given steps: when one application transfer of
// `bytes` along the same route, started at 0, ends.
double transfer_under_traffic(std::vector<sg::ShareStep> steps, double bytes)
{
  std::string payload = isogrid::testing::run_in_children({[&] {
    sg::Session session(sg::exact_network_config(), false);
    const sg::BuiltCheckpointCluster c = two_hosts();
    sg::spawn_competing_traffic("loader", c.hosts[0], c.hosts[1], 1e6, steps);
    double done = 0;
    sg::spawn("application", c.hosts[1], [&] {
      sg::Activities io;
      io.transfer(c.hosts[0], c.hosts[1], static_cast<std::uint64_t>(bytes));
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
// the profiles policies/loads writes, found beside the platform file. (Not bandwidth_file: measured on SimGrid 3.32,
// an XML link applies only its profile's first value, so a 3 MB transfer under "0 0.25 MB/s, 4 s 1 MB/s" takes 12 s
// instead of 6; the same profile on a link built through the C++ API gives 6 s, as tested above. docs/loads.md.)
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
  std::string payload = isogrid::testing::run_in_children({[&] {
    sg::Session session(sg::exact_network_config(), false);
    sg::load_platform(platform);
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
