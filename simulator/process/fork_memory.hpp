#pragma once
// What a fork copies, made smaller: for a process that will be forked many times (the runner, a fork server).
//
// Huge pages. A fork copies one page-table entry per 4 KiB page its
// parent holds, so a fork server holding a 100 000-host platform (about 300 MiB) paid about 10 ms per child in
// `clone` and in the child's exit, against 0.4 ms on a 1 000-host platform. Backing the same memory with 2 MiB pages
// (Linux's MADV_COLLAPSE, synchronous, since 6.1) divides those entries by 512: a child then costs about the same on
// any platform. A child that writes to a shared huge page splits it and copies 4 KiB, as before.
#include <cstddef>

namespace isogrid {

struct HugePageResult {
  size_t bytes   = 0;  // memory now backed by huge pages
  size_t regions = 0;  // the regions looked at
  size_t refused = 0;  // regions where the kernel would not collapse some of it (an older kernel, no huge page free)
};

// Collapses this process's private, anonymous, writable memory (the heap, malloc's large blocks) into huge pages,
// where at least 7/8 of a huge page is resident already: collapsing fills the rest, so a region mostly reserved and
// untouched stays as it is. Never fails: what the kernel refuses stays in 4 KiB pages, which is only slower to copy.
HugePageResult back_with_huge_pages();

// Starts below which collapsing does not pay: it costs about 2 ms per MiB once, and saves about 0.035 ms per MiB at
// every start (measured on a 100 000-host platform: 0.6 s once, then 2.0 ms per child instead of 11.8 ms), so it
// pays from about 60 starts whatever the memory's size.
constexpr size_t kHugePagesPayFrom = 64;

// Gives the system back the pages of what this process allocated and freed (glibc's malloc_trim): a fork then has
// fewer pages to copy, and a child's new blocks there are fresh zero pages rather than its parent's, which it would
// copy as it writes them. Loading an experiment on a 100 000-host platform leaves 135 MiB freed in the runner (what
// it read of the platform facts the check sent): given back, its resident memory goes from 216 to 81 MiB.
void return_freed_pages();

}  // namespace isogrid
