// The search for where a value reaches a level (base/level_search.hpp), on functions whose crossings are known in
// closed form: a single smooth crossing to 1e-12, two crossings of a function that is not monotone, a step, whole
// abscissas, the limits of a function that never gets there, and the same abscissas asked for in whatever order
// their values come back.
#include "base/level_search.hpp"

#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <stdexcept>

using namespace isogrid;

namespace {

// Runs a search to its end, giving back every wanted value at once (as parallel probes would), in the order asked
// or reversed. Returns every abscissa asked for, in the order asked.
std::vector<double> drive(LevelSearch& search, const std::function<double(double)>& f, bool reversed = false)
{
  std::vector<double> asked;
  while (!search.done()) {
    std::vector<double> wanted = search.wanted();
    EXPECT_FALSE(wanted.empty());
    if (wanted.empty())
      break;
    asked.insert(asked.end(), wanted.begin(), wanted.end());
    if (reversed)
      std::reverse(wanted.begin(), wanted.end());
    for (double x : wanted)
      search.take(x, f(x));
  }
  return asked;
}

// E(V) = V / (V + c), an efficiency that tends to 1 as the load grows: it reaches k at V = c k / (1 - k).
double saturating(double v) { return v / (v + 1234.5); }

}  // namespace

TEST(LevelSearch, FindsASmoothCrossingToTheToleranceInFewValues)
{
  for (double k : {0.3, 0.5, 0.7, 0.99}) {
    LevelSearchSettings s;
    s.level = k, s.low = 1, s.high = 1e10;
    LevelSearch search(s);
    drive(search, saturating);
    const LevelSearchResult& r = search.result();
    ASSERT_EQ(r.status, LevelSearchStatus::Found) << k;
    ASSERT_EQ(r.crossings.size(), 1u);
    const double exact = 1234.5 * k / (1 - k);
    EXPECT_NEAR(r.crossings[0].x / exact, 1, 1e-11) << k;
    EXPECT_TRUE(r.crossings[0].rising);
    EXPECT_FALSE(r.crossings[0].jump);
    EXPECT_LE(r.crossings[0].before_x, exact * (1 + 1e-11));
    EXPECT_GE(r.crossings[0].after_x, exact * (1 - 1e-11));
    // 9 values scanned over ten decades, then Brent's method: far fewer than the 40 bisections 1e-12 would need.
    EXPECT_LE(r.probes, 9u + 15u) << k;
  }
}

TEST(LevelSearch, AsksForTheSameAbscissasWhateverOrderTheValuesComeBackIn)
{
  auto wavy = [](double x) { return 0.5 + 0.4 * std::sin(std::log(x)); };  // crosses 0.6 several times
  LevelSearchSettings s;
  s.level = 0.6, s.low = 1, s.high = 1e6, s.scan = 17;
  LevelSearch forward(s), backward(s);
  EXPECT_EQ(drive(forward, wavy), drive(backward, wavy, true));
  ASSERT_EQ(forward.result().status, LevelSearchStatus::Found);
  EXPECT_EQ(forward.result().crossings.size(), backward.result().crossings.size());
}

TEST(LevelSearch, ReportsEveryCrossingOfAValueThatIsNotMonotone)
{
  // 0.5 + 0.4 sin(ln x) = 0.6 where ln x = asin(0.25) + 2 pi n (rising) or pi - asin(0.25) + 2 pi n (falling).
  auto wavy = [](double x) { return 0.5 + 0.4 * std::sin(std::log(x)); };
  LevelSearchSettings s;
  s.level = 0.6, s.low = 1, s.high = std::exp(8.0), s.scan = 33;
  LevelSearch search(s);
  drive(search, wavy);
  const LevelSearchResult& r = search.result();
  ASSERT_EQ(r.status, LevelSearchStatus::Found);
  const double a = std::asin(0.25), pi = std::acos(-1.0);
  const std::vector<std::pair<double, bool>> expected = {{a, true}, {pi - a, false}, {a + 2 * pi, true}};
  ASSERT_EQ(r.crossings.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_NEAR(std::log(r.crossings[i].x), expected[i].first, 1e-11) << i;
    EXPECT_EQ(r.crossings[i].rising, expected[i].second) << i;
  }
}

