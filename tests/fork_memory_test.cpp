// Huge pages for a fork server's memory: a dense region is collapsed with its bytes intact, a sparse one is left as
// it is (collapsing would fill it), and a server expecting many children hands them its prepared memory in huge pages.
#include "simulator/process/fork_memory.hpp"
#include "simulator/process/process_pool.hpp"

#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <sys/utsname.h>

using namespace isogrid;

namespace {

constexpr size_t kMiB = 1 << 20;

// MADV_COLLAPSE came with Linux 6.1: before it, the call is refused and the memory stays in small pages.
bool kernel_collapses()
{
  utsname u{};
  int major = 0;
  int minor = 0;
  return ::uname(&u) == 0 && std::sscanf(u.release, "%d.%d", &major, &minor) == 2 &&
         (major > 6 || (major == 6 && minor >= 1));
}

// What /proc/self/smaps says of the region holding `p`: `field` ("Rss", "AnonHugePages") in KiB.
size_t region_kib(const void* p, const char* field)
{
  auto at          = reinterpret_cast<unsigned long>(p);
  std::FILE* smaps = std::fopen("/proc/self/smaps", "re");
  char line[512];
  bool inside        = false;
  size_t value       = 0;
  std::string wanted = std::string(field) + ": %lu kB";
  while (std::fgets(line, sizeof line, smaps) != nullptr) {
    unsigned long start = 0;
    unsigned long end   = 0;
    char perms[5]       = {};
    if (std::sscanf(line, "%lx-%lx %4s", &start, &end, perms) == 3) {
      inside = start <= at && at < end;
      continue;
    }
    unsigned long kib = 0;
    if (inside && std::sscanf(line, wanted.c_str(), &kib) == 1)
      value = kib;
  }
  std::fclose(smaps);
  return value;
}

unsigned char* mapped(size_t bytes)
{
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? nullptr : static_cast<unsigned char*>(p);
}

}  // namespace

TEST(HugePages, ADenseRegionIsCollapsedWithItsBytesIntact)
{
  const size_t size    = 64 * kMiB;
  unsigned char* dense = mapped(size);
  ASSERT_NE(dense, nullptr);
  for (size_t i = 0; i < size; ++i)
    dense[i] = static_cast<unsigned char>(i * 7 + i / 4096);
  HugePageResult result = back_with_huge_pages();
  if (kernel_collapses()) {
    // Whole 2 MiB pages inside the region: all of it but the unaligned ends.
    EXPECT_GE(result.bytes, size - 2 * kMiB);
    EXPECT_GE(region_kib(dense, "AnonHugePages") * 1024, size - 2 * kMiB);
  } else {
    EXPECT_EQ(result.bytes, 0u);
    EXPECT_GE(result.refused, 1u);
  }
  for (size_t i = 0; i < size; ++i)
    ASSERT_EQ(dense[i], static_cast<unsigned char>(i * 7 + i / 4096)) << "byte " << i;
  ::munmap(dense, size);
}

TEST(HugePages, ASparseRegionIsNotFilled)
{
  const size_t size     = 64 * kMiB;
  unsigned char* sparse = mapped(size);
  ASSERT_NE(sparse, nullptr);
  for (size_t i = 0; i < size; i += 2 * kMiB)  // one small page in each huge one
    sparse[i] = 1;
  size_t before = region_kib(sparse, "Rss");
  back_with_huge_pages();
  EXPECT_LE(region_kib(sparse, "Rss"), before + 64);  // still its 32 small pages: not filled to 64 MiB
  ::munmap(sparse, size);
}

namespace {

unsigned char* prepared_block = nullptr;  // allocated by the server's preparation only
constexpr size_t kPrepared    = 32 * kMiB;

}  // namespace

TEST(HugePages, AServerExpectingManyChildrenHandsThemItsMemoryInHugePages)
{
  ProcessPool pool(1, 30);
  ProcessPool::SharedStart start{"many", "the test block",
                                 [] {
                                   prepared_block = static_cast<unsigned char*>(std::malloc(kPrepared));
                                   std::memset(prepared_block, 0x5a, kPrepared);
                                 },
                                 [](uint64_t) {
                                   size_t sum = 0;
                                   for (size_t i = 0; i < kPrepared; i += 4096)
                                     sum += prepared_block[i];
                                   return fmt::format("{} {}", region_kib(prepared_block, "AnonHugePages"), sum);
                                 },
                                 kHugePagesPayFrom};
  pool.launch(0, start);
  std::vector<ChildResult> results;
  while (results.empty())
    results = pool.wait_some();
  ASSERT_TRUE(results[0].ok) << results[0].error;
  size_t huge_kib = 0;
  size_t sum      = 0;
  ASSERT_EQ(std::sscanf(results[0].payload.c_str(), "%zu %zu", &huge_kib, &sum), 2);
  if (kernel_collapses()) {  // before Linux 6.1 the memory stays in small pages: slower to copy, the same bytes
    EXPECT_GE(huge_kib * 1024, kPrepared - 2 * kMiB);
  }
  EXPECT_EQ(sum, 0x5a * (kPrepared / 4096));
  EXPECT_EQ(prepared_block, nullptr);  // prepared there, not here
}
