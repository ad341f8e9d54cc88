#include "simulator/run/runner.hpp"

#include "simulator/core/input_file.hpp"
#include "simulator/core/text.hpp"
#include "simulator/process/process_pool.hpp"
#include "simulator/run/checked_file.hpp"
#include "simulator/run/csv_sink.hpp"
#include "simulator/run/output_folder.hpp"
#include "simulator/run/progress.hpp"
#include "simulator/run/results_reader.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fmt/compile.h>
#include <fmt/format.h>
#include <fstream>
#include <iterator>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace fs = std::filesystem;

namespace isogrid {

namespace {

volatile std::sig_atomic_t g_interrupted = 0;
void on_interrupt(int) { g_interrupted = 1; }

// Rows that finished ahead of a slow point wait in memory; past this many, no new point starts until it is done.
constexpr size_t kMaxWaitingRows = 10000;

class InterruptGuard {
public:
  InterruptGuard()
  {
    g_interrupted = 0;
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: poll() must wake up
    // Ctrl-C, kill, and a terminal or ssh session that closes (SIGHUP): each keeps the finished rows.
    for (size_t i = 0; i < kSignals.size(); ++i)
      sigaction(kSignals[i], &sa, &old_[i]);
  }
  ~InterruptGuard()
  {
    for (size_t i = 0; i < kSignals.size(); ++i)
      sigaction(kSignals[i], &old_[i], nullptr);
  }

private:
  static constexpr std::array<int, 3> kSignals = {SIGINT, SIGTERM, SIGHUP};
  std::array<struct sigaction, 3> old_{};
};

// Child -> parent encoding of an Outcome: counts and doubles in native layout (same binary on both ends).
std::string encode(const Outcome& out)
{
  std::string bytes;
  auto put_vector = [&](const std::vector<double>& v) {
    uint32_t n = static_cast<uint32_t>(v.size());
    bytes.append(reinterpret_cast<const char*>(&n), sizeof n);
    bytes.append(reinterpret_cast<const char*>(v.data()), n * sizeof(double));
  };
  put_vector(out.predicted);
  put_vector(out.simulated);
  bytes += out.note;
  return bytes;
}

Outcome decode(const std::string& bytes)
{
  Outcome out;
  size_t pos      = 0;
  auto get_vector = [&](std::vector<double>& v) {
    uint32_t n = 0;
    if (pos + sizeof n > bytes.size())
      throw std::runtime_error("truncated result from child");
    std::memcpy(&n, bytes.data() + pos, sizeof n);
    pos += sizeof n;
    if (pos + n * sizeof(double) > bytes.size())
      throw std::runtime_error("truncated result from child");
    v.resize(n);
    std::memcpy(v.data(), bytes.data() + pos, n * sizeof(double));
    pos += n * sizeof(double);
  };
  get_vector(out.predicted);
  get_vector(out.simulated);
  out.note = bytes.substr(pos);
  return out;
}

// One results.csv row at a time, built in a buffer that keeps its capacity: an analytic sweep formats a million rows
// a second, and a temporary string per cell would be most of its cost. The text a call returns is valid until the
// next call.
class RowFormatter {
public:
  explicit RowFormatter(const Experiment& ex)
      : ex_(ex), primary_(*ex.model->info().metric_index(ex.model->info().primary_metric))
  {
    // Fixed parameters read the same in every row: format them once.
    const auto& fixed = ex.sweep.fixed();
    fixed_cells_.resize(fixed.size());
    swept_.assign(fixed.size(), false);
    for (const auto& axis : ex.sweep.axes())
      swept_[axis.param] = true;
    for (size_t i = 0; i < fixed.size(); ++i)
      if (!swept_[i])
        fixed_cells_[i] = "," + csv_field(shown_value(ex, i, fixed[i]));
  }

