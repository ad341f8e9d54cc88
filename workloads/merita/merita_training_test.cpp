// The executions MerITA's modeller is given, worked by hand on a grid whose base cluster's machines are half free
// at all times, and the models learned from executions on a loaded one.
#include "policies/merita/modeller.hpp"
#include "policies/modelling/staged_search.hpp"
#include "policies/rescheduling/phased_applications.hpp"
#include "workloads/merita/merita_training.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

using namespace isogrid;
using namespace isogrid::merita;

namespace {

// A batch cluster, then an interactive one of 8 machines (CPU factor 2), each machine's availability `cpu(m, t)`.
Grid grid(double (*cpu)(std::size_t machine, double t))
{
  Grid g;
  g.clusters = {{"batch", 16, 1.0, 1000, true, {}, {}}, {"interactive", 8, 2.0, 100, false, {}, {}}};
  for (std::size_t m = 0; m < 8; ++m) {
    std::vector<loads::Step> steps;
    for (int hour = 0; hour < 24 * 400; ++hour)
      steps.push_back({hour * 3600.0, cpu(m, hour * 3600.0)});
    g.clusters[1].cpu.emplace_back(steps);
  }
  g.wan_mbps = {{0, 100}, {100, 0}};
  return g;
}

double half_free(std::size_t, double) { return 0.5; }
double varying(std::size_t m, double t) { return 0.3 + 0.7 * (0.5 + 0.5 * std::sin(t / 7200.0 + 1.3 * m)); }

}  // namespace

TEST(MeritaTraining, RecordsEachPhaseOnOneTwoFourAndEightProcessorsUnderTheBaseClustersLoads)
{
  const auto& md       = rescheduling::phased_applications().get("MD");
  Grid g               = grid(half_free);
  g.clusters[1].cpu[7] = loads::AvailabilityTrace({{0, 1}, {1e12, 0.9}});  // varies, past every run's end
  ExecutionDatabase db = record_executions(g, md, 12, 100 * 86400.0, 7);
  EXPECT_EQ(db.base_cluster, 1u) << "the first interactive cluster under load";
  ASSERT_EQ(db.base_phases.size(), md.phases());
  const auto there                       = md.scaled(2.0);
  const std::vector<std::size_t> in_turn = {1, 2, 4, 8};
  for (std::size_t k = 0; k < md.phases(); ++k) {
    ASSERT_EQ(db.base_phases[k].size(), 12u);
    for (std::size_t r = 0; r < 12; ++r) {
      const modelling::Observation& o = db.base_phases[k][r];
      EXPECT_EQ(o.processors, in_turn[r % 4]);
      EXPECT_DOUBLE_EQ(o.cpu, 0.5);
      EXPECT_DOUBLE_EQ(o.bandwidth, 100);
      EXPECT_DOUBLE_EQ(o.time, modelling::fitted_time(there.models()[k], o.problem_size, o.processors, 0.5, 100))
          << "f_P(1) = 1 on one processor";
    }
  }
  ASSERT_EQ(db.dedicated.size(), 2u);
  double one = 0;
  for (const auto& m : there.models())
    one += modelling::fitted_time(m, m.problem_size, 1, 1, 100);
  EXPECT_DOUBLE_EQ(db.dedicated[1].one_processor, one);
  EXPECT_NEAR(db.dedicated[0].one_processor, one / 2, 1e-9 * one) << "CPU factor 1 against 2";
  EXPECT_DOUBLE_EQ(db.dedicated[0].two_processor_phases[3].time, md.models()[3].time(2, 1, 1000));
}

TEST(MeritaTraining, LearnedModelsPredictTheBaseClusterAndThePortedOne)
{
  // Every phase runs under one load, which its sensors report: the staged search finds each phase's own shapes
  // (MD's N^2 force stage scaling as P^1.5, its log P reductions) and porting the other cluster's CPU factor.
  const auto& md = rescheduling::phased_applications().get("MD");
  Grid g         = grid(varying);
  std::vector<rescheduling::PhasedApplication> learned =
      learned_applications("MD", md.models().front().problem_size, record_executions(g, md, 30, 100 * 86400.0, 7));
  ASSERT_EQ(learned.size(), 2u);
  for (std::size_t c = 0; c < 2; ++c) {
    const auto truth = md.scaled(g.clusters[c].cpu_factor);
    for (std::size_t p : {4u, 16u})
      for (double cpu : {0.5, 1.0}) {
        double want = truth.whole().time(p, cpu, g.clusters[c].link_mbps);
        EXPECT_NEAR(learned[c].whole().time(p, cpu, g.clusters[c].link_mbps), want, 1e-6 * want)
            << "cluster " << c << ", P = " << p << ", cpu = " << cpu;
      }
  }
}

TEST(MeritaTraining, NeedsALoadedInteractiveClusterOfEightProcessors)
{
  Grid g              = grid(half_free);
  g.clusters[1].batch = true;
  EXPECT_THROW(base_cluster(g), std::invalid_argument);
  EXPECT_THROW(base_cluster(grid(half_free)), std::invalid_argument) << "every run would see the same load";
  Grid small                   = grid(half_free);
  small.clusters[1].processors = 4;
  small.clusters[1].cpu.resize(4);
  const auto& md = rescheduling::phased_applications().get("MD");
  EXPECT_THROW(record_executions(small, md, 12, 86400.0, 7), std::invalid_argument);
}
