// Background load declared in a grid spec (`load:` per cluster, workloads/loads/platform_loads.hpp): a profile file
// replays exactly (a computation and a transfer crossing a change point end when the closed form says), a generator
// draws the same traces for the same seed and each host its own, the built host follows its drawn trace, and every
// bad declaration is refused at its own line.
#include "policies/loads/availability.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "simulator/sg/grid_builder.hpp"
#include "simulator/sg/messaging.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"
#include "test_support.hpp"
#include "workloads/loads/platform_loads.hpp"

#include <gtest/gtest.h>

#include <sstream>

using namespace isogrid;

namespace {

// A grid spec read and its declared loads checked, as the platform check does before the first point.
GridSpec read_checked(const std::string& path)
{
  GridSpec spec = read_grid_spec(path);
  check_declared_loads(spec, &loads::resolver());
  return spec;
}

class PlatformLoads : public ::testing::Test {
protected:
  // Two 1 Gflop/s hosts behind 1 MB/s links, with `load` (YAML flow mapping) declared on the cluster.
  std::string spec(const std::string& load)
  {
    return tmp_.write("grid.yaml", "clusters:\n"
                                   "  - name: c\n"
                                   "    hosts: 2\n"
                                   "    speed: 1Gf\n"
                                   "    link: {bandwidth: 1MBps}\n"
                                   "    load: " +
                                       load + "\n");
  }

  InputError refusal(const std::string& load)
  {
    std::string path = spec(load);
    try {
      read_checked(path);
    } catch (const InputError& e) {
      return e;
    }
    ADD_FAILURE() << "no InputError for load: " << load;
    return InputError({}, "", "");
  }

  isogrid::testing::TempDir tmp_;
};

// In a child: the grid at `path` built with point seed `seed`; when `flops` on c-0 and `bytes` from c-0 to c-1, both
// started at 0, end.
std::pair<double, double> finish_times(const std::string& path, std::uint64_t seed, double flops, double bytes)
{
  return isogrid::testing::compute_and_transfer_end(
      [&] {
        sg::build_grid_platform(path, loads::point_loads(seed));
        return std::make_pair(std::string("c-0"), std::string("c-1"));
      },
      flops, bytes);
}

// When `flops` end on a host of `peak` flop/s following `trace` from 0: bisection on the trace's exact integral.
double closed_form_end(const loads::AvailabilityTrace& trace, double peak, double flops)
{
  double low = 0, high = 1;
  while (trace.mean(0, high) * high * peak < flops)
    high *= 2;
  for (int i = 0; i < 200; ++i) {
    double mid                                             = (low + high) / 2;
    (trace.mean(0, mid) * mid * peak < flops ? low : high) = mid;
  }
  return high;
}

}  // namespace

TEST_F(PlatformLoads, ProfileFilesReplayExactly)
{
  // Every host at full speed until 10 s, then half: 15 Gflop end at 10 + 5 / 0.5 = 20 s. Every host link at a quarter
  // of 1 MB/s until 4 s, then full: 3 MB cross both links (same profile) in 4 + (3 - 1) / 1 = 6 s.
  tmp_.write("cpu.txt", "# shares of the peak\n0 1\n10 0.5\n");
  tmp_.write("bw.txt", "0 0.25\n4 1\n");
  std::string path             = spec("{cpu_profile: cpu.txt, bandwidth_profile: bw.txt}");
  auto [computed, transferred] = finish_times(path, 1, 15e9, 3e6);
  EXPECT_NEAR(computed, 20, 20 * 1e-9);
  EXPECT_NEAR(transferred, 6, 6 * 1e-9);
}

TEST_F(PlatformLoads, EachHostCanReplayItsOwnProfile)
{
  // Per-host files (a trace measured on each machine): c-0 at half speed, c-1 free, so 1 Gflop on c-0 takes 2 s;
  // listed for c-1 only, c-0 stays free and takes 1 s. The host links follow their own files too: c-0's link at a
  // quarter until 4 s, c-1's free: 3 MB from c-0 to c-1 end at 6 s.
  tmp_.write("half.txt", "0 0.5\n");
  tmp_.write("quarter.txt", "0 0.25\n4 1\n");
  std::string path = spec("{cpu_profile: {c-0: half.txt}, bandwidth_profile: {c-0: quarter.txt}}");
  GridSpec grid    = read_checked(path);
  ASSERT_EQ(grid.clusters[0].load->cpu.host_profiles.size(), 1u);
  EXPECT_EQ(grid.clusters[0].load->cpu.host_profiles[0].host, 0);
  auto [computed, transferred] = finish_times(path, 1, 1e9, 3e6);
  EXPECT_NEAR(computed, 2, 2e-9);
  EXPECT_NEAR(transferred, 6, 6e-9);
  EXPECT_NEAR(finish_times(spec("{cpu_profile: {c-1: half.txt}}"), 1, 1e9, 3e6).first, 1, 1e-9);
  // The sensors' view (platform_traces) is the same: c-1's trace is free.
  std::vector<loads::ClusterTraces> traces = loads::platform_traces(grid, 1);
  EXPECT_EQ(traces[0].cpu[0].at(10), 0.5);
  EXPECT_EQ(traces[0].cpu[1].at(10), 1);
}

