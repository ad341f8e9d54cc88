// `isogrid jobs` run as a user runs it: the stream it writes is the one batch-cluster replays, its summary the
// stream's, and bad options are refused with exit 2 before anything is written.
#include "tests/test_support.hpp"

#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace isogrid;
using namespace isogrid::testing;

namespace {

// Three jobs on 4 processors over 2 s: 2 x 10 + 4 x 5 + 2 x 5 = 50 processor-seconds, offered load 50 / 8.
const char* kTrace = "; MaxProcs: 4\n"
                     "1 0 -1 10 2 -1 -1 2 10 -1 1 1 1 -1 -1 -1 -1 -1\n"
                     "2 1 -1  5 4 -1 -1 4  5 -1 1 1 1 -1 -1 -1 -1 -1\n"
                     "3 2 -1  5 2 -1 -1 2  5 -1 1 1 1 -1 -1 -1 -1 -1\n";

std::string read(const std::string& path)
{
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

}  // namespace

TEST(JobsCommand, ATraceThroughTheTransformsAsBatchClusterReplaysIt)
{
  TempDir dir;
  std::string trace = dir.write("t.swf", kTrace);
  CommandResult r   = run_isogrid(
        fmt::format("jobs {} --load-factor 2 --requested-over-run 3 --no-plot --out {}", trace, dir.file("out")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("3 jobs over 0.0 days on 4 processors"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("offered load   12.500"), std::string::npos) << r.output;  // 50 over 4 x 1 s
  EXPECT_NE(r.output.find("0.0 % serial, 100.0 % powers of two"), std::string::npos) << r.output;
  // Submit times halved; the trace's own requested times kept (it gives them).
  EXPECT_EQ(read(dir.file("out/jobs.csv")), "job,submit_s,width,run_time_s,requested_s,stream\n"
                                            "1,0,2,10,10,batch\n"
                                            "2,0.5,4,5,5,batch\n"
                                            "3,1,2,5,5,batch\n");
}

TEST(JobsCommand, ADrawnStreamIsTheModelsForTheSeed)
{
  TempDir dir;
  CommandResult a =
      run_isogrid(fmt::format("jobs --jobs 300 --processors 48 --seed 7 --no-plot --out {}", dir.file("a")));
  CommandResult b =
      run_isogrid(fmt::format("jobs --jobs 300 --processors 48 --seed 7 --no-plot --out {}", dir.file("b")));
  ASSERT_EQ(a.exit_code, 0) << a.output;
  ASSERT_EQ(b.exit_code, 0) << b.output;
  std::string csv = read(dir.file("a/jobs.csv"));
  EXPECT_EQ(csv, read(dir.file("b/jobs.csv")));
  EXPECT_NE(csv.find(",interactive\n"), std::string::npos);
  EXPECT_NE(a.output.find("300 jobs"), std::string::npos) << a.output;
}

TEST(JobsCommand, BadOptionsAreRefusedBeforeAnythingIsWritten)
{
  TempDir dir;
  std::string trace = dir.write("t.swf", kTrace);
  std::string bad   = dir.write("bad.swf", "; MaxProcs: 4\n1 0 -1 -7 2 -1 -1 2 10 -1 1 1 1 -1 -1 -1 -1 -1\n");
  struct Case {
    std::string arguments, says;
  } cases[] = {
      {fmt::format("jobs {} --load-factor 0", trace), "--load-factor: load_factor must be > 0"},
      {fmt::format("jobs {} --load-factor 2 --offered-load 0.5", trace), "--offered-load: give a load factor"},
      {fmt::format("jobs {} --processors 2 --no-scale-widths", trace), "job 2 asks for 4 processors"},
      {fmt::format("jobs {}", dir.file("nowhere.swf")), "TRACE: no such file"},
      {fmt::format("jobs {}", bad), "bad.swf:2:8: trace: run time is -7"},
      {fmt::format("jobs {} --max-jobs 2", trace), "--max-jobs: the stream has 3 jobs"},
  };
  for (const Case& c : cases) {
    CommandResult r = run_isogrid(c.arguments + " --no-plot --out " + dir.file("out"));
    EXPECT_EQ(r.exit_code, 2) << c.arguments << "\n" << r.output;
    EXPECT_NE(r.output.find(c.says), std::string::npos) << c.arguments << "\n" << r.output;
    EXPECT_FALSE(std::filesystem::exists(dir.file("out"))) << c.arguments;
  }
}
