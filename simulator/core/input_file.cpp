#include "simulator/core/input_file.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

namespace isogrid {

namespace {

std::string what_it_is(mode_t mode)
{
  if (S_ISFIFO(mode))
    return "a named pipe";
  if (S_ISCHR(mode) || S_ISBLK(mode))
    return "a device";
  if (S_ISSOCK(mode))
    return "a socket";
  return "not a regular file";
}

std::string size_text(uint64_t bytes)
{
  return bytes >= (uint64_t{1} << 20) ? fmt::format("{:.0f} MiB", static_cast<double>(bytes) / (1 << 20))
                                      : fmt::format("{} bytes", bytes);
}

void check_status(const std::string& path, const struct stat& status, uint64_t limit)
{
  if (S_ISDIR(status.st_mode))
    throw InputFileError(fmt::format("{} is a folder, not a file: name a file in it", path));
  if (!S_ISREG(status.st_mode))
    throw InputFileError(fmt::format("{} is {}, not a file", path, what_it_is(status.st_mode)));
  if (static_cast<uint64_t>(status.st_size) > limit)
    throw InputFileError(fmt::format("{} is {}; isogrid reads files of up to {}", path,
                                     size_text(static_cast<uint64_t>(status.st_size)), size_text(limit)));
}

[[noreturn]] void fail(const std::string& path, int error)
{
  if (error == ENOENT)
    throw InputFileError(fmt::format("no such file: {}", path));
  if (error == ELOOP)
    throw InputFileError(fmt::format("{} is a loop of symbolic links", path));
  throw InputFileError(fmt::format("cannot read {}: {}", path, std::strerror(error)));
}

}  // namespace

void check_input_file(const std::string& path, uint64_t limit)
{
  struct stat status {};
  if (path.empty())
    throw InputFileError("an empty file name");
  if (::stat(path.c_str(), &status) != 0)
    fail(path, errno);
  check_status(path, status, limit);
  if (::access(path.c_str(), R_OK) != 0)
    fail(path, errno);
}

std::string read_input_file(const std::string& path, uint64_t limit)
{
  check_input_file(path, limit);
  // O_NONBLOCK: should the path have become a pipe since it was looked at, opening it does not wait for a writer.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    fail(path, errno);
  struct stat status {};
  if (::fstat(fd, &status) != 0 || !S_ISREG(status.st_mode) || static_cast<uint64_t>(status.st_size) > limit) {
    ::close(fd);
    check_status(path, status, limit);
    fail(path, EIO);
  }
  std::string bytes;
  bytes.reserve(static_cast<size_t>(status.st_size));
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      int error = errno;
      ::close(fd);
      fail(path, error);
    }
    if (n == 0)
      break;
    bytes.append(buffer, static_cast<size_t>(n));
    if (bytes.size() > limit) {  // a file that grows while it is read
      ::close(fd);
      throw InputFileError(fmt::format("{} grew past {} while it was read", path, size_text(limit)));
    }
  }
  ::close(fd);
  return bytes;
}

}  // namespace isogrid
