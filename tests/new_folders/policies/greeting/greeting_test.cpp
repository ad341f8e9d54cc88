#include "policies/greeting/greeting_policies.hpp"

#include <gtest/gtest.h>

using namespace isogrid::greeting;

TEST(Greeting, OneByOneTakesASecondEach)
{
  EXPECT_DOUBLE_EQ(greeting_policies().get("one-by-one")(7), 7.0);
  EXPECT_DOUBLE_EQ(greeting_policies().get("all-at-once")(7), 1.0);
}
