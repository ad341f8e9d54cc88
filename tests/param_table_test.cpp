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