TEST(LevelSearch, TheLevelHoldsFromTheLastCrossingWhenItRisesAndNowhereWhenItFalls)
{
  // A farm's saw-tooth, by hand: E(N) = N / (N + 40) less a dip of 0.2 on the part of every 25 tasks past 20, which
  // comes from a slow worker's last task ending the run. E = 0.8 needs N / (N + 40) >= 0.8 off the dips (N >= 160)
  // and >= 1.0 on them (never): E crosses 0.8 rising at 160 (N / (N + 40) = 0.8) and after every dip, falling into
  // each. On [100, 198] the range ends in the dip [195, 200), so the last crossing falls: the level does not hold.
  // On [100, 190] the last crossing is the rise out of the dip [170, 175), at 175: the level holds from there.
  auto sawtooth = [](double n) {
    double e = n / (n + 40);
    return std::fmod(n, 25) >= 20 ? e - 0.2 : e;
  };
  for (auto [high, holds] : {std::pair{198.0, false}, {190.0, true}}) {
    LevelSearchSettings s;
    s.level = 0.8, s.low = 100, s.high = high, s.whole = true, s.log_scale = false, s.scan = 101;
    LevelSearch search(s);
    drive(search, sawtooth);
    const LevelSearchResult& r = search.result();
    ASSERT_EQ(r.status, LevelSearchStatus::Found) << high;
    ASSERT_GE(r.crossings.size(), 3u) << high;
    EXPECT_EQ(r.crossings[0].x, 160) << high;
    EXPECT_TRUE(r.crossings[0].rising) << high;
    std::optional<std::size_t> at = holding_crossing(r);
    ASSERT_EQ(at.has_value(), holds) << high;
    if (holds) {
      EXPECT_EQ(*at, r.crossings.size() - 1);
      EXPECT_EQ(r.crossings[*at].x, 175);
    } else {
      EXPECT_FALSE(r.crossings.back().rising);
    }
  }
  EXPECT_FALSE(holding_crossing(LevelSearchResult{}).has_value());
}

TEST(LevelSearch, SaysWhenTheLevelIsNeverReachedAndWhatTheValuesTendTo)
{
  // DLT's efficiency on m workers tends to (1 - q^m) / (m (1 - q)) as V grows: 0.75 for m = 2, q = 1/2.
  auto limited = [](double v) { return 0.75 * v / (v + 100); };
  LevelSearchSettings s;
  s.level = 0.8, s.low = 1, s.high = 1e10;
  LevelSearch never(s);
  drive(never, limited);
  EXPECT_EQ(never.result().status, LevelSearchStatus::NeverReached);
  EXPECT_TRUE(never.result().crossings.empty());
  EXPECT_DOUBLE_EQ(never.result().closest_x, 1e10);
  EXPECT_NEAR(never.result().closest_y, 0.75, 1e-8);
  EXPECT_EQ(never.result().probes, 9u);  // the scan alone

  s.level = 0.001;
  LevelSearch above(s);
  drive(above, limited);
  EXPECT_EQ(above.result().status, LevelSearchStatus::AlwaysAbove);
  EXPECT_DOUBLE_EQ(above.result().closest_x, 1);
  EXPECT_NEAR(above.result().closest_y, 0.75 / 101, 1e-15);
}

