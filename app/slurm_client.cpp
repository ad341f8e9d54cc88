#include "app/slurm_client.hpp"

#include "simulator/run/slurm_scripts.hpp"

#include <cstdio>
#include <cstdlib>
#include <fmt/format.h>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace isogrid::cli {

void require_on_path(const std::vector<std::string>& commands)
{
  const char* path = std::getenv("PATH");
  for (const auto& command : commands) {
    bool found       = false;
    std::string dirs = path ? path : "";
    for (size_t start = 0; !found && start <= dirs.size();) {
      size_t end      = dirs.find(':', start);
      std::string dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
      found           = ::access(((dir.empty() ? std::string(".") : dir) + "/" + command).c_str(), X_OK) == 0;
      start           = end == std::string::npos ? dirs.size() + 1 : end + 1;
    }
    if (!found)
      throw SlurmUnavailable(fmt::format("{} is not on PATH: submit from a Slurm login node (--dry-run prints the "
                                         "scripts anywhere; docs/cluster.md shows --shard with other batch systems)",
                                         command));
  }
}

CommandOutput run_command(const std::vector<std::string>& argv)
{
  std::string line;
  for (const auto& a : argv)
    line += (line.empty() ? "" : " ") + shell_quote(a);
  CommandOutput r;
  FILE* pipe = ::popen((line + " 2>&1").c_str(), "r");
  if (!pipe)
    throw std::runtime_error(fmt::format("cannot run {}", argv.front()));
  char buffer[4096];
  size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
    r.output.append(buffer, n);
  int status  = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  return r;
}

namespace {
std::string trimmed(std::string s)
{
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\r'))
    s.pop_back();
  return s;
}
}  // namespace

std::string sbatch(const std::string& script, const std::vector<std::string>& extra)
{
  std::vector<std::string> argv = {"sbatch", "--parsable"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  argv.push_back(script);
  CommandOutput r = run_command(argv);
  if (r.exit_code == 127)
    throw std::runtime_error("sbatch is not on PATH: submit from a Slurm login node (or use --dry-run and "
                             "docs/cluster.md for another batch system)");
  std::string out = trimmed(r.output);
  if (r.exit_code != 0)
    throw std::runtime_error(fmt::format("sbatch refused {}: {}", script, out));
  // --parsable prints "jobid" or "jobid;cluster", possibly after warnings on lines of their own.
  std::string last = out.substr(out.rfind('\n') == std::string::npos ? 0 : out.rfind('\n') + 1);
  return last.substr(0, last.find(';'));
}

std::vector<std::string> jobs_in_queue(const std::vector<std::string>& jobs)
{
  std::string list;
  for (const auto& j : jobs)
    list += (list.empty() ? "" : ",") + j;
  // Every queued job (pending, running, completing), filtered here: squeue -j fails outright once one of the ids
  // has left the controller's memory. -r lists an array's tasks one by one, as ID_K.
  CommandOutput r = run_command({"squeue", "-h", "-r", "-o", "%i"});
  if (r.exit_code != 0)
    throw std::runtime_error(fmt::format("squeue failed: {}", trimmed(r.output)));
  std::vector<std::string> listed;
  std::istringstream in(r.output);
  std::string id;
  while (in >> id) {
    std::string base = id.substr(0, id.find('_'));
    for (const auto& j : jobs)
      if (base == j)
        listed.push_back(id);
  }
  return listed;
}

}  // namespace isogrid::cli
