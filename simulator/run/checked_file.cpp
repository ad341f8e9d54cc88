#include "simulator/run/checked_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

namespace isogrid {

std::string write_error_text(int error)
{
  if (error == ENOSPC)
    return "disk full";
  if (error == EDQUOT)
    return "disk quota exceeded";
  return std::strerror(error);
}

WriteFailed::WriteFailed(std::string path, int error)
    : std::runtime_error(fmt::format("{} while writing {}", write_error_text(error), path)), path_(std::move(path)),
      error_(error)
{
}

WriteFailed::WriteFailed(std::string path, int error, const std::string& message)
    : std::runtime_error(message), path_(std::move(path)), error_(error)
{
}

size_t write_fully(int fd, std::string_view data, int& error)
{
  error          = 0;
  size_t written = 0;
  while (written < data.size()) {
    ssize_t n = ::write(fd, data.data() + written, data.size() - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      error = n < 0 ? errno : ENOSPC;  // a write of nothing with no error: the device took no more
      return written;
    }
    written += static_cast<size_t>(n);
  }
  return written;
}

namespace {

int open_for_writing(const std::string& path, int flags)
{
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0644);
  if (fd < 0)
    throw WriteFailed(path, errno);
  return fd;
}

// close() reports what a network file system could not write back: checked like a write.
int close_checked(int fd) { return ::close(fd) == 0 || errno == EINTR ? 0 : errno; }

}  // namespace

void write_file_atomically(const std::string& path, std::string_view contents)
{
  std::string tmp = path + ".tmp";
  int fd          = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_TRUNC, 0644);
  if (fd < 0)
    throw WriteFailed(path, errno);  // named as the file the user knows
  int error = 0;
  write_fully(fd, contents, error);
  int closed = close_checked(fd);
  error      = error ? error : closed;
  if (error == 0 && std::rename(tmp.c_str(), path.c_str()) != 0)
    error = errno;
  if (error) {
    ::unlink(tmp.c_str());
    throw WriteFailed(path, error);
  }
}

// AtomicFileWriter

AtomicFileWriter::AtomicFileWriter(std::string path)
    : std::ostream(nullptr), path_(std::move(path)), tmp_(path_ + ".tmp")
{
  fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_TRUNC, 0644);
  if (fd_ < 0)
    throw WriteFailed(path_, errno);
  buffer_ = new Buffer(fd_);
  rdbuf(buffer_);
}

AtomicFileWriter::~AtomicFileWriter()
{
  rdbuf(nullptr);
  delete buffer_;
  if (fd_ >= 0)
    ::close(fd_);
  if (!committed_)
    ::unlink(tmp_.c_str());
}

bool AtomicFileWriter::Buffer::drain()
{
  if (error_)
    return false;
  write_fully(fd_, std::string_view(pbase(), static_cast<size_t>(pptr() - pbase())), error_);
  setp(data_, data_ + sizeof data_);
  return error_ == 0;
}

AtomicFileWriter::Buffer::int_type AtomicFileWriter::Buffer::overflow(int_type c)
{
  if (!drain())
    return traits_type::eof();
  if (!traits_type::eq_int_type(c, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
  }
  return traits_type::not_eof(c);
}

int AtomicFileWriter::Buffer::sync() { return drain() ? 0 : -1; }

void AtomicFileWriter::commit()
{
  flush();
  int error  = buffer_->error();
  int closed = close_checked(fd_);
  fd_        = -1;
  error      = error ? error : closed;
  if (error == 0 && std::rename(tmp_.c_str(), path_.c_str()) != 0)
    error = errno;
  if (error)
    throw WriteFailed(path_, error);  // the destructor removes the temporary file
  committed_ = true;
}

// LineAppender

LineAppender::LineAppender(std::string path, bool append) : path_(std::move(path))
{
  fd_       = open_for_writing(path_, append ? O_APPEND : O_TRUNC);
  off_t end = ::lseek(fd_, 0, SEEK_END);
  size_     = end > 0 ? static_cast<uint64_t>(end) : 0;
  buffer_.reserve(kBufferBytes + 4096);
}

LineAppender::~LineAppender()
{
  if (fd_ >= 0)
    ::close(fd_);
}

void LineAppender::flush()
{
  if (buffer_.empty() || fd_ < 0)
    return;
  int error      = 0;
  size_t written = write_fully(fd_, buffer_, error);
  if (error) {
    // Keep the complete lines that made it; cut the torn one (shrinking a file needs no space).
    size_t last_break = written ? buffer_.rfind('\n', written - 1) : std::string::npos;
    size_ += last_break == std::string::npos ? 0 : last_break + 1;
    (void)::ftruncate(fd_, static_cast<off_t>(size_));
    buffer_.clear();
    throw WriteFailed(path_, error);
  }
  size_ += written;
  buffer_.clear();
}

void LineAppender::close()
{
  if (fd_ < 0)
    return;
  flush();
  int error = close_checked(fd_);
  fd_       = -1;
  if (error)
    throw WriteFailed(path_, error);
}

void LineAppender::abandon()
{
  buffer_.clear();
  if (fd_ >= 0)
    ::close(fd_);
  fd_ = -1;
}

// SpaceReserve

SpaceReserve::SpaceReserve(std::string path, uint64_t bytes) : path_(std::move(path))
{
  int fd    = open_for_writing(path_, O_TRUNC);
  int error = ::posix_fallocate(fd, 0, static_cast<off_t>(bytes));
  if (error == EOPNOTSUPP || error == EINVAL) {  // a file system without fallocate: zeros, written
    std::string zeros(bytes, '\0');
    write_fully(fd, zeros, error);
  }
  int closed = close_checked(fd);
  error      = error ? error : closed;
  held_      = true;
  if (error) {
    release();
    throw WriteFailed(path_, error);
  }
}

void SpaceReserve::release()
{
  if (held_)
    ::unlink(path_.c_str());
  held_ = false;
}

}  // namespace isogrid
