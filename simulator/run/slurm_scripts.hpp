#pragma once
// The sbatch scripts `isogrid submit` writes: a job array whose task K runs `isogrid run --shard K/N --resume`, and
// a collect job that runs after the whole array (afterany), whatever became of its tasks. Pure text: no Slurm
// needed to build or test them. See docs/cluster.md.
#include <string>
#include <vector>

namespace isogrid {

struct SlurmSubmission {
  std::string isogrid;                 // absolute path of the isogrid binary every node runs
  std::string experiment;              // absolute path of the experiment file
  std::vector<std::string> overrides;  // --set key=value, in order
  std::string out_dir;                 // absolute; on a file system every node sees
  unsigned shards = 1;
  std::vector<unsigned> tasks;           // the array's task ids (shards K); all of 1..shards on a first submission
  unsigned cpus_per_task = 1;            // --jobs of each shard
  std::string partition;                 // empty: the cluster's default
  std::string time_limit;                // empty: the partition's default (sbatch --time syntax, e.g. 1:00:00)
  std::vector<std::string> sbatch_args;  // given as they are to both jobs (--account=..., --qos=..., --mem=...)
  std::string job_name = "isogrid";
};

// A word as the shell reads it back unchanged: single-quoted unless it is plain.
std::string shell_quote(const std::string& word);

// "1-4", "2,5,7-9": sbatch's --array syntax for the task ids (sorted, each once).
std::string array_spec(std::vector<unsigned> tasks);

// The scripts hold what never needs quoting (the array's ids, CPUs, the isogrid command); what may (the log paths,
// partition, time, the user's sbatch arguments) goes on sbatch's command line, from these.
std::string array_script(const SlurmSubmission& s);
std::string collect_script(const SlurmSubmission& s);
std::vector<std::string> array_options(const SlurmSubmission& s);
// `array_job` empty: no dependency (every shard is complete; collect alone).
std::vector<std::string> collect_options(const SlurmSubmission& s, const std::string& array_job);

}  // namespace isogrid