TEST(LevelSearch, NarrowsAStepToTheToleranceAndCallsItAStep)
{
  // Infeasible below V = 4000 (efficiency 0, as DLT's maps show it), then 0.6 and rising.
  auto step = [](double v) { return v < 4000 ? 0.0 : 0.6 + 0.1 * v / (v + 1e5); };
  LevelSearchSettings s;
  s.level = 0.3, s.low = 1, s.high = 1e8;
  LevelSearch search(s);
  drive(search, step);
  const LevelSearchResult& r = search.result();
  ASSERT_EQ(r.status, LevelSearchStatus::Found);
  ASSERT_EQ(r.crossings.size(), 1u);
  EXPECT_TRUE(r.crossings[0].jump);
  EXPECT_NEAR(r.crossings[0].x / 4000, 1, 1e-11);
  EXPECT_EQ(r.crossings[0].x, r.crossings[0].after_x);  // on the side that reaches the level
  EXPECT_EQ(r.crossings[0].before_y, 0);
  EXPECT_GT(r.crossings[0].after_y, 0.6);
}

TEST(LevelSearch, WholeAbscissasEndOnTheFirstWholeValuePastTheCrossing)
{
  // n / (n + 50) >= 0.8 from n = 200 on: 199 gives 0.7992, 200 gives 0.8 exactly.
  auto f = [](double n) { return n / (n + 50); };
  LevelSearchSettings s;
  s.level = 0.8, s.low = 1, s.high = 1e6, s.whole = true;
  LevelSearch search(s);
  std::vector<double> asked = drive(search, f);
  for (double x : asked)
    EXPECT_EQ(x, std::round(x)) << x;
  const LevelSearchResult& r = search.result();
  ASSERT_EQ(r.status, LevelSearchStatus::Found);
  ASSERT_EQ(r.crossings.size(), 1u);
  EXPECT_EQ(r.crossings[0].x, 200);
  EXPECT_EQ(r.crossings[0].before_x, 199);
  EXPECT_EQ(r.crossings[0].after_x, 200);
  EXPECT_FALSE(r.crossings[0].jump);
  EXPECT_LE(r.probes, 9u + 12u);
}

TEST(LevelSearch, ALinearScaleFindsTheCrossingToItsTolerance)
{
  // S against C: a generalised isoefficiency line, here 2 - x/10 falling through 1.25 at x = 7.5.
  LevelSearchSettings s;
  s.level = 1.25, s.low = 0, s.high = 20, s.log_scale = false;
  LevelSearch search(s);
  drive(search, [](double x) { return 2 - x / 10; });
  ASSERT_EQ(search.result().status, LevelSearchStatus::Found);
  EXPECT_NEAR(search.result().crossings[0].x, 7.5, 20 * 1e-12);
  EXPECT_FALSE(search.result().crossings[0].rising);
}

TEST(LevelSearch, AValueThatCouldNotBeComputedEndsTheSearch)
{
  LevelSearchSettings s;
  s.level = 0.5, s.low = 1, s.high = 100;
  LevelSearch search(s);
  std::vector<double> wanted = search.wanted();
  search.take(wanted[0], 0.1);
  search.take(wanted[3], std::nan(""));
  EXPECT_EQ(search.result().status, LevelSearchStatus::Failed);
  EXPECT_NE(search.result().why.find("no value at x = "), std::string::npos) << search.result().why;
  EXPECT_TRUE(search.wanted().empty());
}

TEST(LevelSearch, RefusesRangesItCannotSearchAndValuesItDidNotAskFor)
{
  auto make = [](double low, double high, bool log_scale, bool whole = false) {
    LevelSearchSettings s;
    s.level = 0.5, s.low = low, s.high = high, s.log_scale = log_scale, s.whole = whole;
    return LevelSearch(s);
  };
  EXPECT_THROW(make(10, 10, true), std::invalid_argument);
  EXPECT_THROW(make(10, 1, true), std::invalid_argument);
  EXPECT_THROW(make(0, 10, true), std::invalid_argument);
  EXPECT_THROW(make(1, INFINITY, true), std::invalid_argument);
  EXPECT_THROW(make(1.2, 1.8, false, true), std::invalid_argument);  // no whole value inside
  LevelSearch search = make(1, 100, true);
  EXPECT_THROW(search.take(3.3, 0.4), std::logic_error);
}
