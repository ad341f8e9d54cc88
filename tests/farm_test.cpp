// The hierarchical-farm model (Argollo et al.) on SimGrid: the testbed's calibration, the simulated farm against
// a hand-worked schedule, and the paper's mechanisms — Spain link-bound with S = 1 and computation-bound with
// S = 3, every task accounted for, the last partial message flushed.
#include "simulator/core/catalog.hpp"
#include "simulator/core/timeline.hpp"
#include "simulator/sg/session.hpp"
#include "tests/test_support.hpp"
#include "workloads/master_worker/farm_layout.hpp"
#include "workloads/master_worker/farm_model.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <map>
#include <numeric>
#include <sstream>

using namespace isogrid;
using namespace isogrid::farm;
using namespace isogrid::testing;

namespace {

const Model& farm_model() { return isogrid::testing::catalog().model("hierarchical-farm"); }

const std::string kTestbed = std::string(ISOGRID_SOURCE_DIR) + "/platforms/argollo-testbed.yaml";

// Both faces of each point, each in a child process, as the model's metrics.
std::vector<TypedOutcome<FarmMetrics>> run_farm(const std::vector<Point>& points)
{
  return read_outcomes(hierarchical_farm_schema(), evaluate_in_children(points, farm_model()));
}

Point testbed_point(std::map<std::string, Value> values)
{
  values.emplace("platform", kTestbed);
  return point_for(farm_model(), values);
}

}  // namespace

TEST(FarmPlatform, TestbedIsCalibratedToThePaper)
{
  std::vector<ClusterResources> c = farm_resources(read_grid_spec(kTestbed), 1e12);
  ASSERT_EQ(c.size(), 3u);
  auto sum = [](const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); };
  EXPECT_EQ(c[0].worker_rates.size(), 3u);
  EXPECT_EQ(c[1].worker_rates.size(), 5u);
  EXPECT_EQ(c[2].worker_rates.size(), 8u);
  EXPECT_NEAR(sum(c[0].worker_rates), 1.75407e-3, 1e-9);  // printed 1.754; see the platform file
  EXPECT_NEAR(sum(c[1].worker_rates), 3.106e-3, 1e-9);
  EXPECT_NEAR(sum(c[2].worker_rates), 23.570e-3, 1e-8);
  EXPECT_NEAR(c[2].worker_rates[0] + c[2].worker_rates[1] + c[2].worker_rates[2], 8.885e-3, 1e-8);
  EXPECT_DOUBLE_EQ(c[0].lan_throughput, 1048576);
  EXPECT_DOUBLE_EQ(c[1].inet_throughput, 25.3 * 1024);
  EXPECT_DOUBLE_EQ(c[2].inet_throughput, 21.0 * 1024);
}

TEST(FarmPlatform, InternetOverrideIsInKiBPerSecond)
{
  GridSpec spec = read_grid_spec(kTestbed);
  override_internet_throughput(spec, {999, 0, 23.0});  // entry 0 (local) ignored, 0 keeps the platform's
  std::vector<ClusterResources> c = farm_resources(spec, 1e12);
  EXPECT_DOUBLE_EQ(c[1].inet_throughput, 25.3 * 1024);
  EXPECT_DOUBLE_EQ(c[2].inet_throughput, 23.0 * 1024);
}

