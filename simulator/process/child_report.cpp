#include "simulator/process/child_report.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <unistd.h>

namespace isogrid::child_report {

namespace {

void write_all(int fd, const char* data, size_t size)
{
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
}

}  // namespace

bool whole(const std::string& result)
{
  if (result.size() < kHeader || (result[0] != kOk && result[0] != kThrown))
    return false;
  std::uint64_t length = 0;
  std::memcpy(&length, result.data() + 1, sizeof length);
  return result.size() == kHeader + length;
}

void run_and_exit(int result_fd, int output_fd, const std::function<std::string()>& work)
{
  // Ctrl-C reaches the whole process group; the parent decides what an interrupted child means.
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  std::signal(SIGHUP, SIG_DFL);
  ::dup2(output_fd, STDOUT_FILENO);
  ::dup2(output_fd, STDERR_FILENO);
  std::string message;
  char kind = kOk;
  try {
    message = work();
  } catch (const std::exception& e) {
    kind    = kThrown;
    message = e.what();
  } catch (...) {
    kind    = kThrown;
    message = "unknown exception";
  }
  // One write: each write wakes the parent, which would read a piece and wait again.
  std::uint64_t length = message.size();
  std::string result(kHeader, kind);
  std::memcpy(result.data() + 1, &length, sizeof length);
  result += message;
  write_all(result_fd, result.data(), result.size());
  // Close the result pipe now: at _exit the kernel tears the address space down before it closes descriptors,
  // and the parent would otherwise wait for that teardown before seeing end-of-file.
  std::fflush(stdout);
  std::fflush(stderr);
  ::close(result_fd);
  // _exit, not exit: the parent's buffered output and atexit handlers (SimGrid's among them) stay the parent's.
  ::_exit(0);
}

}  // namespace isogrid::child_report
