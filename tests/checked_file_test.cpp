// Writes into a results folder are checked (simulator/run/checked_file.hpp): a write that fails leaves the file as
// it was (replaced whole) or cut back to its last complete line (appended), and says why. The failure is a real
// one: a file-size limit (RLIMIT_FSIZE, what `ulimit -f` sets) makes the kernel refuse the bytes past it with EFBIG,
// exactly as a full disk refuses them with ENOSPC.
#include "simulator/run/checked_file.hpp"

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <sys/resource.h>

namespace fs = std::filesystem;
using namespace isogrid;

namespace {

std::string read(const fs::path& path)
{
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// No file written while it lives may grow past `bytes`.
class FileSizeLimit {
public:
  explicit FileSizeLimit(rlim_t bytes)
  {
    ::getrlimit(RLIMIT_FSIZE, &saved_);
    previous_        = std::signal(SIGXFSZ, SIG_IGN);  // EFBIG rather than a killed process, as isogrid's main sets
    rlimit lowered   = saved_;
    lowered.rlim_cur = bytes;
    ::setrlimit(RLIMIT_FSIZE, &lowered);
  }
  ~FileSizeLimit()
  {
    ::setrlimit(RLIMIT_FSIZE, &saved_);
    std::signal(SIGXFSZ, previous_);
  }

private:
  rlimit saved_{};
  void (*previous_)(int) = nullptr;
};

class CheckedFile : public ::testing::Test {
protected:
  void SetUp() override
  {
    dir_ = fs::temp_directory_path() / ("isogrid-checked-file-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

}  // namespace

TEST_F(CheckedFile, AnAppendedFileIsCutBackToItsLastCompleteLine)
{
  fs::path csv = dir_ / "results.csv";
  LineAppender out(csv.string(), false);
  out.add("header");
  out.flush();
  {
    FileSizeLimit limit(100);  // "header\n" and 8 lines of 11 bytes fit in 95 bytes; the ninth is torn at 100
    for (int i = 0; i < 20; ++i)
      out.add("row-" + std::to_string(100000 + i));  // 10 bytes and a line break
    try {
      out.flush();
      FAIL() << "a write past the limit went through";
    } catch (const WriteFailed& e) {
      EXPECT_EQ(e.error(), EFBIG);
      EXPECT_EQ(e.path(), csv.string());
    }
  }
  std::string kept = read(csv);
  EXPECT_EQ(kept.size(), 7u + 8 * 11);
  EXPECT_EQ(kept.back(), '\n');
  EXPECT_EQ(kept.substr(kept.size() - 11), "row-100007\n");
}

TEST_F(CheckedFile, AnAppendedFileFailingPartWayKeepsEveryWholeLineAndResumesAfterThem)
{
  fs::path csv = dir_ / "results.csv";
  {
    LineAppender out(csv.string(), false);
    out.add("a,1");
    out.add("b,2");
    out.close();
  }
  {
    LineAppender out(csv.string(), true);  // --resume appends after what is there
    {
      FileSizeLimit limit(10);
      out.add("c,3");
      out.add("d,4");
      EXPECT_THROW(out.flush(), WriteFailed);
    }
    out.abandon();
  }
  EXPECT_EQ(read(csv), "a,1\nb,2\n");  // "c,3\n" would end at 12: nothing of it stays
  LineAppender again(csv.string(), true);
  again.add("c,3");
  again.close();
  EXPECT_EQ(read(csv), "a,1\nb,2\nc,3\n");
}

TEST_F(CheckedFile, AFileReplacedWholeStaysAsItWasWhenTheNewOneDoesNotFit)
{
  fs::path json = dir_ / "run.json";
  write_file_atomically(json.string(), "{\"status\": \"running\"}\n");
  {
    FileSizeLimit limit(16);
    EXPECT_THROW(write_file_atomically(json.string(), "{\"status\": \"complete\", \"counts\": {}}\n"), WriteFailed);
  }
  EXPECT_EQ(read(json), "{\"status\": \"running\"}\n");
  EXPECT_FALSE(fs::exists(dir_ / "run.json.tmp"));
}

TEST_F(CheckedFile, AStreamedFileIsCommittedWholeOrNotAtAll)
{
  fs::path summary = dir_ / "summary.csv";
  {
    AtomicFileWriter out(summary.string());
    for (int i = 0; i < 1000; ++i)
      out << "combination," << i << '\n';
    out.commit();
  }
  std::string whole = read(summary);
  EXPECT_EQ(whole.substr(0, 14), "combination,0\n");
  {
    FileSizeLimit limit(4096);  // 200 000 lines do not fit: the buffer's first drain past the limit fails
    AtomicFileWriter out(summary.string());
    for (int i = 0; i < 200000; ++i)
      out << "combination," << i << '\n';
    try {
      out.commit();
      FAIL() << "a file past the limit was committed";
    } catch (const WriteFailed& e) {
      EXPECT_EQ(e.error(), EFBIG);
      EXPECT_NE(std::string(e.what()).find("summary.csv"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(read(summary), whole);
  EXPECT_FALSE(fs::exists(dir_ / "summary.csv.tmp"));
  {
    AtomicFileWriter abandoned(summary.string());  // destroyed without commit: nothing changes, nothing left
    abandoned << "half";
  }
  EXPECT_EQ(read(summary), whole);
  EXPECT_FALSE(fs::exists(dir_ / "summary.csv.tmp"));
}

TEST_F(CheckedFile, ASpaceReserveHoldsItsBytesUntilReleased)
{
  fs::path reserve = dir_ / ".isogrid.reserve";
  {
    SpaceReserve r(reserve.string(), 100000);
    EXPECT_EQ(fs::file_size(reserve), 100000u);
    r.release();
    EXPECT_FALSE(fs::exists(reserve));
  }
  {
    SpaceReserve r(reserve.string(), 5000);
  }
  EXPECT_FALSE(fs::exists(reserve));  // a run that ends removes it
  {
    FileSizeLimit limit(1000);
    EXPECT_THROW(SpaceReserve(reserve.string(), 5000), WriteFailed);
  }
  EXPECT_FALSE(fs::exists(reserve));
}

TEST(WriteErrors, AreToldAsAResearcherWouldSayThem)
{
  EXPECT_EQ(write_error_text(ENOSPC), "disk full");
  EXPECT_EQ(write_error_text(EDQUOT), "disk quota exceeded");
  EXPECT_EQ(WriteFailed("out/results.csv", ENOSPC).what(), std::string("disk full while writing out/results.csv"));
}
