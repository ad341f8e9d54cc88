#pragma once
// The Slurm commands `isogrid submit` drives (sbatch, squeue), run as child processes: Slurm's own clients are its
// stable interface, and they read SLURM_CONF and the user's environment as any batch script would.
#include <stdexcept>
#include <string>
#include <vector>

namespace isogrid::cli {

// Slurm's clients are not here (no sbatch on PATH): submit refuses before it writes anything (exit 2).
class SlurmUnavailable : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Throws SlurmUnavailable unless every named command is on PATH.
void require_on_path(const std::vector<std::string>& commands);

struct CommandOutput {
  int exit_code = -1;  // 127: the command was not found
  std::string output;  // stdout and stderr together
};

CommandOutput run_command(const std::vector<std::string>& argv);

// `sbatch --parsable [extra...] script`: the job id. Throws std::runtime_error with sbatch's message.
std::string sbatch(const std::string& script, const std::vector<std::string>& extra = {});

// The job ids (array tasks as ID_K) of `jobs` that Slurm still lists as pending or running. Throws
// std::runtime_error when squeue itself fails (no controller).
std::vector<std::string> jobs_in_queue(const std::vector<std::string>& jobs);

}  // namespace isogrid::cli