  std::string_view ok(const Point& p, const Outcome& out, double wall_s)
  {
    prefix(p, "ok");
    size_t n = ex_.model->info().metrics.size();
    if (ex_.predicts())
      numbers(out.predicted, n);
    if (ex_.simulates())
      numbers(out.simulated, n);
    if (ex_.predicts() && ex_.simulates()) {
      row_ += ',';
      append_number(row_, deviation(out.predicted[primary_], out.simulated[primary_]));
    }
    return suffix(out.note, wall_s);
  }

  std::string_view error(const Point& p, const std::string& message, double wall_s)
  {
    prefix(p, "error");
    row_.append(metric_columns(), ',');
    return suffix(message, wall_s);
  }

private:
  size_t metric_columns() const
  {
    size_t n = ex_.model->info().metrics.size();
    return (ex_.predicts() ? n : 0) + (ex_.simulates() ? n : 0) + (ex_.predicts() && ex_.simulates() ? 1 : 0);
  }

  void prefix(const Point& p, const char* status)
  {
    row_.clear();
    fmt::format_to(std::back_inserter(row_), FMT_COMPILE("{},{}"), p.index, p.repetition);
    for (size_t i = 0; i < p.values.size(); ++i) {
      if (!swept_[i]) {
        row_ += fixed_cells_[i];
        continue;
      }
      row_ += ',';
      if (const double* x = std::get_if<double>(&p.values[i]))
        append_number(row_, *x);  // a number needs no quoting
      else
        append_csv_field(row_, shown_value(ex_, i, p.values[i]));
    }
    fmt::format_to(std::back_inserter(row_), FMT_COMPILE(",{},{}"), p.seed, status);
  }

  void numbers(const std::vector<double>& values, size_t n)
  {
    for (size_t i = 0; i < n; ++i) {
      row_ += ',';
      append_number(row_, values[i]);
    }
  }

  std::string_view suffix(const std::string& message, double wall_s)
  {
    row_ += ',';
    append_csv_field(row_, message);
    fmt::format_to(std::back_inserter(row_), FMT_COMPILE(",{:.6f}"), wall_s);
    return row_;
  }

  static double deviation(double predicted, double simulated)
  {
    if (!std::isfinite(predicted) || !std::isfinite(simulated))
      return std::nan("");
    if (predicted == 0)
      return simulated - predicted;
    return (simulated - predicted) / std::fabs(predicted);
  }

