// Availability traces and their generators (policies/loads/availability.hpp): values and averages worked by hand,
// looping as SimGrid's LOOPAFTER does, generators within their stated ranges and durations and the same for the
// same seed, and SimGrid's profile text written and read back exactly.
#include "policies/loads/availability.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace isogrid;
using namespace isogrid::loads;

TEST(AvailabilityTrace, PiecewiseConstantValuesAndAverages)
{
  // Free until 10 s, then 0.5 until 30 s, then 0.25.
  AvailabilityTrace t({{10, 0.5}, {30, 0.25}});
  EXPECT_EQ(t.at(0), 1);
  EXPECT_EQ(t.at(9.999), 1);
  EXPECT_EQ(t.at(10), 0.5);
  EXPECT_EQ(t.at(29), 0.5);
  EXPECT_EQ(t.at(1e6), 0.25);
  // Over [0, 40): 10 x 1 + 20 x 0.5 + 10 x 0.25 = 22.5, so 0.5625; over [20, 35): (10 x 0.5 + 5 x 0.25) / 15.
  EXPECT_DOUBLE_EQ(t.mean(0, 40), 22.5 / 40);
  EXPECT_DOUBLE_EQ(t.mean(20, 35), 6.25 / 15);
  EXPECT_EQ(t.mean(12, 12), 0.5);
  EXPECT_EQ(AvailabilityTrace().mean(0, 100), 1);  // no load: free
}

TEST(AvailabilityTrace, LoopsAfterItsLastStepAsSimGridDoes)
{
  // 0.5 from 0, 0.2 from 4, then 6 s more of 0.2 and again from the start: a period of 10 s.
  AvailabilityTrace t({{0, 0.5}, {4, 0.2}}, 6.0);
  EXPECT_EQ(t.at(3), 0.5);
  EXPECT_EQ(t.at(9.5), 0.2);
  EXPECT_EQ(t.at(10), 0.5);
  EXPECT_EQ(t.at(24), 0.2);
  // One period holds 4 x 0.5 + 6 x 0.2 = 3.2; over [0, 25): 2 periods and [0, 5) of the third (2 + 0.2).
  EXPECT_DOUBLE_EQ(t.mean(0, 25), (2 * 3.2 + 2.2) / 25);
}

TEST(AvailabilityTrace, ALaterPeriodHoldsTheLastValueUntilItsFirstStep)
{
  // Steps at 2 (0.5) and 5 (0.25), looping after 3 more seconds: a period of 8. In the second period, [8, 10) still
  // holds 0.25, as SimGrid replays the first step 2 s after the period starts.
  AvailabilityTrace t({{2, 0.5}, {5, 0.25}}, 3.0);
  EXPECT_EQ(t.at(1), 1);     // before anything: free
  EXPECT_EQ(t.at(9), 0.25);  // the second period's lead
  EXPECT_EQ(t.at(11), 0.5);
  EXPECT_EQ(t.at(14), 0.25);
  // First period: 2 x 1 + 3 x 0.5 + 3 x 0.25 = 4.25; later ones: 2 x 0.25 + 1.5 + 0.75 = 2.75. Over [0, 19): the
  // first, one later, and [16, 19) = 2 x 0.25 + 1 x 0.5.
  EXPECT_DOUBLE_EQ(t.mean(0, 19), (4.25 + 2.75 + 1.0) / 19);
}

TEST(AvailabilityTrace, RefusesImpossibleSteps)
{
  EXPECT_THROW(AvailabilityTrace({{5, 0.5}, {4, 0.5}}), std::invalid_argument);  // backwards
  EXPECT_THROW(AvailabilityTrace({{-1, 0.5}}), std::invalid_argument);
  EXPECT_THROW(AvailabilityTrace({{0, 0}}), std::invalid_argument);
  EXPECT_THROW(AvailabilityTrace({{0, 1.2}}), std::invalid_argument);
  EXPECT_THROW(AvailabilityTrace({{0, 0.5}}, 0.0), std::invalid_argument);
}

TEST(RandomEpisodes, StayWithinTheThesisRangesAndDurations)
{
  SeededRandom random(42);
  const double horizon  = 3 * 3600;  // the thesis's 3-hour windows (Figs. 3.3-3.6)
  AvailabilityTrace cpu = random_episodes(random_cpu_loading(), horizon, random);
  ASSERT_GT(cpu.steps().size(), 5u);
  std::size_t loaded = 0;
  for (std::size_t k = 0; k < cpu.steps().size(); ++k) {
    const Step& s = cpu.steps()[k];
    if (s.value < 1) {
      ++loaded;
      EXPECT_GE(s.value, 0.065);
      EXPECT_LT(s.value, 0.72);
    }
    if (k + 1 < cpu.steps().size()) {
      double held = cpu.steps()[k + 1].time - s.time;
      EXPECT_GE(held, 180) << k;  // at least one episode; free episodes in a row merge into one step
    }
  }
  EXPECT_GT(loaded, 0u);
  EXPECT_LT(cpu.steps().back().time, horizon);
  // Over many hosts about half the time is loaded, at a mean level of (6.5 + 72) / 2 %.
  double sum = 0;
  for (std::uint64_t host = 0; host < 200; ++host) {
    SeededRandom r(mix64(host));
    sum += random_episodes(random_cpu_loading(), horizon, r).mean(0, horizon);
  }
  EXPECT_NEAR(sum / 200, 0.5 * 1 + 0.5 * (0.065 + 0.72) / 2, 0.03);
}

