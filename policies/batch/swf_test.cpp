// The SWF reader on hand-written traces: header keys, unknown fields, and each malformed record refused at its line
// and column.
#include "policies/batch/swf.hpp"

#include <gtest/gtest.h>
#include <string>

using namespace isogrid::batch;

namespace {

const char* kTrace = "; Version: 2.2\n"
                     "; MaxProcs: 128\n"
                     "; Note: There is no information on wait times\n"
                     ";\n"
                     "    1        0     -1   1451  128     -1    -1   -1     -1    -1 -1   1   1  -1 -1 -1 -1 -1\n"
                     "\n"
                     "   57    25574     -1     10    1     -1    -1    2    600    -1  1   4   1   2 -1 -1 -1 -1\n";

std::string record(const std::string& fields) { return std::string("; MaxProcs: 128\n") + fields + "\n"; }

void expect_error(const std::string& text, size_t line, size_t column, const std::string& message)
{
  try {
    parse_swf(text);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const SwfError& e) {
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_EQ(e.column(), column) << e.what();
    EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
  }
}

}  // namespace

TEST(Swf, ReadsTheHeaderAndTheFieldsIsogridUses)
{
  SwfTrace t = parse_swf(kTrace);
  EXPECT_EQ(t.max_procs(), 128);
  EXPECT_EQ(t.header.at("Version"), "2.2");
  EXPECT_EQ(t.header.at("Note"), "There is no information on wait times");
  ASSERT_EQ(t.jobs.size(), 2u);
  EXPECT_EQ(t.jobs[0].number, 1);
  EXPECT_EQ(t.jobs[0].line, 5u);
  EXPECT_DOUBLE_EQ(t.jobs[0].run_time, 1451);
  EXPECT_EQ(t.jobs[0].allocated, 128);
  EXPECT_EQ(t.jobs[0].requested_procs, -1);  // unknown
  EXPECT_DOUBLE_EQ(t.jobs[0].requested_time, -1);
  EXPECT_EQ(t.jobs[1].line, 7u);  // the blank line counts
  EXPECT_DOUBLE_EQ(t.jobs[1].submit, 25574);
  EXPECT_EQ(t.jobs[1].requested_procs, 2);
  EXPECT_DOUBLE_EQ(t.jobs[1].requested_time, 600);
  EXPECT_EQ(t.jobs[1].status, 1);
  EXPECT_EQ(t.jobs[1].user, 4);
}

TEST(Swf, AMalformedRecordIsRefusedAtItsLineAndColumn)
{
  // 17 fields: the column just past the line's end.
  expect_error(record("1 0 -1 10 1 -1 -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1"), 2, 46, "this one has 17");
  expect_error(record("1 0 -1 1O 1 -1 -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1"), 2, 8, "run time '1O' is not a number");
  expect_error(record("1 0 -1 -5 1 -1 -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1"), 2, 8, "run time is -5");
  expect_error(record("1 0 -1 10 256 -1 -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1"), 2, 11, "MaxProcs is 128");
  expect_error(record("1 0 -1 10 1 -1 -1 200 -1 -1 -1 1 1 -1 -1 -1 -1 -1"), 2, 19, "asks for 200 processors");
  expect_error(record("1 50 -1 10 1 -1 -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1\n"
                      "2 40 -1 10 1 -1 -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1"),
               3, 3, "before the previous record's (50, line 2)");
}
