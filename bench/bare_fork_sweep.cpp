// The anchor for a simulated sweep through isogrid: what a researcher would write by hand for
// bench/sweep-dlt-m10-2000.yaml. A loop forks one child per point (SimGrid's engine cannot be reset), at most JOBS
// at a time; each child starts SimGrid, builds the 10-worker star of bench/bare_star_scenario.hpp, runs it and
// writes one result line back through a pipe; the parent writes the lines to a file in point order. No experiment
// file, no validation, no run.json: isogrid's cost over this program is the harness's.
// Usage: bench_bare_fork_sweep OUT.csv POINTS JOBS [PLATFORM.xml]
// With a platform file (bench/platform_sweep.sh), each child loads it and serves c0-1 .. c0-4 from c0-0 instead:
// the fork-per-point loop that pays for its platform at every point.
#include "bare_star_scenario.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct Running {
  size_t point;
  int fd;
};

// Reads a finished child's line and reaps it.
std::string finish(pid_t pid, const Running& r)
{
  std::string line;
  char buffer[256];
  ssize_t n;
  while ((n = ::read(r.fd, buffer, sizeof buffer)) > 0)
    line.append(buffer, static_cast<size_t>(n));
  ::close(r.fd);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    line = std::to_string(r.point) + ",error\n";
  return line;
}

}  // namespace

int main(int argc, char** argv)
{
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s OUT.csv POINTS JOBS [PLATFORM.xml]\n", argv[0]);
    return 2;
  }
  size_t points  = std::strtoull(argv[2], nullptr, 10);
  size_t jobs    = std::strtoull(argv[3], nullptr, 10);
  std::FILE* out = std::fopen(argv[1], "w");
  if (!out || points < 2 || jobs < 1) {
    std::fprintf(stderr, "%s: %s\n", argv[0],
                 !out ? "cannot write OUT.csv" : "POINTS (a log-spaced sweep) >= 2, JOBS >= 1");
    return 1;
  }
  std::fputs("index,V,makespan,sequential\n", out);
  std::map<pid_t, Running> running;
  std::map<size_t, std::string> done;  // lines that finished before an earlier one
  size_t next_to_write = 0;
  auto reap_one        = [&] {
    siginfo_t info{};
    ::waitid(P_ALL, 0, &info, WEXITED | WNOWAIT);  // the first child to exit, left for finish() to reap
    auto it = running.find(info.si_pid);
    if (it == running.end())
      it = running.begin();
    done[it->second.point] = finish(it->first, it->second);
    running.erase(it);
    for (auto d = done.find(next_to_write); d != done.end(); d = done.find(next_to_write)) {
      std::fputs(d->second.c_str(), out);
      done.erase(d);
      ++next_to_write;
    }
  };
  for (size_t i = 0; i < points; ++i) {
    while (running.size() >= jobs)
      reap_one();
    double V = std::pow(10.0, 7 + 3.0 * static_cast<double>(i) / static_cast<double>(points - 1));
    int fds[2];
    if (::pipe(fds) != 0)
      return 1;
    std::fflush(out);
    pid_t pid = ::fork();
    if (pid == 0) {
      ::close(fds[0]);
      bare::StarTimes t;
      if (argc > 4)
        t.makespan = bare::run_star_on_platform(bare::start_engine(argv[0]), argv[4], "c0-0", "c0-", 4, V);
      else
        t = bare::run_star(bare::start_engine(argv[0]), 10, 1e9);
      std::string line = std::to_string(i) + "," + std::to_string(V) + "," + std::to_string(t.makespan) + "," +
                         std::to_string(t.sequential) + "\n";
      ssize_t written = ::write(fds[1], line.data(), line.size());
      ::_exit(written == static_cast<ssize_t>(line.size()) ? 0 : 1);
    }
    ::close(fds[1]);
    running.emplace(pid, Running{i, fds[0]});
  }
  while (!running.empty())
    reap_one();
  std::fclose(out);
  return 0;
}