  const Experiment& ex_;
  size_t primary_;
  std::vector<std::string> fixed_cells_;  // ",value" for each fixed parameter
  std::vector<bool> swept_;
  std::string row_;
};

// The rows an earlier run left in results.csv, after dropping a torn last line (a kill mid-write) and restoring index
// order in a file written by an isogrid that could leave it out of order.
struct ExistingRows {
  std::vector<bool> present;  // per index
  std::vector<bool> failed;   // per index: an error row
  uint64_t errors = 0;
};

ExistingRows read_existing_rows(const std::string& csv, const Experiment& ex)
{
  ExistingRows rows{std::vector<bool>(ex.sweep.size(), false), std::vector<bool>(ex.sweep.size(), false), 0};
  // A last line without its line break is torn (a kill mid-write): cut off, which needs no space on the disk.
  uint64_t size = fs::file_size(csv);
  std::ifstream in(csv, std::ios::binary);
  uint64_t kept = 0;
  for (uint64_t end = size; end > 0 && kept == 0;) {
    uint64_t start = end > (1u << 16) ? end - (1u << 16) : 0;
    std::string tail(static_cast<size_t>(end - start), '\0');
    in.seekg(static_cast<std::streamoff>(start));
    in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
    if (size_t at = tail.rfind('\n'); at != std::string::npos)
      kept = start + at + 1;
    end = start;
  }
  in.close();
  if (kept == 0)
    throw OutputConflict(fmt::format("{} has no header line; remove it or use --force", csv));
  if (kept != size)
    fs::resize_file(csv, kept);
  if (read_results_header(csv) != results_header(ex))
    throw OutputConflict(fmt::format("{} has different columns than this experiment produces; use --force", csv));
  int64_t last  = -1;
  bool in_order = true;
  for_each_numbered_result(csv, [&](const std::vector<std::string>& row, size_t line) {
    uint64_t index = row_index(row[0], csv, line);
    in_order       = in_order && static_cast<int64_t>(index) > last;
    last           = static_cast<int64_t>(index);
    if (index >= rows.present.size())
      return;
    rows.present[index] = true;
    rows.failed[index]  = row[results_status_column(ex)] == "error";
  });
  if (!in_order)
    sort_results_file(csv);
  for (bool f : rows.failed)
    rows.errors += f ? 1 : 0;
  return rows;
}

}  // namespace

std::vector<std::string> results_header(const Experiment& ex)
{
  const ModelInfo& info      = ex.model->info();
  std::vector<std::string> h = {"index", "repetition"};
  for (const auto& p : info.params)
    h.push_back(p.name);
  h.push_back("seed");
  h.push_back("status");
  if (ex.predicts())
    for (const auto& m : info.metrics)
      h.push_back("pred_" + m.name);
  if (ex.simulates())
    for (const auto& m : info.metrics)
      h.push_back("sim_" + m.name);
  if (ex.predicts() && ex.simulates())
    h.push_back("rel_dev");
  h.push_back("message");
  h.push_back("wall_s");
  return h;
}

size_t results_status_column(const Experiment& ex) { return 2 + ex.model->info().params.size() + 1; }

Outcome evaluate_point(const Experiment& ex, const Point& point, const SimulationContext& context)
{
  Outcome out(ex.model->info().metrics.size());
  ex.model->evaluate(point, ex.faces(), context, out);
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

}  // namespace

RunResult run_experiment(const Experiment& ex, const RunOptions& options)
{
  if (options.resume && options.force)
    throw OutputConflict("--resume keeps a run and --force replaces it: give one of them");
  OutputLock lock(options.out_dir);  // first, and held to the end: no second run writes this folder meanwhile
  check_output_folder(ex, options);
  fs::path dir(options.out_dir);
  std::string csv_path      = (dir / "results.csv").string();
  std::string manifest_path = (dir / "run.json").string();
  std::string previous_rows = (dir / "results.csv.previous").string();

  nlohmann::json manifest = make_manifest(ex, options.command_line, options.simgrid_version, options.jobs);
  if (options.shard)
    manifest["shard"] = {{"k", options.shard->k}, {"n", options.shard->n}};
  // Before this run writes anything: room for run.json to say how it ended, should the disk fill meanwhile.
  std::optional<SpaceReserve> reserve;
  try {
    reserve.emplace((dir / kSpaceReserveFile).string(), reserve_for(manifest));
  } catch (const WriteFailed& e) {
    // A limit on each file's size (ulimit -f) is not a lack of space: there is nothing to reserve against.
    if (e.error() != EFBIG)
      throw WriteFailed(e.path(), e.error(),
                        fmt::format("{} in {}: no room to start the run (nothing written); free some space, or "
                                    "give another --out",
                                    write_error_text(e.error()), dir.string()));
  }
  lock.writing();

  RunResult result;
  result.results_csv = csv_path;
  RunCounts& counts  = result.counts;
  double started     = monotonic_seconds();
  std::optional<CsvSink> sink;
  std::optional<ProcessPool> pool;
  std::optional<Progress> progress;
  bool manifest_written = false;  // from then on, run.json says how the run ended, whatever happens
  // A run that cannot go on ends "failed": workers killed, the rows written so far kept (after a failed write, what
  // is still buffered is dropped: it would land behind a hole), run.json saying why. A full disk gets the reserve
  // released first, so that run.json can say it. False when run.json could not be written either.
  auto end_failed = [&](const std::string& why, bool rows_unwritable) {
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
      write_json_atomically(manifest_path, manifest);
      return true;
    } catch (const WriteFailed&) {
      return false;
    }
  };