TEST_F(PlatformLoads, BandwidthLoadAsCompetingFlowsLeavesTheTracesShare)
{
  // The same quarter-then-full profile run as real streams from c-0 to c-1 (bandwidth_as: flows): three streams of
  // 0.25 MB/s each hold both links' halves on that route until 4 s, so the transfer gets a fair quarter of 1 MB/s,
  // then everything: 4 + (3 - 1) / 1 = 6 s again, through max-min sharing instead of a profile.
  tmp_.write("bw.txt", "0 0.25\n4 1\n");
  std::string path = spec("{bandwidth_profile: bw.txt, bandwidth_as: flows}");
  EXPECT_TRUE(read_checked(path).clusters[0].load->bandwidth_flows);
  auto [computed, transferred] = finish_times(path, 1, 1e9, 3e6);
  EXPECT_NEAR(computed, 1, 1e-9);  // the CPU is untouched
  EXPECT_NEAR(transferred, 6, 6 * 1e-9);
  // As a profile, the same file gives the same end: the two mechanisms agree on one flow.
  std::string as_profile = spec("{bandwidth_profile: bw.txt, bandwidth_as: profile}");
  EXPECT_NEAR(finish_times(as_profile, 1, 1e9, 3e6).second, 6, 6 * 1e-9);
}

TEST_F(PlatformLoads, GeneratorsDrawOneTracePerHostFromTheSeed)
{
  GridSpec grid = read_checked(spec("{cpu: random-cpu, bandwidth: random-bandwidth, horizon: 2h}"));
  std::vector<loads::ClusterTraces> a = loads::platform_traces(grid, 7), b = loads::platform_traces(grid, 7),
                                    c = loads::platform_traces(grid, 8);
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(a[0].cpu.size(), 2u);
  ASSERT_EQ(a[0].bandwidth.size(), 2u);
  auto same = [](const loads::AvailabilityTrace& x, const loads::AvailabilityTrace& y) {
    if (x.steps().size() != y.steps().size())
      return false;
    for (std::size_t k = 0; k < x.steps().size(); ++k)
      if (x.steps()[k].time != y.steps()[k].time || x.steps()[k].value != y.steps()[k].value)
        return false;
    return true;
  };
  EXPECT_TRUE(same(a[0].cpu[0], b[0].cpu[0]));
  EXPECT_TRUE(same(a[0].bandwidth[1], b[0].bandwidth[1]));
  EXPECT_FALSE(same(a[0].cpu[0], a[0].cpu[1]));        // each host its own stream
  EXPECT_FALSE(same(a[0].cpu[0], c[0].cpu[0]));        // another point, other loads
  EXPECT_FALSE(same(a[0].cpu[0], a[0].bandwidth[0]));  // CPU and links draw apart
  for (const loads::AvailabilityTrace& t : a[0].cpu) {
    EXPECT_GE(t.steps().back().time, 0);
    double last = t.steps().back().time;
    EXPECT_GE(last + 480, 2 * 3600.0);  // covers the horizon
    for (const loads::Step& s : t.steps())
      EXPECT_TRUE(s.value == 1 || (s.value >= 0.065 && s.value <= 0.72)) << s.value;
  }
  for (const loads::AvailabilityTrace& t : a[0].bandwidth)
    for (const loads::Step& s : t.steps())
      EXPECT_TRUE(s.value == 1 || (s.value >= 0.02 && s.value <= 0.8)) << s.value;
}

TEST_F(PlatformLoads, ABuiltHostFollowsItsDrawnTrace)
{
  // 10 000 Gflop on c-0 of a random-loaded cluster take hours, through many load episodes: SimGrid ends
  // the computation where the drawn trace's integral reaches it.
  std::string path                     = spec("{cpu: random-cpu}");
  GridSpec grid                        = read_checked(path);
  const loads::AvailabilityTrace trace = loads::platform_traces(grid, 42)[0].cpu[0];
  double expected                      = closed_form_end(trace, 1e9, 1e13);
  ASSERT_GT(expected, 10000.0 * 1.1);  // the load slowed it
  auto [computed, transferred] = finish_times(path, 42, 1e13, 1e3);
  EXPECT_NEAR(computed, expected, expected * 1e-9);
  EXPECT_NEAR(transferred, 1e-3, 1e-9);  // no bandwidth load declared
}

