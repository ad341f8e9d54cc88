// The batch cluster model: a hand-worked trace through each policy, plain and gzip-compressed, a drawn stream held
// to the offered load it was asked for, and the shipped NASA log at its own size.
#include "tests/test_support.hpp"
#include "workloads/batch/batch_cluster_model.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <zlib.h>

using namespace isogrid;
using namespace isogrid::batch_cluster;
using namespace isogrid::testing;

namespace {

// 4 processors. Job 1 holds 2 from 0 to 10; job 2 needs all 4 for 5 s from 1 (its reservation is at 10); job 3
// needs 2 for 5 s from 2. FCFS keeps job 3 behind job 2: it runs 15-20, waits 13. EASY backfills it at 2: it ends
// at 7, before job 2's reservation. Waits: FCFS 0, 9, 13 (mean 22/3); EASY 0, 9, 0 (mean 3).
const char* kTrace = "; Version: 2.2\n"
                     "; MaxProcs: 4\n"
                     "1 0 -1 10 2 -1 -1 2 10 -1 1 1 1 -1 -1 -1 -1 -1\n"
                     "2 1 -1  5 4 -1 -1 4  5 -1 1 1 1 -1 -1 -1 -1 -1\n"
                     "3 2 -1  5 2 -1 -1 2  5 -1 1 1 1 -1 -1 -1 -1 -1\n";

// The hand-worked trace written plain and gzip-compressed, as the archive ships traces.
struct TraceFiles {
  TempDir dir;
  TraceFiles()
  {
    dir.write("t.swf", kTrace);
    gzFile gz = gzopen(dir.file("t.swf.gz").c_str(), "wb");
    gzputs(gz, kTrace);
    gzclose(gz);
  }
};

}  // namespace

TEST(BatchCluster, AHandWorkedTraceThroughEachPolicyPlainOrCompressed)
{
  TraceFiles files;
  for (const char* name : {"t.swf", "t.swf.gz"}) {
    BatchClusterParams p;
    p.trace                  = files.dir.file(name);
    p.policy                 = "fcfs";
    BatchClusterMetrics fcfs = predicted(batch_cluster_schema(), p);
    p.policy                 = "easy";
    BatchClusterMetrics easy = predicted(batch_cluster_schema(), p);
    EXPECT_EQ(fcfs.processors, 4) << "the trace's MaxProcs";
    EXPECT_EQ(fcfs.jobs, 3);
    EXPECT_DOUBLE_EQ(fcfs.mean_wait, 22.0 / 3) << name;
    EXPECT_DOUBLE_EQ(fcfs.max_wait, 13);
    EXPECT_DOUBLE_EQ(easy.mean_wait, 3) << name;
    EXPECT_DOUBLE_EQ(easy.makespan, 15);
    // Processor-seconds 20 + 20 + 10 = 50: over 4 x 20 under FCFS, 4 x 15 under EASY.
    EXPECT_DOUBLE_EQ(fcfs.utilisation, 50.0 / 80);
    EXPECT_DOUBLE_EQ(easy.utilisation, 50.0 / 60);
    // The reservation predictor reads the queue: job 3 fits before job 2's reservation, so conservative
    // backfilling would start it at once; it predicts 0 for it, right under EASY and 13 s short under FCFS.
    EXPECT_DOUBLE_EQ(easy.predictors["reservation"].mae, 0);
    EXPECT_DOUBLE_EQ(fcfs.predictors["reservation"].mae, 13.0 / 3);
  }
}

TEST(BatchCluster, TheLoadFactorAndTheOfferedLoadCompressTheArrivals)
{
  TraceFiles files;
  // Submissions at 0, 1, 2: 2 s of submissions for 50 processor-seconds on 4 processors, an offered load of 6.25.
  // A load factor of 2 halves the gaps: 12.5. Asking for 3.125 instead doubles them.
  BatchClusterParams p;
  p.trace = files.dir.file("t.swf");
  EXPECT_DOUBLE_EQ(predicted(batch_cluster_schema(), p).offered_load, 6.25);
  p.load_factor = 2;
  EXPECT_DOUBLE_EQ(predicted(batch_cluster_schema(), p).offered_load, 12.5);
  p.load_factor  = 1;
  p.offered_load = 3.125;
  EXPECT_DOUBLE_EQ(predicted(batch_cluster_schema(), p).offered_load, 3.125);
}

TEST(BatchCluster, ADrawnStreamOffersTheLoadAskedForAndWaitsGrowWithIt)
{
  BatchClusterParams p;
  p.jobs               = 3000;
  double previous_wait = -1;
  for (double load : {0.5, 0.7, 0.9}) {
    p.offered_load        = load;
    BatchClusterMetrics m = predicted(batch_cluster_schema(), p, 38);
    EXPECT_EQ(m.processors, 128);
    EXPECT_EQ(m.jobs, 3000);
    EXPECT_NEAR(m.offered_load, load, 1e-9);
    EXPECT_GT(m.mean_wait, previous_wait) << "the same jobs, closer together";
    previous_wait = m.mean_wait;
  }
}

TEST(BatchCluster, TheNasaLogAtItsOwnSize)
{
  // source: the shipped log, counted by a separate script: 18 239 jobs; 474 238 015 processor-seconds over
  // 7 948 936 s of submissions on 128 processors, an offered load of 0.46610. The log's submit times are its start
  // times, so a replay at its size finds short waits; taken literally, though, its records hold up to 176 processors
  // at once (over 128 for 2 021 s in three months), so some jobs must wait.
  BatchClusterParams p;
  p.trace                  = source("traces/NASA-iPSC-1993-3.1-cln.swf.gz");
  p.policy                 = "fcfs";
  BatchClusterMetrics fcfs = predicted(batch_cluster_schema(), p);
  p.policy                 = "easy";
  BatchClusterMetrics easy = predicted(batch_cluster_schema(), p);
  EXPECT_EQ(fcfs.processors, 128);
  EXPECT_EQ(fcfs.jobs, 18239);
  EXPECT_NEAR(fcfs.offered_load, 474238015.0 / (128 * 7948936.0), 1e-12);
  EXPECT_NEAR(fcfs.utilisation, fcfs.offered_load, 0.001) << "every job done soon after the last submission";
  EXPECT_GT(fcfs.mean_wait, 0);
  EXPECT_LT(fcfs.mean_wait, 60);
  EXPECT_LE(easy.mean_wait, fcfs.mean_wait);
  EXPECT_EQ(fcfs.killed, 0) << "requested times equal to the run times";
}
