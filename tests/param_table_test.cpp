// The reflection every model's parameters and every GpH kernel's go through: specs derived from the members, values
// decoded back, and the rules across parameters, each refusing at its own parameter with a message that names both.
#include "simulator/core/param_table.hpp"

#include <gtest/gtest.h>

using namespace isogrid;

namespace {

struct Star {
  long long m    = 1;
  NumberOrList A = 1.0;
  std::string platform;
  std::string originator;
  std::string plan = "none";
  double workers   = 0;
  double share     = 0.5;
};

ParamTable<Star> star_table()
{
  ParamTable<Star> t;
  t.param("m", &Star::m, "workers").at_least(1);
  t.param("A", &Star::A, "compute times").positive().length_of("m").not_with("platform", "it comes from the platform");
  t.param("platform", &Star::platform, "a platform file");
  t.param("originator", &Star::originator, "a host").only_with("platform", "a host is on a platform");
  t.param("plan", &Star::plan, "what decides the workers");
  t.param("workers", &Star::workers, "how many").only_when("plan", "none", "the plan decides them otherwise");
  t.param("share", &Star::share, "a share of the work").non_negative().below(1);
  return t;
}

std::string refusal(const ParamTable<Star>& t, const Star& s, std::string* param = nullptr)
{
  try {
    t.check_rules(s);
  } catch (const ParamError& e) {
    if (param)
      *param = e.param();
    return e.what();
  }
  return "";
}

}  // namespace

TEST(ParamTable, SpecsComeFromTheMembersAndTheirDefaults)
{
  auto specs = star_table().specs("star");
  ASSERT_EQ(specs.size(), 7u);
  EXPECT_EQ(specs[0].kind, ParamKind::Integer);
  EXPECT_EQ(specs[0].min, 1);
  EXPECT_EQ(std::get<double>(*specs[1].default_value), 1.0);
  EXPECT_EQ(specs[1].kind, ParamKind::RealOrList);
  EXPECT_EQ(specs[6].max, 1);
  EXPECT_TRUE(specs[6].max_exclusive);
  EXPECT_EQ(number_problem(specs[6], 1).value_or(""), "share must be < 1, got 1");
  EXPECT_FALSE(number_problem(specs[6], 0.999).has_value());
}

TEST(ParamTable, DecodeAndEncodeRoundTrip)
{
  auto t = star_table();
  Star s;
  s.m        = 3;
  s.A        = NumberOrList::from(std::vector<double>{1, 2, 3});
  s.platform = "p.yaml";
  Star back  = t.decode(t.encode(s));
  EXPECT_EQ(back.m, 3);
  EXPECT_EQ(back.A.expanded(3), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(back.platform, "p.yaml");
}

TEST(ParamTable, NothingGivenAgainstItsRulesPasses)
{
  EXPECT_EQ(refusal(star_table(), Star{}), "");
  Star s;
  s.platform   = "p.yaml";
  s.originator = "h0";
  s.workers    = 4;  // plan is none
  EXPECT_EQ(refusal(star_table(), s), "");
}

TEST(ParamTable, LengthOf)
{
  Star s;
  s.m = 3;
  s.A = NumberOrList::from(std::vector<double>{1, 2});
  std::string at;
  EXPECT_EQ(refusal(star_table(), s, &at), "A lists 2 values but m = 3");
  EXPECT_EQ(at, "A");
  s.A = 2.0;  // one number stands for every worker
  EXPECT_EQ(refusal(star_table(), s), "");
}

TEST(ParamTable, NotWith)
{
  Star s;
  s.platform = "p.yaml";
  s.A        = 2.0;
  std::string at;
  EXPECT_EQ(refusal(star_table(), s, &at), "A has no effect with platform: p.yaml: it comes from the platform");
  EXPECT_EQ(at, "A");
}

TEST(ParamTable, OnlyWith)
{
  Star s;
  s.originator = "h0";
  std::string at;
  EXPECT_EQ(refusal(star_table(), s, &at), "originator applies only with platform: a host is on a platform");
  EXPECT_EQ(at, "originator");
}

TEST(ParamTable, OnlyWhen)
{
  Star s;
  s.plan    = "tuned";
  s.workers = 4;
  std::string at;
  EXPECT_EQ(refusal(star_table(), s, &at),
            "workers applies only with plan: none (here plan: tuned): the plan decides them otherwise");
  EXPECT_EQ(at, "workers");
}

TEST(ParamTable, ARuleNamingNoParameterIsADeclarationMistake)
{
  ParamTable<Star> t;
  t.param("originator", &Star::originator, "a host").only_with("platfrom", "typo");
  EXPECT_THROW(t.specs("star"), std::logic_error);
}

namespace {

struct Ranges {
  double low = 0.1, high = 1.0;
  double window = 600, period = 120;
  std::vector<double> counts{1, 2}, runs{20, 20};
};

ParamTable<Ranges> ranges_table()
{
  ParamTable<Ranges> t;
  t.param("low", &Ranges::low, "low end").not_above("high");  // names a parameter declared after it
  t.param("high", &Ranges::high, "high end");
  t.param("period", &Ranges::period, "sample period");
  t.param("window", &Ranges::window, "history window").not_below("period");
  t.param("counts", &Ranges::counts, "processor counts");
  t.param("runs", &Ranges::runs, "runs at each count").same_length_as("counts");
  return t;
}

std::string refusal_of(const Ranges& r, std::string* param)
{
  try {
    ranges_table().check_rules(r);
  } catch (const ParamError& e) {
    *param = e.param();
    return e.what();
  }
  return "";
}

}  // namespace

TEST(ParamTable, NotAboveAndNotBelowHoldARangeInOrder)
{
  std::string at;
  Ranges r;
  EXPECT_EQ(refusal_of(r, &at), "");
  r.low = r.high = 0.5;  // an empty range is a range
  EXPECT_EQ(refusal_of(r, &at), "");
  r.low = 0.75;
  EXPECT_EQ(refusal_of(r, &at), "low = 0.75 is above high = 0.5");
  EXPECT_EQ(at, "low");
  r        = Ranges{};
  r.window = 60;
  EXPECT_EQ(refusal_of(r, &at), "window = 60 is below period = 120");
  EXPECT_EQ(at, "window");
}

TEST(ParamTable, SameLengthAs)
{
  std::string at;
  Ranges r;
  r.runs = {20, 20, 10};
  EXPECT_EQ(refusal_of(r, &at), "runs lists 3 values but counts lists 2: one per item");
  EXPECT_EQ(at, "runs");
  r.counts = {1, 2, 4};
  EXPECT_EQ(refusal_of(r, &at), "");
}
