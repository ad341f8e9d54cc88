#include "simulator/run/collect.hpp"

#include "simulator/experiment/plot_spec.hpp"
#include "simulator/run/checked_file.hpp"
#include "simulator/run/csv_sink.hpp"
#include "simulator/run/output_folder.hpp"
#include "simulator/run/results_reader.hpp"
#include "simulator/run/runner.hpp"
#include "simulator/run/shards.hpp"

#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace isogrid {

namespace {

// A row but for its last cell, wall_s: two runs of one point agree on everything else.
std::string without_wall(const std::string& line) { return line.substr(0, line.rfind(',')); }

std::string missing_list(const std::vector<unsigned>& ks, unsigned n)
{
  std::string out;
  for (size_t i = 0; i < ks.size() && i < 20; ++i)
    out += (i ? ", " : "") + fmt::format("{}/{}", ks[i], n);
  return ks.size() > 20 ? out + fmt::format(" and {} more", ks.size() - 20) : out;
}

struct ShardRun {
  ShardFolder folder;
  nlohmann::json manifest;
};

// Every shard 1..N present, each one's run.json readable and complete, all from one experiment and one build.
std::vector<ShardRun> complete_shards(const Experiment& ex, const std::string& dir, const std::string& simgrid_version)
{
  std::vector<ShardFolder> folders = find_shard_folders(dir);
  if (folders.empty())
    throw CollectRefused(fmt::format("{} holds no shard: run `isogrid run EXP --shard K/N --out {}` first", dir, dir));
  const unsigned n = folders.front().spec.n;
  std::vector<unsigned> missing, unfinished;
  std::vector<ShardRun> runs;
  unsigned expected = 1;
  for (const ShardFolder& f : folders) {
    for (; expected < f.spec.k; ++expected)
      missing.push_back(expected);
    expected                  = f.spec.k + 1;
    std::string manifest_path = (fs::path(f.path) / "run.json").string();
    if (!fs::exists(manifest_path) || !fs::exists(fs::path(f.path) / "results.csv")) {
      missing.push_back(f.spec.k);
      continue;
    }
    ShardRun run{f, read_json(manifest_path)};
    if (run.manifest.value("status", "") != "complete" || folder_in_use(f.path))
      unfinished.push_back(f.spec.k);
    runs.push_back(std::move(run));
  }
  for (; expected <= n; ++expected)
    missing.push_back(expected);
  if (!missing.empty())
    throw CollectRefused(fmt::format("shard(s) {} of {} have not run: run each with `isogrid run EXP --shard K/{} "
                                     "--out {} --resume`",
                                     missing_list(missing, n), dir, n, dir));
  if (!unfinished.empty())
    throw CollectRefused(fmt::format("shard(s) {} of {} are not complete (running, interrupted or failed): "
                                     "`isogrid status {}` says which; finish each with --resume",
                                     missing_list(unfinished, n), dir, dir));
  for (const ShardRun& r : runs) {
    auto pick = [&](const char* pointer) { return r.manifest.value(nlohmann::json::json_pointer(pointer), ""); };
    std::string where = fmt::format("shard {}/{} ({})", r.folder.spec.k, n, r.folder.path);
    if (pick("/experiment/hash") != ex.hash)
      throw CollectRefused(fmt::format("{} ran a different experiment (hash {}…, this one {}…): shards of one sweep "
                                       "come from one experiment file and the same --set",
                                       where, pick("/experiment/hash").substr(0, 12), ex.hash.substr(0, 12)));
    if (pick("/isogrid_version") != isogrid_version())
      throw CollectRefused(fmt::format("{} ran isogrid {}, this is {}: every shard and collect use one build", where,
                                       pick("/isogrid_version"), isogrid_version()));
    if (pick("/simgrid_version") != simgrid_version)
      throw CollectRefused(fmt::format("{} ran SimGrid {}, this isogrid has {}: every shard and collect use one build",
                                       where, pick("/simgrid_version"), simgrid_version));
    if (r.manifest.value(nlohmann::json::json_pointer("/shard/n"), 0u) != n ||
        r.manifest.value(nlohmann::json::json_pointer("/shard/k"), 0u) != r.folder.spec.k)
      throw CollectRefused(fmt::format("{}: its run.json does not say it is shard {}/{}", where, r.folder.spec.k, n));
  }
  return runs;
}

}  // namespace

ShardedExperiment sharded_experiment(const std::string& dir)
{
  std::vector<ShardFolder> folders = find_shard_folders(dir);
  for (const ShardFolder& f : folders) {
    std::string manifest_path = (fs::path(f.path) / "run.json").string();
    if (!fs::exists(manifest_path))
      continue;
    nlohmann::json m = read_json(manifest_path);
    ShardedExperiment e;
    e.path      = m.value(nlohmann::json::json_pointer("/experiment/path"), "");
    e.overrides = m.value(nlohmann::json::json_pointer("/experiment/overrides"), std::vector<std::string>{});
    e.shards    = f.spec.n;
    if (e.path.empty())
      throw CollectRefused(
          fmt::format("{} does not name its experiment file: give it with --experiment", manifest_path));
    return e;
  }
  throw CollectRefused(fmt::format("{} holds no shard with a run.json: run `isogrid run EXP --shard K/N --out {}` "
                                   "first",
                                   dir, dir));
}

