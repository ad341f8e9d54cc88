// `isogrid load` (workloads/loads/load_command.cpp) run as a user runs it: the profile files it writes read back as
// exactly the traces the generator draws for the same seed and resource, bandwidth profiles in bytes per second,
// and bad options refused with exit 2 and nothing written.
#include "policies/loads/generators.hpp"
#include "tests/test_support.hpp"

#include <filesystem>
#include <fmt/format.h>
#include <gtest/gtest.h>

using namespace isogrid;
using namespace isogrid::testing;

namespace {

loads::AvailabilityTrace drawn(const std::string& generator, std::uint64_t seed, std::size_t resource, double hours)
{
  SeededRandom random = loads::resource_stream(seed, resource);
  return loads::load_generators().get(generator).draw({hours * 3600, 1}, random);
}

void expect_same(const loads::AvailabilityTrace& a, const loads::AvailabilityTrace& b, double scale = 1)
{
  ASSERT_EQ(a.steps().size(), b.steps().size());
  for (std::size_t k = 0; k < a.steps().size(); ++k) {
    EXPECT_EQ(a.steps()[k].time, b.steps()[k].time) << k;
    EXPECT_DOUBLE_EQ(a.steps()[k].value * scale, b.steps()[k].value) << k;
  }
}

}  // namespace

TEST(LoadCommand, ProfilesAreTheGeneratorsTracesForTheSeed)
{
  TempDir dir;
  CommandResult r =
      run_isogrid(fmt::format("load random-cpu --resources 3 --hours 2 --seed 5 --no-plot --out {}", dir.file("cpu")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (std::size_t k = 0; k < 3; ++k)
    expect_same(drawn("random-cpu", 5, k, 2),
                loads::parse_profile(read_file(dir.file(fmt::format("cpu/random-cpu-{}.profile", k)))));
  // Resource 0's trace does not depend on how many are drawn.
  r = run_isogrid(fmt::format("load random-cpu --resources 1 --hours 2 --seed 5 --no-plot --out {}", dir.file("one")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(read_file(dir.file("one/random-cpu-0.profile")), read_file(dir.file("cpu/random-cpu-0.profile")));
  EXPECT_TRUE(std::filesystem::exists(dir.file("cpu/load.csv")));
}

TEST(LoadCommand, BandwidthProfilesAreInBytesPerSecond)
{
  TempDir dir;
  CommandResult r = run_isogrid(
      fmt::format("load random-bandwidth --resources 1 --hours 1 --seed 2 --link-bandwidth 1Gbps --no-plot --out {}",
                  dir.file("bw")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // Read back as a trace, the values would be out of (0, 1]: parse them by hand against 1 Gbit/s = 1.25e8 B/s.
  std::string text = read_file(dir.file("bw/random-bandwidth-0.profile"));
  std::string shares;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream f(line);
    double t = 0, v = 0;
    f >> t >> v;
    shares += fmt::format("{} {}\n", t, v / 1.25e8);
  }
  expect_same(drawn("random-bandwidth", 2, 0, 1), loads::parse_profile(shares));
}

TEST(LoadCommand, RefusesBadOptionsAndWritesNothing)
{
  TempDir dir;
  for (const char* options : {"annealing", "random-cpu --hours 0", "random-cpu --resources 0", "constant --value 1.5",
                              "random-bandwidth --link-bandwidth fast"}) {
    CommandResult r = run_isogrid(fmt::format("load {} --no-plot --out {}", options, dir.file("x")));
    EXPECT_EQ(r.exit_code, 2) << options << ": " << r.output;
    EXPECT_FALSE(std::filesystem::exists(dir.file("x"))) << options;
  }
  // An --out that names a file is refused the same way, and the file is left as it was.
  std::string file = dir.write("taken", "mine\n");
  CommandResult r  = run_isogrid(fmt::format("load random-cpu --no-plot --out {}", file));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("--out"), std::string::npos) << r.output;
  EXPECT_EQ(read_file(file), "mine\n");
}