TEST(FarmSimulation, OneWorkerOnDemandMatchesTheHandWorkedSchedule)
{
  // One local worker holding one task at a time: each task costs a command (4 B), the computation (1e9 flops at
  // 1 Gf = 1 s) and the result (1e6 B over two 1 MBps links in series), each transfer crossing two 1 ms links.
  // With no summing cost, N tasks take N (0.002 + 4e-6 + 1 + 0.002 + 1) s.
  TempDir dir;
  std::string platform = dir.write("one.yaml", "clusters:\n"
                                               "  - {name: home, hosts: 2, speed: 1Gf, "
                                               "link: {bandwidth: 1MBps, latency: 1ms}}\n");
  Point p              = point_for(farm_model(), {{"platform", platform},
                                                  {"tasks", 5.0},
                                                  {"task_flops", 1e9},
                                                  {"result_bytes", 1e6},
                                                  {"aggregate_flops", 0.0},
                                                  {"worker_prefetch", 1.0}});
  auto out             = run_farm({p})[0];
  EXPECT_NEAR(out.simulated.makespan, 5 * (0.002 + 4e-6 + 1 + 0.002 + 1), 1e-9);
  EXPECT_EQ(out.simulated.tasks, 5);
  // Holding two tasks overlaps the next computation with the result's transfer: the worker then waits only for
  // the command that replaces the task it just finished, at most 2 x 2 ms + 4 us per task after the first.
  p                 = point_for(farm_model(), {{"platform", platform},
                                               {"tasks", 5.0},
                                               {"task_flops", 1e9},
                                               {"result_bytes", 1e6},
                                               {"aggregate_flops", 0.0},
                                               {"worker_prefetch", 2.0}});
  double overlapped = run_farm({p})[0].simulated.makespan;
  EXPECT_LT(overlapped, 5 * 1.0 + 1.002 + 0.002 + 4 * 0.0041);
  EXPECT_GT(overlapped, 5 * 1.0 + 1.002 + 0.002);
}

TEST(FarmSimulation, TaskSharesAddUpToN)
{
  std::vector<Point> rows;
  for (const char* row : {"Argentina", "Brazil", "Spain", "total"})
    rows.push_back(testbed_point({{"plan_step", std::string("all")}, {"cluster", std::string(row)}}));
  auto out      = run_farm(rows);
  double shares = out[0].simulated.tasks + out[1].simulated.tasks + out[2].simulated.tasks;
  EXPECT_EQ(shares, 500);
  EXPECT_EQ(out[3].simulated.tasks, 500);
  // Per-cluster speedups add up to the total, as in the paper's tables.
  EXPECT_NEAR(out[0].simulated.speedup + out[1].simulated.speedup + out[2].simulated.speedup, out[3].simulated.speedup,
              1e-12);
  for (const auto& o : out)
    EXPECT_DOUBLE_EQ(o.simulated.makespan, out[3].simulated.makespan);
}

TEST(FarmSimulation, AggregationMovesSpainFromLinkBoundToComputationBound)
{
  auto out  = run_farm({testbed_point({{"cluster", std::string("Spain")}}),
                        testbed_point({{"cluster", std::string("Spain")}, {"aggregation", 3.0}})});
  auto busy = [](const TypedOutcome<FarmMetrics>& o) { return o.simulated.link_utilisation * o.simulated.makespan; };
  // S = 1: the uplink rests only before Spain's first result and after its last (about 5 % of the run), and
  // while it works it carries one task per 2 310 248 B at 21 KiB/s: 9.308e-3 tasks/s (Eq. 4). Within 1 %: each
  // 107 s message also pays 100 ms of latency, and other transfers briefly share the links at both ends.
  EXPECT_GT(out[0].simulated.link_utilisation, 0.93);
  EXPECT_NEAR(out[0].simulated.tasks / busy(out[0]), 9.308e-3, 0.01 * 9.308e-3);
  EXPECT_NEAR(out[0].predicted.link_utilisation, 1.0, 1e-12);
  EXPECT_LT(out[0].simulated.efficiency, 0.40);
  // S = 3: the link could carry 27.9e-3 > 23.57e-3, so it idles a good part of the time and the workers set the
  // pace; a message of 3 results still takes 107 s.
  EXPECT_LT(out[1].simulated.link_utilisation, 0.85);
  EXPECT_GT(out[1].simulated.efficiency, 0.85);
  EXPECT_NEAR(out[1].predicted.link_utilisation, 23.570 / 27.925, 1e-3);
  EXPECT_NEAR(out[1].simulated.tasks / 3 / busy(out[1]), 9.308e-3, 0.01 * 9.308e-3);
}