CollectResult collect_shards(const Experiment& ex, const std::string& dir, const std::string& command_line,
                             const std::string& simgrid_version)
{
  OutputLock lock(dir);  // one collect at a time, and no `isogrid run --out DIR` meanwhile
  std::vector<ShardRun> runs        = complete_shards(ex, dir, simgrid_version);
  const unsigned n                  = runs.front().folder.spec.n;
  const std::vector<unsigned> owner = shard_of_points(ex, n);
  const std::string header          = csv_line(results_header(ex));

  CollectResult result;
  result.shards = n;
  std::vector<std::string> rows(ex.sweep.size());
  for (const ShardRun& r : runs) {
    const std::string csv = (fs::path(r.folder.path) / "results.csv").string();
    std::ifstream in(csv, std::ios::binary);
    std::string line;
    if (!std::getline(in, line) || line != header)
      throw CollectRefused(fmt::format("{} has different columns than this experiment produces", csv));
    const unsigned k = r.folder.spec.k;
    for (size_t number = 2; std::getline(in, line); ++number) {
      if (line.empty() || in.eof())
        continue;  // a torn last line (a kill mid-write) is no row: its point counts as missing
      std::uint64_t index = row_index(line.substr(0, line.find(',')), csv, number);
      if (index >= rows.size() || owner[index] != k)
        throw CollectRefused(fmt::format("{}: point {} is not one of shard {}/{}'s", csv, index, k, n));
      if (!rows[index].empty()) {
        // A requeued task that ran a point twice: the same results (but for wall_s) are one row.
        if (without_wall(rows[index]) != without_wall(line))
          throw CollectRefused(fmt::format("{}: point {} appears twice with different results", csv, index));
        continue;
      }
      rows[index] = line;
    }
    result.shards_wall_s += r.manifest.value("wall_s", 0.0);
  }
  std::uint64_t absent = 0, first_absent = 0;
  for (std::uint64_t i = 0; i < rows.size(); ++i) {
    if (!ex.includes(i) || !rows[i].empty())
      continue;
    first_absent = absent++ ? first_absent : i;
  }
  if (absent)
    throw CollectRefused(fmt::format("{} point(s) have no row (the first: point {}, shard {}/{}): finish the shard "
                                     "with --resume",
                                     absent, first_absent, owner[first_absent], n));
  // The timelines the plots draw, each recorded by the shard that computed its point.
  std::vector<std::pair<std::string, std::string>> timelines;  // (shard's file, merged file)
  for (std::uint64_t index : timeline_points(ex.plots))
    for (const ShardRun& r : runs)
      if (r.folder.spec.k == owner[index])
        for (const auto& [from, to] : {std::make_pair(timeline_path(r.folder.path, index), timeline_path(dir, index)),
                                       std::make_pair(paje_path(r.folder.path, index), paje_path(dir, index))}) {
          if (!fs::exists(from))
            throw CollectRefused(fmt::format("{} is missing: shard {}/{} computed point {}, whose timeline a plot "
                                             "draws; run the shard again with --force",
                                             from, owner[index], n, index));
          timelines.emplace_back(from, to);
        }

  // Everything checks: the merged folder is written as a run's, results.csv and run.json each by an atomic rename.
  lock.writing();
  for (const auto& file : files_owned_by_a_run(dir))
    fs::remove_all(file);
  write_file_atomically((fs::path(dir) / "experiment.yaml").string(), ex.resolved_yaml);
  result.results_csv  = (fs::path(dir) / "results.csv").string();
  const size_t status = results_status_column(ex);
  {
    AtomicFileWriter out(result.results_csv);
    out << header << '\n';
    for (const std::string& row : rows) {
      if (row.empty())
        continue;
      out << row << '\n';
      result.counts.error_rows += split_csv_line(row)[status] == "error" ? 1 : 0;
    }
    out.commit();
  }
  if (!timelines.empty())
    fs::create_directories(fs::path(dir) / kTimelinesFolder);
  for (const auto& [from, to] : timelines) {  // whole or not at all, as every file of the folder
    fs::copy_file(from, to + ".tmp", fs::copy_options::overwrite_existing);
    fs::rename(to + ".tmp", to);
  }
  result.counts.total  = ex.included_points;
  result.counts.ran    = ex.included_points;
  result.counts.errors = result.counts.error_rows;

  nlohmann::json manifest = make_manifest(ex, command_line, simgrid_version, 0);
  set_manifest_status(manifest, "complete", result.counts, result.shards_wall_s);
  nlohmann::json shards = nlohmann::json::array();
  double harness = 0, simulations = 0;
  for (const ShardRun& r : runs) {
    shards.push_back({{"k", r.folder.spec.k},
                      {"host", r.manifest.value("host", "")},
                      {"jobs", r.manifest.value("jobs", 0u)},
                      {"wall_s", r.manifest.value("wall_s", 0.0)},
                      {"started_at", r.manifest.value("started_at", "")},
                      {"finished_at", r.manifest.value("finished_at", "")}});
    harness += r.manifest.value(nlohmann::json::json_pointer("/cpu_s/harness"), 0.0);
    simulations += r.manifest.value(nlohmann::json::json_pointer("/cpu_s/simulations"), 0.0);
  }
  manifest["shards"] = {{"n", n}, {"runs", shards}};
  manifest["cpu_s"]  = {{"harness", harness}, {"simulations", simulations}};
  manifest.erase("jobs");
  write_json_atomically((fs::path(dir) / "run.json").string(), manifest);
  return result;
}

}  // namespace isogrid