TEST_F(PlatformLoads, BadDeclarationsAreRefusedAtTheirLine)
{
  InputError unknown = refusal("{cpu: random-cpus}");
  EXPECT_EQ(unknown.where().line, 6);
  EXPECT_NE(std::string(unknown.message()).find("random-cpu"), std::string::npos) << unknown.message();

  InputError wrong = refusal("{cpu: random-bandwidth}");
  EXPECT_NE(std::string(wrong.message()).find("draws bandwidth load"), std::string::npos) << wrong.message();

  InputError both = refusal("{cpu: random-cpu, cpu_profile: x.txt}");
  EXPECT_NE(std::string(both.message()).find("not both"), std::string::npos) << both.message();

  InputError missing = refusal("{bandwidth_profile: nowhere.txt}");
  EXPECT_NE(std::string(missing.message()).find("cannot read"), std::string::npos) << missing.message();

  // A profile's own mistakes point into the profile file.
  tmp_.write("backwards.txt", "0 1\n20 0.5\n10 0.4\n");
  InputError backwards = refusal("{cpu_profile: backwards.txt}");
  EXPECT_EQ(backwards.where().line, 3);
  EXPECT_NE(backwards.where().file.find("backwards.txt"), std::string::npos);
  tmp_.write("zero.txt", "0 1\n5 0\n");
  InputError zero = refusal("{cpu_profile: zero.txt}");
  EXPECT_EQ(zero.where().line, 2);

  InputError key = refusal("{cpu: random-cpu, memory: 3}");
  EXPECT_NE(std::string(key.message()).find("memory"), std::string::npos) << key.message();
  tmp_.write("half.txt", "0 0.5\n");
  InputError host = refusal("{cpu_profile: {c-7: half.txt}}");
  EXPECT_EQ(host.where().line, 6);
  EXPECT_NE(std::string(host.message()).find("cluster c has no host c-7: its hosts are c-0 .. c-1"), std::string::npos)
      << host.message();
  InputError unread = refusal("{cpu_profile: {c-1: nowhere.txt}}");
  EXPECT_NE(std::string(unread.message()).find("cannot read"), std::string::npos) << unread.message();
  InputError as = refusal("{bandwidth: random-bandwidth, bandwidth_as: packets}");
  EXPECT_NE(std::string(as.message()).find("flows"), std::string::npos) << as.message();
  InputError nothing = refusal("{cpu: random-cpu, bandwidth_as: flows}");
  EXPECT_NE(std::string(nothing.message()).find("need a bandwidth load"), std::string::npos) << nothing.message();
  InputError horizon = refusal("{cpu: random-cpu, horizon: -2h}");
  EXPECT_EQ(horizon.key().find("horizon") != std::string::npos, true) << horizon.key();
}

TEST_F(PlatformLoads, AnInterClusterLinkReplaysItsProfile)
{
  // Two clusters behind fast host links, joined by a 1 MB/s link at a quarter until 4 s: 3 MB from a-0 to b-0 end at
  // 4 + (3 - 1) / 1 = 6 s, as on a host link.
  tmp_.write("internet.txt", "0 0.25\n4 1\n");
  std::string path    = tmp_.write("two.yaml", "clusters:\n"
                                                  "  - {name: a, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps}}\n"
                                                  "  - {name: b, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps}}\n"
                                                  "inter_cluster:\n"
                                                  "  bandwidth: 1MBps\n"
                                                  "  load: {bandwidth_profile: internet.txt}\n");
  std::string payload = isogrid::testing::run_in_children({[&] {
    sg::Session session(sg::exact_network_config(), false);
    sg::build_grid_platform(path, loads::point_loads(0));
    double transferred = 0;
    sg::spawn("transfer", sg::host_by_name("b-0"), [&] {
      sg::Activities io;
      io.transfer(sg::host_by_name("a-0"), sg::host_by_name("b-0"), 3000000);
      io.wait();
      transferred = sg::now();
    });
    session.run();
    std::ostringstream out;
    out.precision(17);
    out << transferred;
    return out.str();
  }})[0];
  EXPECT_NEAR(std::stod(payload), 6, 6e-9);  // the host links are faster: the inter-cluster link is the bottleneck

  // A link has no CPU to load, and its generator must be a bandwidth one.
  std::string bad = tmp_.write("bad.yaml", "clusters:\n"
                                           "  - {name: a, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps}}\n"
                                           "  - {name: b, hosts: 1, speed: 1Gf, link: {bandwidth: 1GBps}}\n"
                                           "inter_cluster:\n"
                                           "  bandwidth: 1MBps\n"
                                           "  links:\n"
                                           "    - {between: [a, b], load: {cpu: random-cpu}}\n");
  try {
    read_checked(bad);
    ADD_FAILURE() << "a CPU load on a link was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().line, 7);
    EXPECT_NE(std::string(e.message()).find("a link has no CPU"), std::string::npos) << e.message();
  }
}