TEST(FarmSimulation, TheFirstKClustersTakePartAndTheOthersStayIdle)
{
  // clusters: 2 is Argentina and Brazil: AvPerf 1.754 + 3.106, speedup (1.754 + 3.106) / 1.754 = 2.771 predicted,
  // and every one of the 500 tasks done there; Spain, left out, cannot be a row. A list per cluster still gives
  // the platform's three values, of which the first two are read.
  auto out = run_farm(
      {testbed_point({{"clusters", 2.0}}), testbed_point({{"clusters", 2.0}, {"cluster", std::string("Brazil")}}),
       testbed_point(
           {{"clusters", 2.0}, {"selection", std::string("count")}, {"workers", std::vector<double>{3, 2, 8}}})});
  EXPECT_NEAR(out[0].predicted.available_performance, 1.75407 + 3.106, 1e-6);
  EXPECT_NEAR(out[0].predicted.speedup, (1.75407 + 3.106) / 1.75407, 1e-9);
  EXPECT_EQ(out[0].simulated.tasks, 500);
  EXPECT_EQ(out[0].simulated.workers, 8);
  EXPECT_GT(out[1].simulated.tasks, 0);
  EXPECT_EQ(out[2].simulated.workers, 5);
  // All three clusters with clusters: 3, as with the default 0.
  auto all = run_farm({testbed_point({{"clusters", 3.0}}), testbed_point({})});
  EXPECT_EQ(all[0].predicted.available_performance, all[1].predicted.available_performance);
  EXPECT_EQ(all[0].simulated.makespan, all[1].simulated.makespan);
}

TEST(FarmSimulation, LastPartialMessageIsFlushed)
{
  // 500 = 3 x 166 + 2: some sub-master ends with fewer than S results in hand and must still send them.
  auto o       = run_farm({testbed_point({{"aggregation", 3.0}, {"cluster", std::string("Spain")}})})[0];
  double tasks = o.simulated.tasks, messages = o.simulated.messages;
  EXPECT_GE(messages, std::ceil(tasks / 3));
  EXPECT_LE(messages, std::ceil(tasks / 3) + 1);
  auto total = run_farm({testbed_point({{"aggregation", 3.0}})})[0];
  EXPECT_EQ(total.simulated.tasks, 500);
}

// A SimGrid XML platform is read through SimGrid's view of it (clusters, speeds, the routes between first hosts):
// the same grid written in YAML and in XML gives the same resources, the same estimate and the same simulated farm.
TEST(FarmPlatform, AnXmlPlatformGivesWhatItsYamlTwinGives)
{
  const std::string dir = std::string(ISOGRID_SOURCE_DIR) + "/tests/platforms/";
  auto point_on         = [](const std::string& platform) {
    return point_for(farm_model(), {{"platform", platform}, {"tasks", 60.0}, {"task_flops", 2e9}});
  };
  FarmParams yaml_params, xml_params;
  yaml_params.platform   = dir + "pair.yaml";
  xml_params.platform    = dir + "pair.xml";
  yaml_params.task_flops = xml_params.task_flops = 2e9;
  FarmLayout from_yaml                           = FarmLayout::of(yaml_params);
  FarmLayout from_xml                            = FarmLayout::of(xml_params);
  ASSERT_EQ(from_xml.clusters.size(), 2u);
  EXPECT_EQ(from_xml.hosts, from_yaml.hosts);  // a-0 .. a-2, b-0, b-1 in both
  for (size_t c = 0; c < 2; ++c) {
    EXPECT_EQ(from_xml.clusters[c].name, from_yaml.clusters[c].name);
    EXPECT_EQ(from_xml.clusters[c].worker_rates, from_yaml.clusters[c].worker_rates);
    EXPECT_DOUBLE_EQ(from_xml.clusters[c].lan_throughput, from_yaml.clusters[c].lan_throughput);
  }
  // b's sub-master to a's master: b-0's 250 MB/s link and fatpipe backbone, the 10 MB/s link, a's backbone and link;
  // 20 + 30 us + 5 ms + 10 + 50 us.
  EXPECT_DOUBLE_EQ(from_xml.clusters[1].inet_throughput, 10e6);
  EXPECT_NEAR(from_xml.clusters[1].inet_latency, 5.11e-3, 1e-15);
  EXPECT_NEAR(from_yaml.clusters[1].inet_latency, 5.11e-3, 1e-15);
  auto out = run_farm({point_on(dir + "pair.yaml"), point_on(dir + "pair.xml")});
  EXPECT_EQ(out[0].predicted.performance, out[1].predicted.performance);
  EXPECT_GT(out[0].simulated.makespan, 0);
  EXPECT_NEAR(out[1].simulated.makespan, out[0].simulated.makespan, 1e-9 * out[0].simulated.makespan);
  EXPECT_EQ(out[1].simulated.tasks, 60);
}

