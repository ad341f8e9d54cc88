#pragma once
// Runs each simulated point in a child process, at most `jobs` at a time: forked from this process, or started by
// a fork server that holds what the points share (a platform loaded once; fork_server.hpp).
//
// SimGrid's Engine is a per-process singleton whose clock cannot be reset, so every simulation needs a fresh
// process. Forking a warm parent (libraries loaded and bound, experiment parsed, engine prepared) costs well under
// a millisecond; exec'ing a new program costs ~20 ms. A child that crashes, throws or outlives its timeout
// becomes an error result and the pool carries on.
#include "simulator/process/fork_server.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

namespace isogrid {

struct ChildResult {
  uint64_t task = 0;
  bool ok       = false;
  std::string payload;  // what the child's work returned, when ok
  std::string error;    // why not, when !ok (with the end of the child's output)
  double wall_s    = 0;
  bool interrupted = false;  // killed by SIGINT, SIGTERM or SIGHUP (they reach the whole group): unfinished, not failed
};

class ProcessPool {
public:
  ProcessPool(unsigned jobs, double timeout_s);
  ~ProcessPool();
  ProcessPool(const ProcessPool&)            = delete;
  ProcessPool& operator=(const ProcessPool&) = delete;

  bool full() const { return children_.size() >= jobs_; }
  bool idle() const { return children_.empty() && not_started_.empty(); }

  // Forks a child that runs `work` and reports the bytes it returns. Exceptions thrown by `work` are reported
  // with their message.
  void launch(uint64_t task, const std::function<std::string()>& work);

  // Blocks until at least one child has finished (or timed out), and returns every finished one. Returns early
  // with nothing when a signal interrupts the wait.
  std::vector<ChildResult> wait_some();

  // What the points that share a preparation (a platform loaded once) need to start from it: a fork server per
  // key (fork_server.hpp), started at the first launch with that key and kept for the next ones (a few at once: the
  // least recently used ends past those).
  struct SharedStart {
    std::string key;                                 // equal keys, one server
    std::string name;                                // what it holds, for messages: "the platform big.xml"
    std::function<void()> prepare;                   // run once, in the server
    std::function<std::string(uint64_t task)> work;  // what each child runs
    uint64_t expected_starts = 0;                    // how many children it may start: what pays for a large one
  };
  // Starts a child from the server for `shared.key`, which runs shared.work(task) and reports like any other. When
  // the server could not prepare, no child starts: the task's result is an error saying why. Throws ForkServerLost
  // when the server died.
  void launch(uint64_t task, const SharedStart& shared);

  // Kills and reaps every running child (on interruption).
  void kill_all();

  // Waits for the children that already reported to exit, and ends the fork servers, so that their resource usage
  // is accounted for. (A later launch starts a server again.)
  void collect_all_exits()
  {
    collect_exited(true);
    servers_.clear();
  }

  // Children close `fd` as they start. For the output folder's lock: a child orphaned by a parent killed with -9
  // would otherwise hold it until its point ends, and refuse the --resume that follows.
  void close_in_children(int fd) { closed_in_children_.push_back(fd); }

private:
  struct Child {
    uint64_t task;
    pid_t pid;
    int result_fd;  // read end of the pipe the child writes its result to
    size_t slot;    // which output file holds its stdout and stderr
    std::string result;
    double started;
    double deadline;
    bool timed_out = false;
  };

  struct Server {
    std::string key;
    std::unique_ptr<ForkServer> server;
    uint64_t last_used = 0;
  };

  // The slot, the output file and the result pipe of a new child, made by `spawn` (a fork here, or a server's).
  // `read_end` is the pipe's end this process keeps: a child forked here closes it, or, holding both ends, it would
  // block for good on a full pipe should this process die.
  void start_child(uint64_t task, const std::function<pid_t(int result_fd, int output_fd, int read_end)>& spawn);
  ForkServer& server_for(const SharedStart& shared);
  std::vector<int> not_inherited() const;  // what a new process closes: the caller's lock, pipes, servers' sockets
  ChildResult reap(Child& child);
  std::string output_tail(size_t slot) const;
  void collect_exited(bool block);  // waits for children that already reported (no zombies left behind)

  unsigned jobs_;
  double timeout_s_;
  std::vector<Child> children_;
  std::vector<pid_t> exited_;      // reported their result, exit not yet collected
  std::vector<int> output_files_;  // one in-memory file per slot, reused child after child
  std::vector<bool> slot_in_use_;
  std::vector<int> closed_in_children_;
  std::vector<Server> servers_;
  std::vector<ChildResult> not_started_;  // tasks whose server could not prepare: wait_some returns them first
  uint64_t launches_ = 0;
};

// Runs `work` in one child and returns what it returned; throws std::runtime_error with why not (its exception's
// message, or how it died and the end of its output). For checks that load SimGrid before the first point.
std::string run_in_child(const std::function<std::string()>& work, double timeout_s = 120);

}  // namespace isogrid
