#include "simulator/run/process_pool.hpp"

#include "simulator/core/text.hpp"
#include "simulator/core/value.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace isogrid {

namespace {

constexpr size_t kDiagnosticsKept = 2000;  // the tail of a child's output that goes into its error message
constexpr char kOk     = 'K';
constexpr char kThrown = 'X';

double now_s()
{
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
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
bool drain(int fd, std::string& into, size_t keep_tail)
{
  char buffer[65536];
  while (true) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      into.append(buffer, static_cast<size_t>(n));
      if (keep_tail && into.size() > 2 * keep_tail)
        into.erase(0, into.size() - keep_tail);
      continue;
    }
    if (n == 0)
      return false;
    if (errno == EINTR)
      continue;
    return true;  // EAGAIN: nothing more for now
  }
}

[[noreturn]] void run_child(int result_fd, int diag_fd, const std::function<std::string()>& work)
{
  // Ctrl-C reaches the whole process group; the parent decides what an interrupted child means.
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  ::dup2(diag_fd, STDOUT_FILENO);
  ::dup2(diag_fd, STDERR_FILENO);
  ::close(diag_fd);
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
  write_all(result_fd, &kind, 1);
  write_all(result_fd, message.data(), message.size());
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

ProcessPool::ProcessPool(unsigned jobs, double timeout_s) : jobs_(jobs ? jobs : 1), timeout_s_(timeout_s) {}

ProcessPool::~ProcessPool() { kill_all(); }

void ProcessPool::launch(uint64_t task, const std::function<std::string()>& work)
{
  int result_pipe[2];
  int diag_pipe[2];
  if (::pipe2(result_pipe, O_CLOEXEC) != 0)
    throw std::runtime_error(fmt::format("pipe: {}", std::strerror(errno)));
  if (::pipe2(diag_pipe, O_CLOEXEC) != 0) {
    ::close(result_pipe[0]);
    ::close(result_pipe[1]);
    throw std::runtime_error(fmt::format("pipe: {}", std::strerror(errno)));
  }
  // Buffered output would otherwise be inherited, and printed again, by the child.
  std::fflush(stdout);
  std::fflush(stderr);
  double started = now_s();
  pid_t pid      = ::fork();
  if (pid < 0)
    throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
  if (pid == 0) {
    ::close(result_pipe[0]);
    ::close(diag_pipe[0]);
    // Other children's pipes are not this child's business. Only the still-open ones: a closed descriptor's number
    // may already have been reused by this child's own pipes.
    for (const auto& c : children_) {
      if (!c.result_closed)
        ::close(c.result_fd);
      if (!c.diag_closed)
        ::close(c.diag_fd);
    }
    run_child(result_pipe[1], diag_pipe[1], work);
  }
  ::close(result_pipe[1]);
  ::close(diag_pipe[1]);
  ::fcntl(result_pipe[0], F_SETFL, O_NONBLOCK);
  ::fcntl(diag_pipe[0], F_SETFL, O_NONBLOCK);
  Child c{task, pid, result_pipe[0], diag_pipe[0], {}, {}, started, started + timeout_s_};
  children_.push_back(std::move(c));
}

ChildResult ProcessPool::reap(Child& c)
{
  int status = 0;
  while (::waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!c.result_closed)
    ::close(c.result_fd);
  if (!c.diag_closed)
    ::close(c.diag_fd);
  ChildResult r;
  r.task   = c.task;
  r.wall_s = now_s() - c.started;
  std::string diag = one_line(c.diagnostics);
  if (diag.size() > kDiagnosticsKept)
    diag = "..." + diag.substr(diag.size() - kDiagnosticsKept);
  auto with_diag = [&](std::string msg) { return diag.empty() ? msg : msg + "; output: " + diag; };

  if (c.timed_out) {
    r.error = with_diag(fmt::format("timed out after {} s", format_number(timeout_s_)));
  } else if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    r.error = with_diag(fmt::format("crashed: signal {} ({})", sig, strsignal(sig)));
  } else if (!c.result.empty() && c.result[0] == kOk && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    r.ok      = true;
    r.payload = c.result.substr(1);
  } else if (!c.result.empty() && c.result[0] == kThrown) {
    r.error = one_line(c.result.substr(1));
  } else {
    r.error = with_diag(fmt::format("exited with code {} before reporting a result",
                                    WIFEXITED(status) ? WEXITSTATUS(status) : -1));
  }
  return r;
}

std::vector<ChildResult> ProcessPool::wait_some()
{
  std::vector<ChildResult> done;
  while (done.empty() && !children_.empty()) {
    std::vector<pollfd> fds;
    std::vector<std::pair<size_t, bool>> owner;  // (child, is_result_fd)
    double next_deadline = children_.front().deadline;
    for (size_t i = 0; i < children_.size(); ++i) {
      const Child& c = children_[i];
      next_deadline  = std::min(next_deadline, c.deadline);
      if (!c.result_closed) {
        fds.push_back({c.result_fd, POLLIN, 0});
        owner.emplace_back(i, true);
      }
      if (!c.diag_closed) {
        fds.push_back({c.diag_fd, POLLIN, 0});
        owner.emplace_back(i, false);
      }
    }
    double wait_s  = std::max(0.0, next_deadline - now_s());
    int timeout_ms = static_cast<int>(std::min(wait_s * 1000 + 1, 1e9));
    int n          = ::poll(fds.data(), fds.size(), timeout_ms);
    if (n < 0) {
      if (errno == EINTR)
        return done;  // let the caller look at its interruption flag
      throw std::runtime_error(fmt::format("poll: {}", std::strerror(errno)));
    }
    for (size_t k = 0; k < fds.size(); ++k) {
      if (!fds[k].revents)
        continue;
      Child& c = children_[owner[k].first];
      if (owner[k].second) {
        if (!drain(c.result_fd, c.result, 0)) {
          ::close(c.result_fd);
          c.result_closed = true;
        }
      } else if (!drain(c.diag_fd, c.diagnostics, kDiagnosticsKept)) {
        ::close(c.diag_fd);
        c.diag_closed = true;
      }
    }
    double t = now_s();
    for (auto& c : children_) {
      if (!c.timed_out && !(c.result_closed && c.diag_closed) && t >= c.deadline) {
        ::kill(c.pid, SIGKILL);
        c.timed_out = true;
      }
    }
    for (size_t i = 0; i < children_.size();) {
      Child& c = children_[i];
      bool finished = (c.result_closed && c.diag_closed) || c.timed_out;
      if (finished) {
        done.push_back(reap(c));
        children_.erase(children_.begin() + static_cast<long>(i));
      } else {
        ++i;
      }
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
    if (!c.result_closed)
      ::close(c.result_fd);
    if (!c.diag_closed)
      ::close(c.diag_fd);
  }
  children_.clear();
}

}  // namespace isogrid
