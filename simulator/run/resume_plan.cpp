#include "simulator/run/resume_plan.hpp"

#include "simulator/run/csv_sink.hpp"
#include "simulator/run/output_folder.hpp"
#include "simulator/run/results_reader.hpp"
#include "simulator/run/row_formatter.hpp"

#include <filesystem>
#include <fmt/format.h>
#include <fstream>

namespace fs = std::filesystem;

namespace isogrid {

RunFiles::RunFiles(const std::string& out_dir)
    : dir(out_dir), csv((fs::path(out_dir) / "results.csv").string()),
      manifest((fs::path(out_dir) / "run.json").string()),
      previous_rows((fs::path(out_dir) / "results.csv.previous").string())
{
}

namespace {

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

ResumePlan reconcile_earlier_run(const Experiment& ex, bool resume, bool retry_errors, const RunFiles& files)
{
  bool resuming = resume && fs::exists(files.csv);
  if (resume && fs::exists(files.previous_rows)) {
    // A --retry-errors run was stopped: its rows win over those of the run it retried, which fill the rest.
    if (fs::exists(files.csv))
      merge_results_files(files.csv, files.previous_rows);
    else
      fs::rename(files.previous_rows, files.csv);
    fs::remove(files.previous_rows);
    resuming = true;
  }
  if (!resuming)
    for (const auto& file : files_owned_by_a_run(files.dir))
      fs::remove_all(file);  // --force, or the remains of a run that wrote no row: nothing stale survives

  ExistingRows existing =
      resuming ? read_existing_rows(files.csv, ex) : ExistingRows{std::vector<bool>(ex.sweep.size(), false), {}, 0};
  existing.failed.resize(ex.sweep.size(), false);
  bool retrying = resuming && retry_errors && existing.errors > 0;
  // A row after a missing point (a file an older isogrid left, or one edited by hand) is kept, not appended after.
  bool missing = false, hole = false;
  for (uint64_t i = 0; i < existing.present.size(); ++i) {
    if (!ex.includes(i))
      continue;
    hole    = hole || (missing && existing.present[i]);
    missing = missing || !existing.present[i];
  }
  ResumePlan plan;
  plan.done.assign(ex.sweep.size(), false);
  if (retrying || hole) {
    // The file is written anew, in point order: its good rows are copied in their turn from the old one (moved
    // aside until the run completes), its error rows (with --retry-errors) and missing points computed.
    fs::rename(files.csv, files.previous_rows);
    plan.keep.assign(ex.sweep.size(), false);
    for (uint64_t i = 0; i < plan.keep.size(); ++i)
      plan.keep[i] = existing.present[i] && !(retrying && existing.failed[i]);
  } else {
    plan.done = existing.present;
  }
  plan.append = resuming && !plan.rewriting();
  // Error rows this run leaves as they are: with the sink's own, the count the summary gives, without reading the
  // whole file again at the end (a million-row sweep would spend a sixth of its time there).
  for (uint64_t i = 0; i < plan.done.size(); ++i) {
    bool had = plan.done[i] || (plan.rewriting() && plan.keep[i]);
    plan.kept_errors += existing.failed[i] && had ? 1 : 0;
    plan.skipped += had && ex.includes(i) ? 1 : 0;
    plan.done[i] = plan.done[i] || !ex.includes(i);  // points `where` rules out count as done: never run or written
  }
  return plan;
}

}  // namespace isogrid
