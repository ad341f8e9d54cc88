#include "simulator/process/fork_memory.hpp"

#include <array>
#include <cstdio>
#include <malloc.h>
#include <string_view>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25  // Linux 6.1; glibc's headers may predate it
#endif

namespace isogrid {

namespace {

constexpr unsigned long kHuge  = 2UL << 20;
constexpr unsigned long kSmall = 4096;

// /proc/self/smaps gives addresses as numbers.
void* address(unsigned long at)
{
  return reinterpret_cast<void*>(at);  // NOLINT(performance-no-int-to-ptr)
}

struct Region {
  unsigned long start = 0;
  unsigned long end   = 0;
};

// The private, anonymous, writable regions of this process that are mostly resident (the heap, malloc's large
// blocks), read off /proc/self/smaps. A region mostly untouched (a reservation, a sanitizer's shadow memory) is left:
// collapsing it would fill it.
std::vector<Region> dense_anonymous_regions()
{
  std::vector<Region> regions;
  std::FILE* smaps = std::fopen("/proc/self/smaps", "re");
  if (smaps == nullptr)
    return regions;
  std::array<char, 512> line{};
  Region current;
  bool candidate = false;
  while (std::fgets(line.data(), line.size(), smaps) != nullptr) {
    unsigned long start = 0;
    unsigned long end   = 0;
    char perms[5]       = {};
    unsigned long inode = 0;
    int path_at         = 0;
    // A region's first line: "start-end perms offset dev inode [path]"; anonymous ones have no path but "[heap]".
    if (std::sscanf(line.data(), "%lx-%lx %4s %*s %*s %lu %n", &start, &end, perms, &inode, &path_at) >= 4 &&
        path_at > 0) {
      std::string_view path(line.data() + path_at);
      bool anonymous = inode == 0 && (path.empty() || path[0] == '\n' || path.rfind("[heap]", 0) == 0);
      candidate      = anonymous && perms[0] == 'r' && perms[1] == 'w' && perms[3] == 'p' && end - start >= kHuge;
      current        = {start, end};
      continue;
    }
    unsigned long rss_kib = 0;
    if (candidate && std::sscanf(line.data(), "Rss: %lu kB", &rss_kib) == 1) {
      if (rss_kib * 1024 * 8 >= (current.end - current.start) * 7)
        regions.push_back(current);
      candidate = false;
    }
  }
  std::fclose(smaps);
  return regions;
}

// Whether at least 7/8 of the huge page at `at` is resident: collapsing fills the rest, which bounds what it adds.
bool mostly_resident(unsigned long at)
{
  std::array<unsigned char, kHuge / kSmall> resident{};
  if (::mincore(address(at), kHuge, resident.data()) != 0)
    return false;
  size_t count = 0;
  for (unsigned char r : resident)
    count += r & 1;
  return count * 8 >= resident.size() * 7;
}

}  // namespace

HugePageResult back_with_huge_pages()
{
  HugePageResult result;
  for (const Region& region : dense_anonymous_regions()) {
    ++result.regions;
    bool refused = false;
    for (unsigned long at = (region.start + kHuge - 1) & ~(kHuge - 1); at + kHuge <= region.end; at += kHuge) {
      if (!mostly_resident(at))
        continue;
      if (::madvise(address(at), kHuge, MADV_COLLAPSE) == 0)
        result.bytes += kHuge;
      else
        refused = true;
    }
    result.refused += refused ? 1 : 0;
  }
  return result;
}

void return_freed_pages() { ::malloc_trim(0); }

}  // namespace isogrid
