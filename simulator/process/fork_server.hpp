#pragma once
// A fork server: a process forked once from the caller, which runs a preparation (a platform loaded and sealed) and
// then starts one child per request, each from that prepared memory. Points that share a platform then pay for it
// once per sweep instead of once each, and a child costs a fork of the server, whatever the platform's size took.
//
// Each child is made the caller's own, not the server's (clone with CLONE_PARENT): the caller waits for it, reads
// how it died, times it out and counts its CPU and memory exactly as for a child it forked itself, and a server
// that dies leaves its running children untouched. The server only forks: it holds no result and no state the caller
// needs back.
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <sys/types.h>
#include <vector>

namespace isogrid {

// The server stopped (killed, or died in a child's start): the message says how.
class ForkServerLost : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class ForkServer {
public:
  // Forks the server and waits for `prepare` to end there. `work(task)` is what each child runs. The server closes
  // `not_inherited` first (descriptors of the caller's that its children must not hold: the output folder's lock,
  // other servers' sockets). `name` says what the server holds, for messages ("the platform big.xml"). When it
  // expects enough starts to pay for it, the server backs what it prepared with huge pages (fork_memory.hpp).
  ForkServer(std::string name, const std::function<void()>& prepare,
             const std::function<std::string(uint64_t task)>& work, const std::vector<int>& not_inherited,
             uint64_t expected_starts = 0);
  ~ForkServer();  // ends the server and waits for it (its CPU then counts among the caller's children's)
  ForkServer(const ForkServer&)            = delete;
  ForkServer& operator=(const ForkServer&) = delete;

  // False when `prepare` threw or the server died in it; failure() then says why.
  bool ready() const { return failure_.empty(); }
  const std::string& failure() const { return failure_; }
  const std::string& name() const { return name_; }
  int socket() const { return socket_; }  // for the caller's other children to close

  // Starts a child that runs work(task) with its stdout and stderr on `output_fd` and its result (child_report.hpp)
  // on `result_fd`, and returns its pid: a child of the caller's. Throws ForkServerLost when the server is gone,
  // std::runtime_error when it could not fork.
  pid_t start(uint64_t task, int output_fd, int result_fd);

private:
  [[noreturn]] void serve(int socket, const std::function<void()>& prepare,
                          const std::function<std::string(uint64_t)>& work, uint64_t expected_starts);
  [[noreturn]] void lost(const std::string& doing);
  void reap();

  std::string name_;
  std::string failure_;
  int socket_  = -1;
  pid_t pid_   = -1;
  bool reaped_ = false;
  int status_  = 0;  // how the server ended, once reaped
};

}  // namespace isogrid
