// MerITA's modeller against an application whose phases are known: noise-free runs recorded on a loaded base
// cluster give back the truth there, and the ported models the truth on a cluster 1.5 times slower with a tenth of
// the bandwidth, from one dedicated one-processor run and one two-processor run there.
#include "policies/merita/modeller.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace isogrid;
using namespace isogrid::merita;
using scheduling::Growth;
using scheduling::PerformanceModel;

namespace {

PerformanceModel phase(double computation, double communication, Growth comm_speedup)
{
  PerformanceModel m;
  m.application           = "two-phase";
  m.problem_size          = 1000;
  m.computation           = {{computation, 0, 0}};
  m.communication         = {{communication, 0, 0}};
  m.bandwidth_effect      = Growth::Linear;
  m.computation_speedup   = Growth::Linear;
  m.communication_speedup = comm_speedup;
  return m;
}

// The truth on the base cluster (cpu factor 1, 1000 Mbit/s) and on the other (1.5, 100 Mbit/s).
const rescheduling::PhasedApplication kTruth("two-phase", {phase(600, 2e4, Growth::Sqrt), phase(90, 5e4, Growth::Log)});
const double kLink[]   = {1000, 100};
const double kFactor[] = {1, 1.5};

ExecutionDatabase database(std::size_t runs)
{
  ExecutionDatabase db;
  db.base_phases.resize(kTruth.phases());
  for (std::size_t r = 0; r < runs; ++r) {
    std::size_t p = base_run_processors()[r % base_run_processors().size()];
    for (std::size_t k = 0; k < kTruth.phases(); ++k) {
      double cpu = 0.25 + 0.7 * static_cast<double>((r * 7 + k * 3) % 11) / 10;  // the loads the sensors measured
      db.base_phases[k].push_back({1000, p, cpu, kLink[0], kTruth.models()[k].time(p, cpu, kLink[0])});
    }
  }
  for (std::size_t c = 0; c < 2; ++c) {
    rescheduling::PhasedApplication there = kTruth.scaled(kFactor[c]);
    DedicatedRuns d;
    d.one_processor = there.whole().time(1, 1, kLink[c]);
    for (const PerformanceModel& m : there.models())
      d.two_processor_phases.push_back({1000, 2, 1, kLink[c], m.time(2, 1, kLink[c])});
    db.dedicated.push_back(d);
  }
  return db;
}

}  // namespace

TEST(MeritaModeller, NoiseFreeRunsGiveTheTruthOnTheBaseClusterAndPortedOnTheOther)
{
  std::vector<rescheduling::PhasedApplication> learned = learned_applications("two-phase", 1000, database(30));
  ASSERT_EQ(learned.size(), 2u);
  for (std::size_t c = 0; c < 2; ++c) {
    ASSERT_EQ(learned[c].phases(), 2u);
    rescheduling::PhasedApplication there = kTruth.scaled(kFactor[c]);
    for (std::size_t k = 0; k < 2; ++k) {
      EXPECT_TRUE(learned[c].models()[k].monotone());
      EXPECT_EQ(learned[c].models()[k].problem_size, 1000);
      for (std::size_t p : {2u, 3u, 8u, 16u, 64u})
        for (double cpu : {0.3, 0.8, 1.0}) {
          double want = there.models()[k].time(p, cpu, kLink[c]);
          EXPECT_NEAR(learned[c].models()[k].time(p, cpu, kLink[c]), want, 1e-6 * want)
              << "cluster " << c << ", phase " << k << ", P = " << p << ", cpu = " << cpu;
        }
    }
  }
}

TEST(MeritaModeller, RefusesADatabaseTooSmallToModelFrom)
{
  // 8 runs: 2 at each of 1, 2, 4 and 8 processors, fewer than the staged search's 3 per stage.
  try {
    learned_applications("two-phase", 1000, database(8));
    FAIL() << "8 runs modelled";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("phase 1: ", 0), 0u) << e.what();
  }
  ExecutionDatabase db = database(30);
  db.dedicated[1].two_processor_phases.pop_back();
  EXPECT_THROW(learned_applications("two-phase", 1000, db), std::invalid_argument);
  db.base_cluster = 2;
  EXPECT_THROW(learned_applications("two-phase", 1000, db), std::invalid_argument);
}

TEST(MeritaModeller, SchedulesWithTheBestModelThatNeverSlowsDown)
{
  modelling::FittedModel slowing, scaling;
  slowing.model                       = phase(1, 1, Growth::Linear);
  slowing.model.communication_speedup = Growth::InvSqrt;  // more processors, slower communication
  scaling.model                       = phase(2, 2, Growth::Sqrt);
  EXPECT_EQ(schedulable_head({slowing, scaling}).model.computation[0].coefficient, 2);
  EXPECT_EQ(schedulable_head({scaling, slowing}).model.computation[0].coefficient, 2);
  EXPECT_THROW(schedulable_head({slowing}), std::invalid_argument);
}