TEST(RandomEpisodes, UserJobsLoadFewNodesAtATime)
{
  // Over 5 000 nodes, about 1.2 % run a job at any instant, each leaving 50-100 %; so a run of 24 nodes meets at
  // least one job about a quarter of the time.
  std::size_t loaded = 0, nodes = 5000;
  for (std::uint64_t node = 0; node < nodes; ++node) {
    SeededRandom r(mix64(node + 99));
    AvailabilityTrace t = random_episodes(user_jobs_cpu(), 3600, r);
    double at           = t.at(0);
    if (at < 1) {
      ++loaded;
      EXPECT_GE(at, 0.5);
    }
    for (std::size_t k = 0; k + 1 < t.steps().size(); ++k)
      EXPECT_GE(t.steps()[k + 1].time - t.steps()[k].time, 600);
  }
  double share = static_cast<double>(loaded) / static_cast<double>(nodes);
  EXPECT_NEAR(share, 0.012, 0.005);
  EXPECT_NEAR(1 - std::pow(1 - user_jobs_cpu().loaded_share, 24), 0.25, 0.005);
}

TEST(RandomEpisodes, TheSameSeedGivesTheSameTraceAndALongerHorizonExtendsIt)
{
  SeededRandom a(7), b(7), c(7);
  AvailabilityTrace one   = random_episodes(random_bandwidth_loading(), 3600, a);
  AvailabilityTrace same  = random_episodes(random_bandwidth_loading(), 3600, b);
  AvailabilityTrace twice = random_episodes(random_bandwidth_loading(), 7200, c);
  ASSERT_EQ(one.steps().size(), same.steps().size());
  for (std::size_t k = 0; k < one.steps().size(); ++k) {
    EXPECT_EQ(one.steps()[k].time, same.steps()[k].time);
    EXPECT_EQ(one.steps()[k].value, same.steps()[k].value);
    EXPECT_EQ(one.steps()[k].time, twice.steps()[k].time);  // the first hour is the same
    EXPECT_EQ(one.steps()[k].value, twice.steps()[k].value);
  }
  for (const Step& s : twice.steps())
    if (s.value < 1) {
      EXPECT_GE(s.value, 0.02);
      EXPECT_LT(s.value, 0.80);
    }
}

TEST(RandomEpisodes, RefusesRangesOutsideTheUnitInterval)
{
  SeededRandom r(1);
  EpisodeSettings bad = random_cpu_loading();
  bad.high            = 1.5;
  EXPECT_THROW(random_episodes(bad, 100, r), std::invalid_argument);
  bad      = random_cpu_loading();
  bad.low  = 0.8;
  bad.high = 0.2;
  EXPECT_THROW(check(bad), std::invalid_argument);
  bad              = random_cpu_loading();
  bad.min_duration = 0;
  EXPECT_THROW(check(bad), std::invalid_argument);
  EXPECT_NO_THROW(check(grads_like_cpu()));
}

TEST(ProfileText, WrittenAndReadBackExactly)
{
  SeededRandom random(3);
  AvailabilityTrace t    = random_episodes(random_cpu_loading(), 3600, random);
  AvailabilityTrace back = parse_profile(profile_text(t));
  ASSERT_EQ(back.steps().size(), t.steps().size());
  for (std::size_t k = 0; k < t.steps().size(); ++k) {
    EXPECT_EQ(back.steps()[k].time, t.steps()[k].time);
    EXPECT_EQ(back.steps()[k].value, t.steps()[k].value);
  }
  AvailabilityTrace looped({{0, 0.5}, {4, 0.2}}, 6.0);
  EXPECT_EQ(profile_text(looped), "0 0.5\n4 0.2\nLOOPAFTER 6\n");
  EXPECT_EQ(parse_profile("# a comment\n% another\n\n0 0.5\n4 0.2\nLOOPAFTER 6\n").at(12), 0.5);
  // PERIODICITY 10 is LOOPAFTER 6 for steps ending at 4.
  EXPECT_EQ(*parse_profile("0 0.5\n4 0.2\nPERIODICITY 10\n").loop_after(), 6);
}

TEST(ProfileText, RefusesWhatIsNotATraceAtItsLine)
{
  auto line_of = [](const std::string& text) {
    try {
      parse_profile(text);
    } catch (const ProfileError& e) {
      return e.line();
    }
    return 0;
  };
  EXPECT_EQ(line_of("0 0.5\n10 0.4\n5 0.3\n"), 3);  // backwards
  EXPECT_EQ(line_of("0 0.5\n# note\n10 0\n"), 3);   // zero availability
  EXPECT_EQ(line_of("0 -0.5\n"), 1);
  EXPECT_EQ(line_of("0 0.5\nten 0.4\n"), 2);  // not a number
  EXPECT_EQ(line_of("0 0.5 7\n"), 1);         // one field too many
  EXPECT_EQ(line_of("0 0.5\nLOOPAFTER -3\n"), 2);
  EXPECT_EQ(line_of("0 0.5\nPERIODICITY 4\n8 0.5\n"), 2);  // a period shorter than the steps
  EXPECT_EQ(line_of("0 0.5\n10 0.25\n"), 0);               // fine
}
