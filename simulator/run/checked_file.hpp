#pragma once
// Every byte a run writes into its results folder, checked. A full disk (or a quota, or a dead network file system)
// must never leave a results folder that looks complete but lost rows: stdio and iostreams report a failed write only
// to code that asks, and a buffer that failed to reach the disk is silently dropped while later writes, once space
// is back, go on after the hole. Here a failed write throws WriteFailed at once, and the file on disk is left as
// it was before the write (a whole file replaced atomically) or cut back to its last complete line (an appended
// file), so that --resume finishes it to the bytes of a clean run.
#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>

namespace isogrid {

// A write into a results folder failed. `error` is the errno (ENOSPC for a full disk).
class WriteFailed : public std::runtime_error {
public:
  WriteFailed(std::string path, int error);
  // The same failure, told in full (what was kept, how to go on).
  WriteFailed(std::string path, int error, const std::string& message);
  const std::string& path() const { return path_; }
  int error() const { return error_; }

private:
  std::string path_;
  int error_;
};

// "disk full", "disk quota exceeded", or strerror's text.
std::string write_error_text(int error);

// Writes all of `data` to `fd` (looping over short writes and EINTR). Returns the bytes written before a failure
// and sets `error`, or returns data.size() with `error` = 0.
size_t write_fully(int fd, std::string_view data, int& error);

// `contents` into `path.tmp`, then renamed over `path`: `path` is never half-written. On failure the temporary file
// is removed and WriteFailed names `path`.
void write_file_atomically(const std::string& path, std::string_view contents);

// A file written whole or not at all, through an ostream (summary.csv may have a million rows: it is streamed, not
// built in memory). Bytes go to `path.tmp`; commit() checks that every write succeeded and renames it over `path`.
// A writer destroyed without commit() removes its temporary file.
class AtomicFileWriter : public std::ostream {
public:
  explicit AtomicFileWriter(std::string path);
  ~AtomicFileWriter() override;
  AtomicFileWriter(const AtomicFileWriter&)            = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;
  void commit();  // throws WriteFailed

private:
  class Buffer : public std::streambuf {
  public:
    explicit Buffer(int fd) : fd_(fd) { setp(data_, data_ + sizeof data_); }
    int error() const { return error_; }

  protected:
    int_type overflow(int_type c) override;
    int sync() override;

  private:
    bool drain();
    int fd_;
    int error_ = 0;
    char data_[1 << 16];
  };
  std::string path_, tmp_;
  int fd_         = -1;
  Buffer* buffer_ = nullptr;
  bool committed_ = false;
};

// Lines appended to a file (results.csv), buffered and written whole. When a write fails, the file is cut back to
// the end of the last line that reached it in full and WriteFailed is thrown: the file is always a sequence of
// complete lines, never a torn or spliced one.
class LineAppender {
public:
  // `append`: keep what the file holds and write after it; otherwise start it empty.
  LineAppender(std::string path, bool append);
  ~LineAppender();
  LineAppender(const LineAppender&)            = delete;
  LineAppender& operator=(const LineAppender&) = delete;

  // `line` and a line break, into the buffer (written when it passes kBufferBytes, or on flush()).
  void add(std::string_view line)
  {
    buffer_.append(line);
    buffer_ += '\n';
    if (buffer_.size() >= kBufferBytes)
      flush();
  }
  void flush();    // throws WriteFailed
  void close();    // flush() and close, checked; throws WriteFailed
  void abandon();  // close without writing what is buffered (a run that stops on a failed write)
  bool is_open() const { return fd_ >= 0; }

private:
  static constexpr size_t kBufferBytes = 1 << 16;
  std::string path_;
  int fd_        = -1;
  uint64_t size_ = 0;  // bytes in the file, every one of them part of a complete line
  std::string buffer_;
};

// Room kept on the disk for a run's last words: a file of `bytes` allocated as the run starts and released when a
// write fails, so that run.json can still say "failed", and why, on a disk that filled meanwhile.
class SpaceReserve {
public:
  SpaceReserve(std::string path, uint64_t bytes);  // throws WriteFailed when even that does not fit
  ~SpaceReserve() { release(); }
  SpaceReserve(const SpaceReserve&)            = delete;
  SpaceReserve& operator=(const SpaceReserve&) = delete;
  void release();  // removes the file (again: nothing)

private:
  std::string path_;
  bool held_ = false;
};

}  // namespace isogrid
