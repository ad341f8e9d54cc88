#pragma once
// How a worker process reports what its work returned: one message on a pipe, written as it ends. Shared by the
// children the pool forks itself and those a fork server starts for it (fork_server.hpp).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace isogrid::child_report {

constexpr char kOk     = 'K';
constexpr char kThrown = 'X';
// A result is its kind, its length (8 bytes) and its bytes. The length tells a whole result from one cut short by
// a signal that reached the child while it wrote (Ctrl-C reaches the whole group): a cut result is not a result,
// and the child's death by SIGINT then says the point was interrupted, not failed.
constexpr std::size_t kHeader = 1 + sizeof(std::uint64_t);

bool whole(const std::string& result);

// The child's side, never returning: default signal handling, stdout and stderr to `output_fd`, `work` run, its
// bytes (or its exception's message) written to `result_fd`, then _exit.
[[noreturn]] void run_and_exit(int result_fd, int output_fd, const std::function<std::string()>& work);

}  // namespace isogrid::child_report