  try {
    bool resuming = options.resume && fs::exists(csv_path);
    if (options.resume && fs::exists(previous_rows)) {
      // A --retry-errors run was stopped: its rows win over those of the run it retried, which fill the rest.
      if (fs::exists(csv_path))
        merge_results_files(csv_path, previous_rows);
      else
        fs::rename(previous_rows, csv_path);
      fs::remove(previous_rows);
      resuming = true;
    }
    if (!resuming)
      for (const auto& file : files_owned_by_a_run(dir.string()))
        fs::remove_all(file);  // --force, or the remains of a run that wrote no row: nothing stale survives

    ExistingRows existing =
        resuming ? read_existing_rows(csv_path, ex) : ExistingRows{std::vector<bool>(ex.sweep.size(), false), {}, 0};
    existing.failed.resize(ex.sweep.size(), false);
    bool retrying = resuming && options.retry_errors && existing.errors > 0;
    // A row after a missing point (a file an older isogrid left, or one edited by hand) is kept, not appended after.
    bool missing = false, hole = false;
    for (uint64_t i = 0; i < existing.present.size(); ++i) {
      if (!ex.includes(i))
        continue;
      hole    = hole || (missing && existing.present[i]);
      missing = missing || !existing.present[i];
    }
    std::vector<bool> done(ex.sweep.size(), false), keep;
    if (retrying || hole) {
      // The file is written anew, in point order: its good rows are copied in their turn from the old one (moved
      // aside until the run completes), its error rows (with --retry-errors) and missing points computed.
      fs::rename(csv_path, previous_rows);
      keep.assign(ex.sweep.size(), false);
      for (uint64_t i = 0; i < keep.size(); ++i)
        keep[i] = existing.present[i] && !(retrying && existing.failed[i]);
    } else {
      done = existing.present;
    }
    // Error rows this run leaves as they are: with the sink's own, the count the summary gives, without reading the
    // whole file again at the end (a million-row sweep would spend a sixth of its time there).
    uint64_t kept_errors = 0;
    for (uint64_t i = 0; i < done.size(); ++i)
      kept_errors += existing.failed[i] && (done[i] || (!keep.empty() && keep[i])) ? 1 : 0;
    write_file_atomically((dir / "experiment.yaml").string(), ex.resolved_yaml);

    counts.total = ex.included_points;
    for (uint64_t i = 0; i < done.size(); ++i) {
      bool had = done[i] || (!keep.empty() && keep[i]);
      counts.skipped += had && ex.includes(i) ? 1 : 0;
      done[i] = done[i] || !ex.includes(i);  // points `where` rules out count as done: never run, never written
    }
    write_json_atomically(manifest_path, manifest);
    manifest_written = true;

    InterruptGuard guard;
    bool rewriting = !keep.empty();
    sink.emplace(csv_path, results_header(ex), ex.sweep.size(), done, resuming && !rewriting,
                 rewriting ? previous_rows : std::string(), keep);
    RowFormatter format(ex);
    progress.emplace(counts.total, counts.skipped, options.progress && Progress::terminal_attached());
    SimulationContext context{ex.simgrid_config, options.simgrid_logs};
    const bool tracing = traces(ex.simgrid_config);
    if (tracing)
      fs::create_directories(dir / "traces");
    pool.emplace(options.jobs, ex.timeout_s);
    pool->close_in_children(lock.fd());
    std::unordered_map<uint64_t, Point> in_flight;
    bool warmed_up = false;

    // Every finished point, in-process or from a child, is counted, written and shown the same way.
    auto finish_row = [&](uint64_t index, std::string_view row, bool failed) {
      counts.ran += 1;
      counts.errors += failed ? 1 : 0;
      sink->push(index, row, failed);
      progress->tick(failed);
    };
    // One outcome, reused from point to point: an analytic sweep runs a million points a second. A point computed in
    // this process has its row formatted at once; the view is valid until the next row.
    Outcome outcome;
    size_t metric_count = ex.model->info().metrics.size();
    auto compute_here   = [&](const Point& q, bool& failed) -> std::string_view {
      double t0 = monotonic_seconds();
      failed    = false;
      try {
        outcome.reset(metric_count);
        if (!ex.model->evaluate_in_process(q, ex.faces(), context, outcome))
          return {};  // it needs a worker process of its own
        return format.ok(q, outcome, monotonic_seconds() - t0);
      } catch (const std::exception& e) {
        failed = true;
        return format.error(q, e.what(), monotonic_seconds() - t0);
      }
    };
    auto record = [&](const ChildResult& r) {
      // A child Ctrl-C reached before this process noticed it: its point is unfinished, and --resume runs it.
      if (r.interrupted) {
        g_interrupted = 1;
        in_flight.erase(r.task);
        return;
      }
      Point& p = in_flight.at(r.task);
      std::string_view row;
      bool failed = !r.ok;
      if (r.ok) {
        try {
          row = format.ok(p, decode(r.payload), r.wall_s);
        } catch (const std::exception& e) {
          failed = true;
          row    = format.error(p, e.what(), r.wall_s);
        }
      } else {
        row = format.error(p, r.error, r.wall_s);
      }
      finish_row(r.task, row, failed);
      in_flight.erase(r.task);
    };
    auto collect = [&] {
      for (const auto& r : pool->wait_some())
        record(r);
    };

    Point p;  // reused from point to point
    for (uint64_t i = 0; i < ex.sweep.size() && !g_interrupted; ++i) {
      if (done[i] || (!keep.empty() && keep[i]))
        continue;
      ex.sweep.point_into(i, p);
      bool failed          = false;
      std::string_view row = compute_here(p, failed);
      if (!row.empty()) {
        finish_row(i, row, failed);
        continue;
      }
      if (options.warm_up && !warmed_up) {
        options.warm_up(context);
        warmed_up = true;
      }
      while ((pool->full() || sink->waiting() > kMaxWaitingRows) && !pool->idle() && !g_interrupted)
        collect();
      if (g_interrupted)
        break;
      pool->launch(i, [&] {
        if (!tracing)
          return encode(evaluate_point(ex, p, context));
        SimulationContext traced{tracing_settings(context.simgrid_config, options.out_dir, i), context.simgrid_logs};
        return encode(evaluate_point(ex, p, traced));
      });
      in_flight.emplace(i, std::move(p));
    }
    while (!pool->idle() && !g_interrupted)
      collect();

    pool->collect_all_exits();  // before run.json reads the children's CPU time and memory
    result.interrupted = g_interrupted != 0;
    if (result.interrupted)
      pool->kill_all();  // their points were not finished: --resume runs them again
    bool complete = sink->complete();
    sink->close();  // rows waiting behind an unfinished point are dropped: the file stays a prefix, in order
    if (complete && fs::exists(previous_rows))
      fs::remove(previous_rows);
    progress->finish();
    result.error_rows = kept_errors + sink->errors_written();
    counts.error_rows = result.error_rows;
    result.wall_s     = monotonic_seconds() - started;
    set_manifest_status(manifest, result.interrupted ? "interrupted" : "complete", counts, result.wall_s);
    write_json_atomically(manifest_path, manifest);
  } catch (const WriteFailed& e) {
    // Stopped at once, results.csv cut back to its last complete row: --resume finishes it once there is space.
    std::string why = fmt::format("{} while writing {}: {} of {} rows kept; run with --resume once there is space",
                                  write_error_text(e.error()), e.path(), rows_in(csv_path), ex.included_points);
    if (!end_failed(why, true))
      why += "; run.json could not be updated either";
    throw WriteFailed(e.path(), e.error(), why);
  } catch (const std::exception& e) {
    // Any other failure after the start: run.json says so (not "running"), and finished rows stay. Before it (a
    // results.csv --resume cannot read), the folder is left as it was.
    if (manifest_written)
      end_failed(e.what(), false);
    throw;
  }
  return result;
}

}  // namespace isogrid
