#include "simulator/run/slurm_scripts.hpp"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace isogrid {

std::string shell_quote(const std::string& word)
{
  bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string("@%+=:,./_-").find(c) != std::string::npos;
  });
  if (plain)
    return word;
  std::string quoted = "'";
  for (char c : word)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string array_spec(std::vector<unsigned> tasks)
{
  std::sort(tasks.begin(), tasks.end());
  tasks.erase(std::unique(tasks.begin(), tasks.end()), tasks.end());
  std::string spec;
  for (size_t i = 0; i < tasks.size();) {
    size_t j = i;
    while (j + 1 < tasks.size() && tasks[j + 1] == tasks[j] + 1)
      ++j;
    spec += spec.empty() ? "" : ",";
    spec += j == i ? std::to_string(tasks[i]) : fmt::format("{}-{}", tasks[i], tasks[j]);
    i = j + 1;
  }
  return spec;
}

namespace {

// What both jobs are given on sbatch's command line, where any text (a path with blanks, the user's own arguments)
// passes as one argument, rather than on #SBATCH lines.
std::vector<std::string> common_options(const SlurmSubmission& s, const std::string& name, const std::string& log)
{
  std::vector<std::string> o = {"--job-name=" + name, "--output=" + log, "--open-mode=append"};
  if (!s.partition.empty())
    o.push_back("--partition=" + s.partition);
  if (!s.time_limit.empty())
    o.push_back("--time=" + s.time_limit);
  o.insert(o.end(), s.sbatch_args.begin(), s.sbatch_args.end());
  return o;
}

std::string set_arguments(const SlurmSubmission& s)
{
  std::string args;
  for (const auto& o : s.overrides)
    args += " --set " + shell_quote(o);
  return args;
}

std::string submitted_as(const std::vector<std::string>& options, const std::string& script)
{
  std::string line = "# Submitted as: sbatch --parsable";
  for (const auto& o : options)
    line += " " + shell_quote(o);
  return line + " " + shell_quote(script) + "\n";
}

}  // namespace

std::vector<std::string> array_options(const SlurmSubmission& s)
{
  // --open-mode=append: a requeued task adds to its log rather than erasing it.
  return common_options(s, s.job_name, s.out_dir + "/slurm/shard-%a.log");
}

std::vector<std::string> collect_options(const SlurmSubmission& s, const std::string& array_job)
{
  std::vector<std::string> o = common_options(s, s.job_name + "-collect", s.out_dir + "/slurm/collect.log");
  if (!array_job.empty())
    o.push_back("--dependency=afterany:" + array_job);
  return o;
}

std::string array_script(const SlurmSubmission& s)
{
  std::string script = "#!/bin/bash\n";
  script += fmt::format("#SBATCH --array={}\n", array_spec(s.tasks));
  script += fmt::format("#SBATCH --cpus-per-task={}\n", s.cpus_per_task);
  script += "# Written by `isogrid submit`. Task K runs shard K of the sweep into OUT/shards/K-of-N; --resume keeps\n"
            "# what an earlier attempt of the task (a requeue, a preemption, a resubmission) finished.\n";
  script += submitted_as(array_options(s), s.out_dir + "/slurm/array.sbatch");
  script += "set -eu\n";
  script += fmt::format("exec {} run {}{} --shard \"$SLURM_ARRAY_TASK_ID\"/{} --out {} --jobs "
                        "\"${{SLURM_CPUS_PER_TASK:-1}}\" --resume --no-progress --no-plot\n",
                        shell_quote(s.isogrid), shell_quote(s.experiment), set_arguments(s), s.shards,
                        shell_quote(s.out_dir));
  return script;
}

std::string collect_script(const SlurmSubmission& s)
{
  std::string script = "#!/bin/bash\n#SBATCH --cpus-per-task=1\n";
  script += "# Written by `isogrid submit`, and submitted to run after the array (afterany). It refuses, writing\n"
            "# nothing, when a shard did not finish: `isogrid submit --resume OUT` runs what is missing.\n";
  script += submitted_as(collect_options(s, "<array job id>"), s.out_dir + "/slurm/collect.sbatch");
  script += "set -eu\n";
  script += fmt::format("exec {} collect {}\n", shell_quote(s.isogrid), shell_quote(s.out_dir));
  return script;
}

}  // namespace isogrid
