#include "simulator/run/runner.hpp"

#include "simulator/core/input_file.hpp"
#include "simulator/core/text.hpp"
#include "simulator/core/timeline.hpp"
#include "simulator/process/fork_memory.hpp"
#include "simulator/process/process_pool.hpp"
#include "simulator/run/checked_file.hpp"
#include "simulator/run/csv_sink.hpp"
#include "simulator/run/interrupt_guard.hpp"
#include "simulator/run/isoefficiency_runner.hpp"
#include "simulator/run/outcome_codec.hpp"
#include "simulator/run/output_folder.hpp"
#include "simulator/run/progress.hpp"
#include "simulator/run/resume_plan.hpp"
#include "simulator/run/row_formatter.hpp"
#include "simulator/run/shared_platform.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>
#include <unordered_map>

namespace fs = std::filesystem;

namespace isogrid {

Outcome evaluate_point(const Experiment& ex, const Point& point, const SimulationContext& context)
{
  return evaluate_point(ex, point, ex.faces(), context);
}

Outcome evaluate_point(const Experiment& ex, const Point& point, const Faces& faces, const SimulationContext& context)
{
  Outcome out(ex.model->info().metrics.size());
  ex.model->evaluate(point, faces, context, out);
  return out;
}

void check_output_folder(const Experiment& ex, const RunOptions& options)
{
  if (options.resume && options.force)
    throw OutputConflict("--resume keeps a run and --force replaces it: give one of them");
  check_output_path(options.out_dir);
  if (written_by_a_run(options.out_dir, ex.file))
    throw OutputConflict(fmt::format("{} is a file the run writes into {} (its resolved copy of the experiment): "
                                     "copy the experiment elsewhere, or give another --out",
                                     ex.file, options.out_dir));
  fs::path dir(options.out_dir);
  fs::path csv      = dir / "results.csv";
  fs::path manifest = dir / "run.json";
  bool has_run      = fs::exists(csv) || fs::exists(manifest);
  if (!has_run || options.force)
    return;
  if (!options.resume)
    throw OutputConflict(
        fmt::format("{} already holds a run; pass --resume to finish it or --force to replace it", dir.string()));
  if (!fs::exists(manifest))  // a run that failed before its first row has run.json alone: resumed from scratch
    throw OutputConflict(fmt::format("{} holds a partial run without run.json; use --force", dir.string()));
  try {  // what --resume reads must be files (no limit on their size: results.csv grows with the sweep)
    check_input_file(manifest.string(), UINT64_MAX);
    if (fs::exists(csv))
      check_input_file(csv.string(), UINT64_MAX);
  } catch (const InputFileError& e) {
    throw OutputConflict(fmt::format("{}; use --force to start over", e.what()));
  }
  nlohmann::json previous = read_json(manifest.string());
  std::string hash        = previous.value("/experiment/hash"_json_pointer, std::string());
  if (hash != ex.hash)
    throw OutputConflict(
        fmt::format("the run in {} was made from a different experiment (hash {}…, now {}…); use --force to start over",
                    dir.string(), hash.substr(0, 12), ex.hash.substr(0, 12)));
}

namespace {

// Rows that finished ahead of a slow point wait in memory; past this many, no new point starts until it is done.
constexpr size_t kMaxWaitingRows = 10000;

// The rows a results file holds (its lines but the header), counted for the message of a run that stopped.
uint64_t rows_in(const std::string& csv)
{
  std::ifstream in(csv, std::ios::binary);
  uint64_t lines = 0;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
    lines += static_cast<uint64_t>(std::count(buffer, buffer + in.gcount(), '\n'));
  return lines ? lines - 1 : 0;
}

// How much room the run keeps for its last run.json: the manifest grows by its counts, times and the reason.
uint64_t reserve_for(const nlohmann::json& manifest) { return 2 * manifest.dump(2).size() + (64u << 10); }

// Room on the disk for run.json to say how the run ended, should the disk fill meanwhile: taken before the run writes
// anything. None where each file's size is limited (ulimit -f): that is not a lack of space to reserve against.
void reserve_room(std::optional<SpaceReserve>& reserve, const RunFiles& files, const nlohmann::json& manifest)
{
  try {
    reserve.emplace((fs::path(files.dir) / kSpaceReserveFile).string(), reserve_for(manifest));
  } catch (const WriteFailed& e) {
    if (e.error() != EFBIG)
      throw WriteFailed(e.path(), e.error(),
                        fmt::format("{} in {}: no room to start the run (nothing written); free some space, or "
                                    "give another --out",
                                    write_error_text(e.error()), files.dir));
  }
}

// What a started run holds, so that it can end "failed" from wherever it stops.
struct StartedRun {
  StartedRun(const RunFiles& files, nlohmann::json manifest, RunCounts& counts)
      : files(files), manifest(std::move(manifest)), counts(counts)
  {
  }

