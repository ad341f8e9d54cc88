// A trace's jobs through the stream transforms, on a hand-written trace.
#include "policies/batch/job_stream.hpp"

#include <gtest/gtest.h>

using namespace isogrid;
using namespace isogrid::batch;

namespace {
const char* kTrace = "; MaxProcs: 128\n"
                     "1    0 -1  100 128 -1 -1  -1  -1 -1 1 1 1 -1 -1 -1 -1 -1\n"
                     "2  100 -1   50  32 -1 -1  64 200 -1 1 1 1 -1 -1 -1 -1 -1\n"
                     "3  300 -1   -1   8 -1 -1  -1  -1 -1 0 1 1 -1 -1 -1 -1 -1\n"
                     "4  500 -1   10   1 -1 -1  -1  -1 -1 1 1 1 -1 -1 -1 -1 -1\n";
}

TEST(JobStream, WindowScalingLoadFactorAndRequestedTimes)
{
  SwfTrace t = parse_swf(kTrace);
  StreamSettings s;
  s.from                     = 50;
  s.to                       = 1000;
  s.cluster_processors       = 32;
  s.scale_widths             = true;
  s.load_factor              = 2;
  s.requested_over_run       = 1.5;
  s.offset                   = 7;
  std::vector<BatchJob> jobs = job_stream(t, s);
  // Job 1 is before the window, job 3 has no run time; jobs 2 and 4 remain.
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].id, 2u);
  EXPECT_DOUBLE_EQ(jobs[0].submit, 7 + (100 - 50) / 2.0);
  EXPECT_EQ(jobs[0].width, 16u);             // 64 requested of 128, on 32
  EXPECT_DOUBLE_EQ(jobs[0].requested, 200);  // the trace's own
  EXPECT_DOUBLE_EQ(jobs[1].submit, 7 + (500 - 50) / 2.0);
  EXPECT_EQ(jobs[1].width, 1u);             // 1 of 128 on 32 rounds to 0: at least 1
  EXPECT_DOUBLE_EQ(jobs[1].requested, 15);  // none in the trace: 1.5 x the run time
}

TEST(JobStream, SettingsThatCannotMakeAStreamAreRefused)
{
  SwfTrace t = parse_swf(kTrace);
  StreamSettings s;
  s.cluster_processors = 32;
  try {
    job_stream(t, s);
    ADD_FAILURE() << "job 1 is 128 wide, unscaled, on 32 processors";
  } catch (const SwfError& e) {
    EXPECT_EQ(e.line(), 2u);     // its record, after the header line
    EXPECT_EQ(e.column(), 16u);  // the allocated processors: the record requests none
    EXPECT_STREQ(e.what(), "job 1 asks for 128 processors; the cluster has 32 (scale the widths, or a larger cluster)");
  }
  s.scale_widths = true;
  s.load_factor  = 0;
  EXPECT_THROW(job_stream(t, s), std::invalid_argument);
  s.load_factor = 11;
  EXPECT_THROW(job_stream(t, s), std::invalid_argument);
  s.load_factor = 1;
  s.from        = 10;
  s.to          = 10;
  EXPECT_THROW(job_stream(t, s), std::invalid_argument);
}

TEST(JobStream, ScaledToAnOfferedLoad)
{
  // Two jobs of 4 processors x 100 s over 200 s of submissions on 8 processors: 800 / 1600 = 0.5. At 0.8 the gap
  // shrinks to 125 s; the first submission stays where it was.
  std::vector<BatchJob> jobs = {{1, 50, 4, 100, 100}, {2, 250, 4, 100, 100}};
  EXPECT_DOUBLE_EQ(offered_load(jobs, 8), 0.5);
  auto scaled = at_offered_load(jobs, 8, 0.8);
  EXPECT_DOUBLE_EQ(scaled[0].submit, 50);
  EXPECT_DOUBLE_EQ(scaled[1].submit, 175);
  EXPECT_DOUBLE_EQ(offered_load(scaled, 8), 0.8);
  EXPECT_THROW(at_offered_load({jobs[0]}, 8, 0.8), std::invalid_argument);
}
