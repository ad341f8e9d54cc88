#include "simulator/process/process_pool.hpp"

#include "simulator/core/text.hpp"
#include "simulator/core/value.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace isogrid {

namespace {

constexpr size_t kOutputKept       = 2000;     // the tail of a child's output that goes into its error message
constexpr size_t kCriticalSearched = 1 << 20;  // how far into a longer output a CRITICAL line is looked for
constexpr char kOk                 = 'K';
constexpr char kThrown             = 'X';
// A result is its kind, its length (8 bytes) and its bytes. The length tells a whole result from one cut short by
// a signal that reached the child while it wrote (Ctrl-C reaches the whole group): a cut result is not a result,
// and the child's death by SIGINT then says the point was interrupted, not failed.
constexpr std::size_t kHeader = 1 + sizeof(std::uint64_t);

bool whole_result(const std::string& result)
{
  if (result.size() < kHeader || (result[0] != kOk && result[0] != kThrown))
    return false;
  std::uint64_t length = 0;
  std::memcpy(&length, result.data() + 1, sizeof length);
  return result.size() == kHeader + length;
}

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

// Reads what is available; returns false at end of file.
bool drain(int fd, std::string& into)
{
  char buffer[65536];
  while (true) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      into.append(buffer, static_cast<size_t>(n));
      continue;
    }
    if (n == 0)
      return false;
    if (errno == EINTR)
      continue;
    return true;  // EAGAIN: nothing more for now
  }
}

[[noreturn]] void run_child(int result_fd, int output_fd, const std::function<std::string()>& work)
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

std::string one_line(std::string text)
{
  for (char& c : text)
    if (c == '\n' || c == '\r')
      c = ' ';
  return trim(text);
}

}  // namespace

ProcessPool::ProcessPool(unsigned jobs, double timeout_s)
    : jobs_(jobs ? jobs : 1), timeout_s_(timeout_s), output_files_(jobs_, -1), slot_in_use_(jobs_, false)
{
}

ProcessPool::~ProcessPool()
{
  kill_all();
  for (int fd : output_files_)
    if (fd >= 0)
      ::close(fd);
}

void ProcessPool::launch(uint64_t task, const std::function<std::string()>& work)
{
  size_t slot = static_cast<size_t>(std::find(slot_in_use_.begin(), slot_in_use_.end(), false) - slot_in_use_.begin());
  if (slot == slot_in_use_.size())
    throw std::logic_error("ProcessPool::launch on a full pool");
  // The child's stdout and stderr go to an in-memory file rather than a second pipe: nothing to drain while it
  // runs, half the descriptors and wake-ups, and the output is read only when the child fails.
  int& output = output_files_[slot];
  if (output < 0 && (output = ::memfd_create("isogrid-child-output", MFD_CLOEXEC)) < 0)
    throw std::runtime_error(fmt::format("memfd_create: {}", std::strerror(errno)));
  if (::ftruncate(output, 0) != 0 || ::lseek(output, 0, SEEK_SET) != 0)
    throw std::runtime_error(fmt::format("resetting child output: {}", std::strerror(errno)));

  int result_pipe[2];
  if (::pipe2(result_pipe, O_CLOEXEC) != 0)
    throw std::runtime_error(fmt::format("pipe: {}", std::strerror(errno)));
  // Buffered output would otherwise be inherited, and printed again, by the child.
  std::fflush(stdout);
  std::fflush(stderr);
  double started = monotonic_seconds();
  pid_t pid      = ::fork();
  if (pid < 0) {
    ::close(result_pipe[0]);
    ::close(result_pipe[1]);
    throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
  }
  if (pid == 0) {
    ::close(result_pipe[0]);
    for (const auto& c : children_)  // other children's pipes are not this child's business
      ::close(c.result_fd);
    for (int fd : closed_in_children_)
      ::close(fd);
    run_child(result_pipe[1], output, work);
  }
  ::close(result_pipe[1]);
  ::fcntl(result_pipe[0], F_SETFL, O_NONBLOCK);
  slot_in_use_[slot] = true;
  children_.push_back(Child{task, pid, result_pipe[0], slot, {}, started, started + timeout_s_});
}

std::string ProcessPool::output_tail(size_t slot) const
{
  int fd = output_files_[slot];
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0 || st.st_size <= 0)
    return "";
  auto size  = static_cast<size_t>(st.st_size);
  size_t off = size > kOutputKept ? size - kOutputKept : 0;
  std::string tail(size - off, '\0');
  ssize_t n = ::pread(fd, tail.data(), tail.size(), static_cast<off_t>(off));
  tail.resize(n > 0 ? static_cast<size_t>(n) : 0);
  // A dying library says why on a line marked CRITICAL (SimGrid's xbt_die) and then prints a backtrace that can push
  // that line out of the tail: the line is kept in front of it.
  std::string critical;
  if (off > 0) {
    std::string head(std::min(off, kCriticalSearched), '\0');
    ssize_t h = ::pread(fd, head.data(), head.size(), 0);
    head.resize(h > 0 ? static_cast<size_t>(h) : 0);
    if (size_t at = head.find("CRITICAL]"); at != std::string::npos) {
      size_t begin = head.rfind('\n', at);
      size_t end   = head.find('\n', at);
      critical     = head.substr(begin == std::string::npos ? 0 : begin + 1,
                             end == std::string::npos ? std::string::npos : end - (begin + 1));
    }
  }
  if (!critical.empty())
    return one_line(critical) + "; then: ..." + one_line(tail);
  return (off ? "..." : "") + one_line(tail);
}