  const RunFiles& files;
  nlohmann::json manifest;
  std::optional<SpaceReserve> reserve;
  RunCounts& counts;
  double started        = monotonic_seconds();
  bool manifest_written = false;  // from then on, run.json says how the run ended, whatever happens
  std::optional<CsvSink> sink;
  std::optional<ProcessPool> pool;
  std::optional<Progress> progress;

  // Workers killed, the rows written so far kept (after a failed write, what is still buffered is dropped: it would
  // land behind a hole), run.json saying why. A full disk gets the reserve released first, so that run.json can say
  // it. False when run.json could not be written either.
  bool end_failed(const std::string& why, bool rows_unwritable)
  {
    if (pool)
      pool->kill_all();
    if (sink) {
      try {
        if (!rows_unwritable)
          sink->close();
      } catch (const WriteFailed&) {
      }
      sink->abandon();
    }
    if (progress)
      progress->finish();
    if (reserve)
      reserve->release();
    set_manifest_status(manifest, "failed", counts, monotonic_seconds() - started);
    manifest["error"] = why;
    try {
      write_json_atomically(files.manifest, manifest);
      return true;
    } catch (const WriteFailed&) {
      return false;
    }
  }
};

// The points the plan leaves, computed in point order: in this process where the model can, in forked children
// otherwise, at most `jobs` at a time; every row pushed to the sink, which writes them in point order. Stops early on
// an interruption (InterruptGuard), with the children killed: --resume runs their points again.
class PointLoop {
public:
  PointLoop(const Experiment& ex, const RunOptions& options, StartedRun& run)
      : ex_(ex), options_(options), run_(run), format_(ex), context_{ex.simgrid_config, options.simgrid_logs},
        tracing_(traces(ex.simgrid_config)), metric_count_(ex.model->info().metrics.size())
  {
    if (tracing_)
      fs::create_directories(fs::path(run.files.dir) / "traces");
    timelines_ = timeline_points(ex.plots);
    if (!timelines_.empty())
      fs::create_directories(fs::path(run.files.dir) / kTimelinesFolder);
  }

  void run(const ResumePlan& plan)
  {
    return_freed_pages();  // before the first fork: what loading the experiment freed is not copied into children
    Point p;               // reused from point to point
    for (uint64_t i = 0; i < ex_.sweep.size() && !InterruptGuard::interrupted(); ++i) {
      if (!plan.computes(i))
        continue;
      ex_.sweep.point_into(i, p);
      bool failed          = false;
      std::string_view row = compute_here(p, failed);
      if (!row.empty()) {
        finish_row(i, row, failed);
        continue;
      }
      if (options_.warm_up && !warmed_up_) {
        options_.warm_up(context_);
        warmed_up_ = true;
      }
      while ((pool().full() || run_.sink->waiting() > kMaxWaitingRows) && !pool().idle() &&
             !InterruptGuard::interrupted())
        collect();
      if (InterruptGuard::interrupted())
        break;
      launch(i, p);
      in_flight_.emplace(i, std::move(p));
    }
    while (!pool().idle() && !InterruptGuard::interrupted())
      collect();
    pool().collect_all_exits();  // before run.json reads the children's CPU time and memory
    if (InterruptGuard::interrupted())
      pool().kill_all();  // their points were not finished: --resume runs them again
  }

private:
  ProcessPool& pool() { return *run_.pool; }

