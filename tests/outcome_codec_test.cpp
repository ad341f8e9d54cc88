// What a forked child sends back for its point: the outcome read back equals the one written, and bytes cut short
// (a child that died mid-write) are refused rather than read as numbers.
#include "simulator/run/outcome_codec.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

using namespace isogrid;

TEST(OutcomeCodec, RoundTripKeepsEveryBitAndTheNote)
{
  Outcome out;
  out.predicted = {1.5, -0.0, std::numeric_limits<double>::infinity(), 1e-308};
  out.simulated = {std::nan(""), 42};
  out.note      = "a note, with a comma\nand a line break";
  Outcome back  = decode_outcome(encode_outcome(out));
  ASSERT_EQ(back.predicted.size(), 4u);
  EXPECT_EQ(back.predicted[0], 1.5);
  EXPECT_TRUE(std::signbit(back.predicted[1]));
  EXPECT_TRUE(std::isinf(back.predicted[2]));
  EXPECT_EQ(back.predicted[3], 1e-308);
  ASSERT_EQ(back.simulated.size(), 2u);
  EXPECT_TRUE(std::isnan(back.simulated[0]));
  EXPECT_EQ(back.simulated[1], 42);
  EXPECT_EQ(back.note, out.note);
}

TEST(OutcomeCodec, EmptyOutcomeRoundTrips)
{
  Outcome back = decode_outcome(encode_outcome(Outcome{}));
  EXPECT_TRUE(back.predicted.empty());
  EXPECT_TRUE(back.simulated.empty());
  EXPECT_TRUE(back.note.empty());
}

TEST(OutcomeCodec, TruncatedBytesAreRefused)
{
  Outcome out;
  out.predicted     = {1, 2, 3};
  out.simulated     = {4};
  std::string bytes = encode_outcome(out);
  // Every cut inside the two vectors is detected (a cut in the note only shortens the note).
  size_t vectors_end = bytes.size() - out.note.size();
  for (size_t cut = 0; cut < vectors_end; ++cut)
    EXPECT_THROW(decode_outcome(bytes.substr(0, cut)), std::runtime_error) << "cut at " << cut;
}