ChildResult ProcessPool::reap(Child& c)
{
  // A child that reported in full is done: its exit status adds nothing, and waiting for it would wait for the
  // kernel to tear its address space down. It is collected later (collect_exited) while other children run.
  bool reported = !c.timed_out && whole_result(c.result);
  int status    = 0;
  if (reported) {
    exited_.push_back(c.pid);
  } else {
    while (::waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  ::close(c.result_fd);
  slot_in_use_[c.slot] = false;

  ChildResult r;
  r.task           = c.task;
  r.wall_s         = monotonic_seconds() - c.started;
  auto with_output = [&](std::string msg) {
    std::string out = output_tail(c.slot);
    return out.empty() ? msg : msg + "; output: " + out;
  };
  if (c.timed_out) {
    r.error = with_output(fmt::format("timed out after {} s", format_number(timeout_s_)));
  } else if (reported && c.result[0] == kOk) {
    r.ok      = true;
    r.payload = c.result.substr(kHeader);
  } else if (reported) {
    r.error = one_line(c.result.substr(kHeader));
  } else if (WIFSIGNALED(status)) {
    int sig       = WTERMSIG(status);
    r.interrupted = sig == SIGINT || sig == SIGTERM || sig == SIGHUP;
    r.error       = with_output(fmt::format("crashed: signal {} ({})", sig, strsignal(sig)));
  } else {
    r.error = with_output(
        fmt::format("exited with code {} before reporting a result", WIFEXITED(status) ? WEXITSTATUS(status) : -1));
  }
  return r;
}

void ProcessPool::collect_exited(bool block)
{
  for (size_t i = 0; i < exited_.size();) {
    int status = 0;
    pid_t r    = ::waitpid(exited_[i], &status, block ? 0 : WNOHANG);
    if (r == 0 || (r < 0 && errno == EINTR)) {
      ++i;
      continue;
    }
    exited_[i] = exited_.back();
    exited_.pop_back();
  }
}

std::vector<ChildResult> ProcessPool::wait_some()
{
  collect_exited(false);
  std::vector<ChildResult> done;
  while (done.empty() && !children_.empty()) {
    std::vector<pollfd> fds;
    double next_deadline = children_.front().deadline;
    for (const auto& c : children_) {
      next_deadline = std::min(next_deadline, c.deadline);
      fds.push_back({c.result_fd, POLLIN, 0});
    }
    double wait_s  = std::max(0.0, next_deadline - monotonic_seconds());
    int timeout_ms = static_cast<int>(std::min(wait_s * 1000 + 1, 1e9));
    int n          = ::poll(fds.data(), fds.size(), timeout_ms);
    if (n < 0) {
      if (errno == EINTR)
        return done;  // let the caller look at its interruption flag
      throw std::runtime_error(fmt::format("poll: {}", std::strerror(errno)));
    }
    std::vector<bool> finished(children_.size(), false);
    for (size_t k = 0; k < fds.size(); ++k)
      if (fds[k].revents)
        finished[k] = !drain(children_[k].result_fd, children_[k].result);
    double t = monotonic_seconds();
    for (size_t k = 0; k < children_.size(); ++k)
      if (!finished[k] && t >= children_[k].deadline) {
        ::kill(children_[k].pid, SIGKILL);
        children_[k].timed_out = true;
        finished[k]            = true;
      }
    for (size_t k = children_.size(); k-- > 0;) {
      if (!finished[k])
        continue;
      done.push_back(reap(children_[k]));
      children_.erase(children_.begin() + static_cast<long>(k));
    }
  }
  return done;
}

void ProcessPool::kill_all()
{
  for (auto& c : children_) {
    ::kill(c.pid, SIGKILL);
    int status = 0;
    while (::waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
    }
    ::close(c.result_fd);
    slot_in_use_[c.slot] = false;
  }
  children_.clear();
  collect_exited(true);
}

std::string run_in_child(const std::function<std::string()>& work, double timeout_s)
{
  ProcessPool pool(1, timeout_s);
  pool.launch(0, work);
  std::vector<ChildResult> done;
  while (done.empty())
    done = pool.wait_some();
  if (!done.front().ok)
    throw std::runtime_error(done.front().error);
  return done.front().payload;
}

}  // namespace isogrid