  // Every finished point, in-process or from a child, is counted, written and shown the same way.
  void finish_row(uint64_t index, std::string_view row, bool failed)
  {
    run_.counts.ran += 1;
    run_.counts.errors += failed ? 1 : 0;
    run_.sink->push(index, row, failed);
    run_.progress->tick(index, failed);
  }

  // The row of a point this process computes at once, or nothing when it needs a worker process of its own. One
  // outcome, reused from point to point: an analytic sweep runs a million points a second.
  std::string_view compute_here(const Point& q, bool& failed)
  {
    double t0 = monotonic_seconds();
    failed    = false;
    try {
      outcome_.reset(metric_count_);
      if (!ex_.model->evaluate_in_process(q, ex_.faces(), context_, outcome_))
        return {};
      return format_.ok(q, outcome_, monotonic_seconds() - t0);
    } catch (const std::exception& e) {
      failed = true;
      return format_.error(q, e.what(), monotonic_seconds() - t0);
    }
  }

  void launch(uint64_t i, const Point& p)
  {
    std::string platform = options_.prepare_platform && !tracing_ ? shareable_platform(p) : std::string();
    if (platform.empty()) {
      pool().launch(i, [&] { return simulate(i, p); });
      return;
    }
    pool().launch(i, shared_start(platform));
  }

  // The points that name this platform start from a process that loaded it once (their point rebuilt there from its
  // index: the server is a copy of this process, sweep included).
  const ProcessPool::SharedStart& shared_start(const std::string& platform)
  {
    auto it = shared_.find(platform);
    if (it != shared_.end())
      return it->second;
    ProcessPool::SharedStart start{platform, "the platform " + platform,
                                   [this, platform] {
                                     require_as_hashed(platform, ex_.file_sha256);
                                     options_.prepare_platform(context_, platform);
                                     require_as_hashed(platform, ex_.file_sha256);
                                   },
                                   [this](uint64_t task) {
                                     Point q;
                                     ex_.sweep.point_into(task, q);
                                     return simulate(task, q);
                                   },
                                   points_left()};
    return shared_.emplace(platform, std::move(start)).first->second;
  }

  // At most: the points of other platforms are among them.
  uint64_t points_left() const { return run_.counts.total - run_.counts.skipped - run_.counts.ran; }

  // What a point's child runs: its outcome, encoded, and its timeline when a plot draws it.
  std::string simulate(uint64_t i, const Point& p) const
  {
    SimulationContext context = context_;
    if (tracing_)
      context.simgrid_config = tracing_settings(context_.simgrid_config, options_.out_dir, i);
    if (timelines_.count(i) == 0)
      return encode_outcome(evaluate_point(ex_, p, context));
    // A timeline plot draws this point: what its simulation records is written beside the results.
    Timeline timeline;
    context.timeline    = &timeline;
    std::string outcome = encode_outcome(evaluate_point(ex_, p, context));
    write_timeline(options_.out_dir, i, timeline);
    return outcome;
  }

  void record(const ChildResult& r)
  {
    // A child Ctrl-C reached before this process noticed it: its point is unfinished, and --resume runs it.
    if (r.interrupted) {
      InterruptGuard::note_interrupted();
      in_flight_.erase(r.task);
      return;
    }
    Point& p = in_flight_.at(r.task);
    std::string_view row;
    bool failed = !r.ok;
    if (r.ok) {
      try {
        row = format_.ok(p, decode_outcome(r.payload), r.wall_s);
      } catch (const std::exception& e) {
        failed = true;
        row    = format_.error(p, e.what(), r.wall_s);
      }
    } else {
      row = format_.error(p, r.error, r.wall_s);
    }
    finish_row(r.task, row, failed);
    in_flight_.erase(r.task);
  }

  void collect()
  {
    for (const auto& r : pool().wait_some())
      record(r);
  }

