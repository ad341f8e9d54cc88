#include "workloads/hello/hello_model.hpp"

#include "tests/test_support.hpp"

#include <gtest/gtest.h>

using namespace isogrid;

TEST(Hello, SimulatedEqualsTheClosedForm)
{
  hello::Params p;
  p.people   = 5;
  auto faces = isogrid::testing::evaluate_in_children(hello::hello_schema(), {p});
  EXPECT_DOUBLE_EQ(faces[0].predicted.seconds, 5.0);
  EXPECT_NEAR(faces[0].simulated.seconds, 5.0, 1e-9);
}
