#include "simulator/process/process_pool.hpp"

#include "simulator/process/child_report.hpp"

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
// Fork servers kept at once: each holds a platform, and a sweep that alternates between more platforms than this
// reloads one now and then rather than holding them all.
constexpr size_t kMaxServers = 4;

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
  servers_.clear();
  for (int fd : output_files_)
    if (fd >= 0)
      ::close(fd);
}

void ProcessPool::launch(uint64_t task, const std::function<std::string()>& work)
{
  start_child(task, [&](int result_fd, int output_fd, int read_end) {
    pid_t pid = ::fork();
    if (pid < 0)
      throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
    if (pid == 0) {
      ::close(read_end);
      for (int fd : not_inherited())
        ::close(fd);
      child_report::run_and_exit(result_fd, output_fd, work);
    }
    return pid;
  });
}

void ProcessPool::launch(uint64_t task, const SharedStart& shared)
{
  ForkServer& server = server_for(shared);
  if (!server.ready()) {  // no point starts from what could not be prepared: each says why
    ChildResult failed;
    failed.task  = task;
    failed.error = server.failure();
    not_started_.push_back(std::move(failed));
    return;
  }
  start_child(task, [&](int result_fd, int output_fd, int) { return server.start(task, output_fd, result_fd); });
}

ForkServer& ProcessPool::server_for(const SharedStart& shared)
{
  ++launches_;
  for (auto& s : servers_)
    if (s.key == shared.key) {
      s.last_used = launches_;
      return *s.server;
    }
  if (servers_.size() >= kMaxServers) {  // the least recently used ends (its running children do not need it)
    auto oldest = std::min_element(servers_.begin(), servers_.end(),
                                   [](const auto& a, const auto& b) { return a.last_used < b.last_used; });
    servers_.erase(oldest);
  }
  servers_.push_back(
      {shared.key,
       std::make_unique<ForkServer>(shared.name, shared.prepare, shared.work, not_inherited(), shared.expected_starts),
       launches_});
  return *servers_.back().server;
}

std::vector<int> ProcessPool::not_inherited() const
{
  std::vector<int> fds = closed_in_children_;
  for (const auto& c : children_)  // other children's pipes are not a new process's business
    fds.push_back(c.result_fd);
  for (const auto& s : servers_)
    fds.push_back(s.server->socket());
  return fds;
}

void ProcessPool::start_child(uint64_t task,
                              const std::function<pid_t(int result_fd, int output_fd, int read_end)>& spawn)
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
  pid_t pid      = -1;
  try {
    pid = spawn(result_pipe[1], output, result_pipe[0]);
  } catch (...) {
    ::close(result_pipe[0]);
    ::close(result_pipe[1]);
    throw;
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
  bool reported = !c.timed_out && child_report::whole(c.result);
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
  auto with_output = [&](const std::string& msg) {
    std::string out = output_tail(c.slot);
    return out.empty() ? msg : msg + "; output: " + out;
  };
  if (c.timed_out) {
    r.error = with_output(fmt::format("timed out after {} s", format_number(timeout_s_)));
  } else if (reported && c.result[0] == child_report::kOk) {
    r.ok      = true;
    r.payload = c.result.substr(child_report::kHeader);
  } else if (reported) {
    r.error = one_line(c.result.substr(child_report::kHeader));
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
  done.swap(not_started_);
  if (!done.empty())
    return done;
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
