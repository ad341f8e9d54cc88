#include "simulator/process/fork_server.hpp"

#include "simulator/process/child_report.hpp"
#include "simulator/process/fork_memory.hpp"

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace isogrid {

namespace {

constexpr char kReady  = 'R';
constexpr char kFailed = 'E';

// One message with descriptors attached (SCM_RIGHTS). Returns false when the other end is gone.
bool send_with(int socket, const void* data, size_t size, const std::vector<int>& fds)
{
  msghdr msg{};
  iovec iov{const_cast<void*>(data), size};
  msg.msg_iov    = &iov;
  msg.msg_iovlen = 1;
  std::array<char, CMSG_SPACE(2 * sizeof(int))> control{};
  if (!fds.empty()) {
    msg.msg_control    = control.data();
    msg.msg_controllen = CMSG_SPACE(fds.size() * sizeof(int));
    cmsghdr* c         = CMSG_FIRSTHDR(&msg);
    c->cmsg_level      = SOL_SOCKET;
    c->cmsg_type       = SCM_RIGHTS;
    c->cmsg_len        = CMSG_LEN(fds.size() * sizeof(int));
    std::memcpy(CMSG_DATA(c), fds.data(), fds.size() * sizeof(int));
  }
  while (::sendmsg(socket, &msg, MSG_NOSIGNAL) < 0)  // no SIGPIPE when the other end died: an error to report
    if (errno != EINTR)
      return false;
  return true;
}

// One message, and the descriptors that came with it. Returns its size: 0 when the other end is gone.
size_t receive(int socket, void* data, size_t size, std::vector<int>* fds)
{
  msghdr msg{};
  iovec iov{data, size};
  msg.msg_iov    = &iov;
  msg.msg_iovlen = 1;
  std::array<char, CMSG_SPACE(2 * sizeof(int))> control{};
  msg.msg_control    = control.data();
  msg.msg_controllen = control.size();
  ssize_t n          = 0;
  while ((n = ::recvmsg(socket, &msg, MSG_CMSG_CLOEXEC)) < 0)
    if (errno != EINTR)
      return 0;
  for (cmsghdr* c = CMSG_FIRSTHDR(&msg); c != nullptr; c = CMSG_NXTHDR(&msg, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS && fds != nullptr) {
      size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
      fds->resize(count);
      std::memcpy(fds->data(), CMSG_DATA(c), count * sizeof(int));
    }
  return static_cast<size_t>(n);
}

std::string how_it_ended(int status)
{
  if (WIFSIGNALED(status))
    return fmt::format("killed by signal {} ({})", WTERMSIG(status), strsignal(WTERMSIG(status)));
  return fmt::format("exited with code {}", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

}  // namespace

ForkServer::ForkServer(std::string name, const std::function<void()>& prepare,
                       const std::function<std::string(uint64_t)>& work, const std::vector<int>& not_inherited,
                       uint64_t expected_starts)
    : name_(std::move(name))
{
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
    throw std::runtime_error(fmt::format("socketpair: {}", std::strerror(errno)));
  std::fflush(stdout);
  std::fflush(stderr);
  pid_ = ::fork();
  if (pid_ < 0) {
    ::close(sv[0]);
    ::close(sv[1]);
    throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
  }
  if (pid_ == 0) {
    ::close(sv[0]);
    for (int fd : not_inherited)
      ::close(fd);
    serve(sv[1], prepare, work, expected_starts);
  }
  ::close(sv[1]);
  socket_ = sv[0];
  std::string answer(4096, '\0');
  answer.resize(receive(socket_, answer.data(), answer.size(), nullptr));
  if (answer.empty()) {
    reap();
    failure_ = fmt::format("the server for {} {} while preparing it", name_, how_it_ended(status_));
  } else if (answer[0] == kFailed) {
    failure_ = answer.substr(1);
  }
}

ForkServer::~ForkServer()
{
  if (socket_ >= 0)
    ::close(socket_);  // the server's end of file: it exits
  reap();
}

void ForkServer::reap()
{
  if (reaped_)
    return;
  while (::waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
  }
  reaped_ = true;
}

void ForkServer::serve(int socket, const std::function<void()>& prepare,
                       const std::function<std::string(uint64_t)>& work, uint64_t expected_starts)
{
  // The server lives as long as the caller and no longer: it ends at its socket's end of file, or with the caller
  // should that die first. Signals to the group (Ctrl-C) are the caller's to act on: it ends the server itself.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() == 1)
    ::_exit(0);
  std::signal(SIGINT, SIG_IGN);
  std::signal(SIGTERM, SIG_IGN);
  std::signal(SIGHUP, SIG_IGN);
  try {
    prepare();
    // What a child costs is a copy of this process: its page tables in clone, then each page the child writes. Fewer,
    // larger pages when enough children will pay for it, and none for what the preparation freed (SimGrid clears 1
    // MiB at a simulation's first action: in the pages the platform's load freed, 0.5 ms per child at 100 000 hosts).
    if (expected_starts >= kHugePagesPayFrom)
      back_with_huge_pages();
    return_freed_pages();
    const char ready = kReady;
    send_with(socket, &ready, 1, {});
  } catch (const std::exception& e) {
    std::string failed = kFailed + std::string(e.what()).substr(0, 4000);
    send_with(socket, failed.data(), failed.size(), {});
    ::_exit(0);
  }
  while (true) {
    uint64_t task = 0;
    std::vector<int> fds;
    if (receive(socket, &task, sizeof task, &fds) != sizeof task || fds.size() != 2)
      ::_exit(0);  // the caller is done (or gone)
    std::fflush(stdout);
    std::fflush(stderr);
    // A raw clone: glibc's fork cannot make the child a sibling. This process has one thread and holds no lock
    // here, which is what glibc's fork would otherwise have had to take care of.
    long pid = ::syscall(SYS_clone, CLONE_PARENT | SIGCHLD, nullptr, nullptr, nullptr, nullptr);
    if (pid == 0) {
      ::close(socket);
      child_report::run_and_exit(fds[0], fds[1], [&] { return work(task); });
    }
    int64_t reply = pid < 0 ? -static_cast<int64_t>(errno) : static_cast<int64_t>(pid);
    ::close(fds[0]);
    ::close(fds[1]);
    if (!send_with(socket, &reply, sizeof reply, {}))
      ::_exit(0);
  }
}

void ForkServer::lost(const std::string& doing)
{
  reap();
  throw ForkServerLost(
      fmt::format("the process holding {} for the points stopped ({}) {}", name_, how_it_ended(status_), doing));
}

pid_t ForkServer::start(uint64_t task, int output_fd, int result_fd)
{
  if (reaped_)
    lost("earlier");
  if (!send_with(socket_, &task, sizeof task, {result_fd, output_fd}))
    lost("before a point could start");
  int64_t reply = 0;
  if (receive(socket_, &reply, sizeof reply, nullptr) != sizeof reply)
    lost("while starting a point");
  if (reply < 0)
    throw std::runtime_error(fmt::format("fork: {}", std::strerror(static_cast<int>(-reply))));
  return static_cast<pid_t>(reply);
}

}  // namespace isogrid