  const Experiment& ex_;
  const RunOptions& options_;
  StartedRun& run_;
  RowFormatter format_;
  SimulationContext context_;
  const bool tracing_;
  std::set<uint64_t> timelines_;  // the points a timeline plot draws
  const size_t metric_count_;
  std::map<std::string, ProcessPool::SharedStart> shared_;  // by platform
  Outcome outcome_;
  std::unordered_map<uint64_t, Point> in_flight_;
  bool warmed_up_ = false;
};

}  // namespace

RunResult run_experiment(const Experiment& ex, const RunOptions& options)
{
  if (options.resume && options.force)
    throw OutputConflict("--resume keeps a run and --force replaces it: give one of them");
  OutputLock lock(options.out_dir);  // first, and held to the end: no second run writes this folder meanwhile
  check_output_folder(ex, options);
  RunFiles files(options.out_dir);
  RunResult result;
  result.results_csv = files.csv;
  StartedRun run(files, make_manifest(ex, options.command_line, options.simgrid_version, options.jobs), result.counts);
  if (options.shard)
    run.manifest["shard"] = {{"k", options.shard->k}, {"n", options.shard->n}};
  reserve_room(run.reserve, files, run.manifest);
  lock.writing();

  try {
    ResumePlan plan = reconcile_earlier_run(ex, options.resume, options.retry_errors, files);
    write_file_atomically((fs::path(files.dir) / "experiment.yaml").string(), ex.resolved_yaml);
    run.counts.total   = ex.included_points;
    run.counts.skipped = plan.skipped;
    write_json_atomically(files.manifest, run.manifest);
    run.manifest_written = true;

    InterruptGuard guard;
    run.sink.emplace(files.csv, results_header(ex), ex.sweep.size(), plan.done, plan.append,
                     plan.rewriting() ? files.previous_rows : std::string(), plan.keep);
    run.progress.emplace(run.counts.total, run.counts.skipped, Progress::display_for(options.progress));
    if (options.estimate)
      run.progress->use_estimate(&options.estimate->costs, options.estimate->pending_s(plan.done), options.jobs);
    PointLoop loop(ex, options, run);
    run.pool.emplace(options.jobs, ex.timeout_s);
    run.pool->close_in_children(lock.fd());
    loop.run(plan);

    result.interrupted = InterruptGuard::interrupted();
    bool complete      = run.sink->complete();
    run.sink->close();  // rows waiting behind an unfinished point are dropped: the file stays a prefix, in order
    if (complete && fs::exists(files.previous_rows))
      fs::remove(files.previous_rows);
    run.progress->finish();
    // The isoefficiency lines, once the sweep is whole: a shard holds part of it (collect traces the merged run).
    if (ex.isoefficiency && complete && !result.interrupted && !options.shard) {
      result.trace       = trace_isoefficiency(ex, *ex.isoefficiency, *run.pool,
                                               SimulationContext{ex.simgrid_config, options.simgrid_logs}, files.dir);
      result.interrupted = result.trace->interrupted;
    }
    result.error_rows     = plan.kept_errors + run.sink->errors_written();
    run.counts.error_rows = result.error_rows;
    result.wall_s         = monotonic_seconds() - run.started;
    set_manifest_status(run.manifest, result.interrupted ? "interrupted" : "complete", run.counts, result.wall_s);
    write_json_atomically(files.manifest, run.manifest);
  } catch (const WriteFailed& e) {
    // Stopped at once, results.csv cut back to its last complete row: --resume finishes it once there is space.
    std::string why = fmt::format("{} while writing {}: {} of {} rows kept; run with --resume once there is space",
                                  write_error_text(e.error()), e.path(), rows_in(files.csv), ex.included_points);
    if (!run.end_failed(why, true))
      why += "; run.json could not be updated either";
    throw WriteFailed(e.path(), e.error(), why);
  } catch (const ForkServerLost& e) {
    // Killed from outside (the out-of-memory killer, a user): the points it held stop starting. The rows so far stay,
    // in order, and --resume starts a new one.
    run.end_failed(e.what(), false);  // the rows finished in order are written first, then counted
    throw std::runtime_error(fmt::format("{}: {} of {} rows kept; run with --resume to finish", e.what(),
                                         rows_in(files.csv), ex.included_points));
  } catch (const std::exception& e) {
    // Any other failure after the start: run.json says so (not "running"), and finished rows stay. Before it (a
    // results.csv --resume cannot read), the folder is left as it was.
    if (run.manifest_written)
      run.end_failed(e.what(), false);
    throw;
  }
  return result;
}

}  // namespace isogrid