TEST(FarmModelChecks, BadPointsAreRefusedWithTheParameterNamed)
{
  auto refused_on = [](const Point& p) -> std::string {
    try {
      farm_model().check(p);
    } catch (const ParamError& e) {
      return e.param() + ": " + e.what();
    }
    return "";
  };
  EXPECT_NE(refused_on(testbed_point({{"cluster", std::string("Chile")}})).find("Argentina"), std::string::npos);
  EXPECT_EQ(refused_on(testbed_point({{"aggregation", std::vector<double>{1, 3}}})).rfind("aggregation", 0), 0u);
  EXPECT_EQ(refused_on(testbed_point({{"selection", std::string("count")}, {"workers", std::vector<double>{0, 5, 8}}}))
                .rfind("workers", 0),
            0u);
  EXPECT_EQ(refused_on(point_for(farm_model(),
                                 {{"platform", std::string(ISOGRID_SOURCE_DIR) + "/platforms/examples/star-10.yaml"}}))
                .rfind("platform", 0),
            0u);
  EXPECT_EQ(
      refused_on(testbed_point({{"plan_step", std::string("tuned")}, {"aggregation", 3.0}})).rfind("aggregation", 0),
      0u);
  EXPECT_EQ(refused_on(testbed_point({{"clusters", 4.0}})).rfind("clusters", 0), 0u);
  EXPECT_EQ(refused_on(testbed_point({{"clusters", 2.0}, {"cluster", std::string("Spain")}})).rfind("cluster:", 0), 0u);
  EXPECT_EQ(refused_on(testbed_point({{"plan_step", std::string("tuned")}})), "");
  EXPECT_EQ(refused_on(testbed_point({})), "");
}

// The timeline of the testbed farm: every one of the 60 tasks is a compute interval on one worker, of its flops
// over that worker's speed; the results the remote clusters send over their Internet links add up to the tasks
// their workers computed.
TEST(FarmSimulation, TheTimelineHoldsEveryTaskOnceOnOneWorker)
{
  Point p = testbed_point(
      {{"plan_step", std::string("all")}, {"cluster", std::string("total")}, {"tasks", 60.0}, {"task_flops", 1e10}});
  Timeline timeline                                = isogrid::testing::timeline_of(farm_model(), p);
  const std::map<char, std::vector<double>> speeds = {
      {'0', {584.69e6}}, {'1', {621.2e6}}, {'2', {2.961667e9, 2.937e9}}};
  std::map<char, long long> computed, sent;
  for (const TimelineEvent& e : timeline.events()) {
    const std::string what = e.resource + " " + e.state + " " + e.label;
    char cluster           = e.resource[1];
    double length          = e.end - e.start;
    if (e.state == "compute") {
      computed[cluster] += 1;
      bool one_of_its_speeds = false;
      for (double speed : speeds.at(cluster))
        one_of_its_speeds = one_of_its_speeds || std::fabs(length - 1e10 / speed) < 1e-9 * length;
      EXPECT_TRUE(one_of_its_speeds) << what;
    } else {
      EXPECT_EQ(e.state, "send") << what;
      EXPECT_EQ(e.resource.substr(3), "Internet link") << what;
      sent[cluster] += std::stoll(e.label);
    }
  }
  EXPECT_EQ(computed['0'] + computed['1'] + computed['2'], 60);
  EXPECT_GT(computed['1'], 0);
  EXPECT_GT(computed['2'], 0);
  EXPECT_EQ(sent['1'], computed['1']);
  EXPECT_EQ(sent['2'], computed['2']);
  EXPECT_EQ(sent.count('0'), 0u) << "the master's own cluster sends nothing over the Internet";
}
