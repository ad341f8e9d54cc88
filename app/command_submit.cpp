// `isogrid submit`: a sweep as a Slurm job array of shards plus a collect job that runs after it; `--wait` follows
// them to the end, `--resume DIR` submits again what did not finish. See docs/cluster.md.
#include "app/commands.hpp"
#include "app/experiment_loading.hpp"
#include "app/run_flags.hpp"
#include "app/slurm_client.hpp"
#include "simulator/core/text.hpp"
#include "simulator/run/output_folder.hpp"
#include "simulator/run/run_manifest.hpp"
#include "simulator/run/shard_status.hpp"
#include "simulator/run/shards.hpp"
#include "simulator/run/slurm_scripts.hpp"

#include <chrono>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/vfs.h>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;

namespace isogrid {
// submission.json: what --resume needs to submit again as the first submission did.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(SlurmSubmission, isogrid, experiment, overrides, out_dir, shards, tasks,
                                   cpus_per_task, partition, time_limit, sbatch_args, job_name)
}  // namespace isogrid

namespace isogrid::cli {

namespace {

constexpr long kTmpfsMagic = 0x01021994;

struct SubmitArgs {
  std::string experiment;
  std::string resume;  // DIR of an earlier submission
  std::vector<std::string> set;
  std::string out;
  unsigned shards = 0;
  unsigned cpus   = 1;
  std::string partition, time;
  std::vector<std::string> sbatch_args;
  bool wait = false, dry_run = false, force = false;
  double poll_s = 5;
};

std::string absolute(const std::string& path) { return fs::absolute(path).lexically_normal().string(); }

fs::path slurm_folder(const std::string& out) { return fs::path(out) / "slurm"; }

// What cannot be checked from here (that every node mounts the folder) is said; what can be, is.
void warn_if_node_local(const std::string& path, const char* what)
{
  struct statfs fs_info {};
  bool tmpfs = ::statfs(path.c_str(), &fs_info) == 0 && static_cast<long>(fs_info.f_type) == kTmpfsMagic;
  if (tmpfs || path.rfind("/tmp/", 0) == 0 || path.rfind("/dev/shm/", 0) == 0)
    fmt::print(stderr, "warning: {} {} looks node-local ({}): every node of the array must see it at the same path\n",
               what, path, tmpfs ? "tmpfs" : "under /tmp");
}

// The shards an array must run: every one on a first submission, the unfinished ones on --resume.
std::vector<unsigned> unfinished_shards(const std::string& out, unsigned n)
{
  std::vector<FolderState> states = shard_states(out);
  std::vector<unsigned> tasks;
  for (unsigned k = 1; k <= n; ++k)
    if (states.size() != n || states[k - 1].state != "complete")
      tasks.push_back(k);
  return tasks;
}

// The last `bytes` of a text file ("" when it cannot be read).
std::string tail_of(const std::string& path, size_t bytes)
{
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return text.size() > bytes ? text.substr(text.size() - bytes) : text;
}

// Follows the jobs until none is queued, showing the points done; then says how collect ended.
void wait_for(const std::vector<std::string>& jobs, const SlurmSubmission& s, std::uint64_t total, double poll_s,
              Shared& shared)
{
  bool terminal = ::isatty(STDOUT_FILENO) != 0;
  std::string last;
  auto started = std::chrono::steady_clock::now();
  for (;;) {
    std::vector<std::string> queued = jobs_in_queue(jobs);
    std::uint64_t done              = 0;
    unsigned complete               = 0;
    for (const FolderState& st : shard_states(s.out_dir)) {
      done += st.done;
      complete += st.state == "complete" ? 1 : 0;
    }
    double elapsed   = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::string line = fmt::format("{} of {} points, {} of {} shards complete, {} job(s) queued", done, total, complete,
                                   s.shards, queued.size());
    if (line != last) {
      fmt::print(terminal ? "\r{} [{}]\x1b[K" : "{} [{}]\n", line, format_duration(elapsed));
      std::fflush(stdout);
      last = line;
    }
    if (queued.empty())
      break;
    std::this_thread::sleep_for(std::chrono::duration<double>(poll_s));
  }
  if (terminal)
    fmt::print("\n");
  fs::path merged = fs::path(s.out_dir) / "run.json";
  nlohmann::json manifest;
  if (fs::exists(merged) && fs::exists(fs::path(s.out_dir) / "results.csv"))
    manifest = read_json(merged.string());
  std::string log = (slurm_folder(s.out_dir) / "collect.log").string();
  if (!manifest.contains("shards")) {  // no merge: collect refused or did not run
    fmt::print(stderr, "collect did not merge the shards; its log ({}) ends with:\n{}", log, tail_of(log, 2000));
    fmt::print(stderr, "run what is missing with: isogrid submit --resume {}\n", s.out_dir);
    shared.exit_code = kFailure;
    return;
  }
  std::uint64_t error_rows = manifest.value(nlohmann::json::json_pointer("/counts/error_rows"), std::uint64_t{0});
  fmt::print("collected: {} (checks and plots: {})\n", (fs::path(s.out_dir) / "results.csv").string(), log);
  if (error_rows)
    shared.exit_code = kPointsFailed;
}

void submit(const SubmitArgs& args, Shared& shared)
{
  SlurmSubmission s;
  std::uint64_t total = 0;
  if (!args.resume.empty()) {
    fs::path saved = slurm_folder(args.resume) / "submission.json";
    if (!fs::exists(saved))
      throw OutputConflict(fmt::format("{} holds no submission ({} is missing): submit the experiment first",
                                       args.resume, saved.string()));
    s       = read_json(saved.string()).get<SlurmSubmission>();
    total   = load_one_experiment(s.experiment, s.overrides).ex.included_points;
    s.tasks = unfinished_shards(s.out_dir, s.shards);
  } else {
    if (args.experiment.empty() || args.out.empty() || args.shards == 0)
      throw CLI::ValidationError("submit", "give EXPERIMENT, --out DIR and --shards N (or --resume DIR)");
    total = load_one_experiment(args.experiment, args.set).ex.included_points;  // bad input: refused, nothing written
    s.isogrid       = fs::read_symlink("/proc/self/exe").string();
    s.experiment    = absolute(args.experiment);
    s.overrides     = args.set;
    s.out_dir       = absolute(args.out);
    s.shards        = args.shards;
    s.cpus_per_task = args.cpus;
    s.partition     = args.partition;
    s.time_limit    = args.time;
    s.sbatch_args   = args.sbatch_args;
    s.job_name      = "isogrid-" + fs::path(args.experiment).stem().string();
    for (unsigned k = 1; k <= s.shards; ++k)
      s.tasks.push_back(k);
    check_output_path(s.out_dir);
    if (!args.dry_run && fs::exists(shards_root(s.out_dir)) && !args.force)
      throw OutputConflict(fmt::format("{} already holds shards: `isogrid submit --resume {}` finishes them, "
                                       "--force starts over",
                                       s.out_dir, s.out_dir));
    if (!args.dry_run && !args.force &&
        (fs::exists(fs::path(s.out_dir) / "run.json") || fs::exists(fs::path(s.out_dir) / "results.csv")))
      throw OutputConflict(
          fmt::format("{} already holds a run; give another --out, or --force to replace it", s.out_dir));
  }
  std::string array_text = array_script(s), collect_text = collect_script(s);
  if (args.dry_run) {
    fmt::print("# {}/array.sbatch\n{}\n# {}/collect.sbatch\n{}", slurm_folder(s.out_dir).string(), array_text,
               slurm_folder(s.out_dir).string(), collect_text);
    return;
  }
  require_on_path(args.wait ? std::vector<std::string>{"sbatch", "squeue"} : std::vector<std::string>{"sbatch"});
  std::string array_path   = (slurm_folder(s.out_dir) / "array.sbatch").string();
  std::string collect_path = (slurm_folder(s.out_dir) / "collect.sbatch").string();
  {
    // No collect or local run writes the folder while it is prepared; the lock is released before anything is
    // submitted, as the collect job takes it.
    OutputLock lock(s.out_dir);
    if (args.force)
      fs::remove_all(shards_root(s.out_dir));
    for (const auto& file : files_owned_by_a_run(s.out_dir))
      fs::remove(file);  // a merge of an earlier submission is stale once shards run again
    fs::create_directories(slurm_folder(s.out_dir));
    warn_if_node_local(s.out_dir, "the output folder");
    warn_if_node_local(s.isogrid, "the isogrid binary");
    std::ofstream(array_path, std::ios::trunc) << array_text;
    std::ofstream(collect_path, std::ios::trunc) << collect_text;
  }
  std::vector<std::string> jobs;
  nlohmann::json record = s;
  fs::path saved        = slurm_folder(s.out_dir) / "submission.json";
  if (fs::exists(saved))
    record["jobs"] = read_json(saved.string()).value("jobs", nlohmann::json::array());
  if (!s.tasks.empty()) {
    jobs.push_back(sbatch(array_path, array_options(s)));
    fmt::print("submitted shards {} of {} as job array {} (logs: {}/shard-K.log)\n", array_spec(s.tasks), s.shards,
               jobs.back(), slurm_folder(s.out_dir).string());
    jobs.push_back(sbatch(collect_path, collect_options(s, jobs.front())));
  } else {
    jobs.push_back(sbatch(collect_path, collect_options(s, "")));
    fmt::print("every shard is complete: only collect is submitted\n");
  }
  fmt::print("submitted collect as job {} (log: {}/collect.log)\n", jobs.back(), slurm_folder(s.out_dir).string());
  record["jobs"].push_back({{"array", s.tasks.empty() ? "" : jobs.front()},
                            {"tasks", array_spec(s.tasks)},
                            {"collect", jobs.back()},
                            {"submitted_at", utc_timestamp()}});
  write_json_atomically(saved.string(), record);
  if (!args.wait) {
    fmt::print("follow with: isogrid status {}   (or squeue; --wait waits here)\n", s.out_dir);
    return;
  }
  wait_for(jobs, s, total, args.poll_s, shared);
}

}  // namespace

void add_submit_command(CLI::App& app, Shared& shared)
{
  auto args     = std::make_shared<SubmitArgs>();
  CLI::App* cmd = app.add_subcommand("submit", "Run a sweep on a Slurm cluster: a job array of shards (run --shard "
                                               "K/N) and a collect job after it (docs/cluster.md)");
  cmd->add_option("experiment", args->experiment, "experiment file (YAML)")->check(CLI::ExistingFile);
  cmd->add_option("--set", args->set, "override a key, as for run")->take_all();
  cmd->add_option("-o,--out", args->out, "output folder, on a file system every node sees at the same path")
      ->check(folder_validator());
  cmd->add_option("--shards", args->shards, "number of array tasks (shards) the sweep is split into")
      ->check(CLI::Range(1u, 100000u));
  cmd->add_option("--cpus-per-task", args->cpus, "CPUs per task: each shard runs that many points at once (--jobs)")
      ->check(CLI::Range(1u, 1024u));
  cmd->add_option("--partition", args->partition, "Slurm partition (default: the cluster's)");
  cmd->add_option("--time", args->time, "time limit per task, as sbatch takes it (e.g. 2:00:00)");
  cmd->add_option("--sbatch", args->sbatch_args,
                  "an sbatch argument for both jobs, e.g. --sbatch=--account=proj "
                  "(repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--resume", args->resume, "submit again what an earlier submission into DIR did not finish")
      ->check(CLI::ExistingDirectory);
  cmd->add_flag("--wait", args->wait, "follow the jobs until collect ends, showing progress");
  cmd->add_option("--poll", args->poll_s, "with --wait: seconds between looks at the queue")
      ->check(CLI::Range(0.1, 3600.0));
  cmd->add_flag("--dry-run", args->dry_run, "print the two sbatch scripts and submit nothing");
  cmd->add_flag("--force", args->force,
                "start over: remove the shards and the results an earlier run or submission left in --out");
  cmd->footer(
      "Each task runs `isogrid run EXP --shard K/N --out DIR --resume --jobs $SLURM_CPUS_PER_TASK`; collect runs\n"
      "after the array (afterany) and refuses, writing nothing, if a shard did not finish. A task that fails or\n"
      "is preempted keeps its finished rows: `isogrid submit --resume DIR` runs only what is missing.");
  cmd->callback([args, &shared] { submit(*args, shared); });
}

}  // namespace isogrid::cli
