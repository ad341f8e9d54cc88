#include "simulator/run/run_manifest.hpp"

#include "simulator/core/value.hpp"
#include "simulator/run/checked_file.hpp"

#include <ctime>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <sys/resource.h>
#include <unistd.h>

namespace isogrid {

std::string isogrid_version() { return ISOGRID_VERSION; }

std::string utc_timestamp()
{
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

nlohmann::json make_manifest(const Experiment& ex, const std::string& command_line, const std::string& simgrid_version,
                             unsigned jobs)
{
  const ModelInfo& info = ex.model->info();
  nlohmann::json m;
  m["isogrid_version"] = isogrid_version();
  m["simgrid_version"] = simgrid_version;
  m["command_line"]    = command_line;
  char host[256]       = {0};
  ::gethostname(host, sizeof host - 1);
  m["host"]       = host;
  m["jobs"]       = jobs;
  m["started_at"] = utc_timestamp();

  nlohmann::json e;
  e["file"] = ex.file;
  // Where `isogrid collect` finds the experiment again (on another node of a cluster whose shared file system
  // shows the same paths), and the overrides it was run with.
  std::error_code ec;
  e["path"]        = std::filesystem::absolute(ex.file, ec).lexically_normal().string();
  e["overrides"]   = ex.overrides;
  e["hash"]        = ex.hash;
  e["title"]       = ex.title;
  e["description"] = ex.description;
  e["source"]      = ex.source;
  e["model"]       = info.name;
  e["mode"]        = mode_name(ex.mode);
  e["seed"]        = ex.seed;
  e["repetitions"] = ex.sweep.repetitions();
  e["points"]      = ex.included_points;
  e["where"]       = ex.where;
  e["timeout_s"]   = ex.timeout_s;
  // An axis's values, for the plots' grids; a longer axis gives only its count (a million values would make run.json
  // 30 MB, written twice a run): its values are results.csv's, in their order of first appearance.
  nlohmann::json axes = nlohmann::json::array();
  for (const auto& a : ex.sweep.axes()) {
    if (a.values.size() > kListedAxisValues) {
      axes.push_back({{"name", a.name}, {"count", a.values.size()}});
      continue;
    }
    nlohmann::json values = nlohmann::json::array();
    for (const auto& v : a.values)
      values.push_back(shown_value(ex, a.param, v));
    axes.push_back({{"name", a.name}, {"values", values}});
  }
  e["axes"]       = axes;
  m["experiment"] = e;

  nlohmann::json metrics = nlohmann::json::array();
  for (const auto& metric : info.metrics)
    metrics.push_back({{"name", metric.name}, {"doc", metric.doc}, {"unit", metric.unit}, {"label", metric.label}});
  m["metrics"] = metrics;
  // The parameters' descriptions and units, for the axes of plots drawn over them.
  nlohmann::json parameters = nlohmann::json::array();
  for (const auto& param : info.params)
    parameters.push_back({{"name", param.name}, {"doc", param.doc}, {"unit", param.unit}, {"label", param.label}});
  m["parameters"]     = parameters;
  m["primary_metric"] = info.primary_metric;
  // The network-model settings every simulated point ran with (principle 6 of the architecture).
  m["simgrid_config"] = ex.simulates() ? nlohmann::json(ex.simgrid_config) : nlohmann::json::array();
  if (!ex.plugins.empty()) {
    m["plugins"] = nlohmann::json::array();
    for (const auto& p : ex.plugins)
      m["plugins"].push_back({{"path", p.path}, {"sha256", p.sha256}});
  }
  m["plots"]  = to_json(ex.plots);
  m["status"] = "running";
  return m;
}

namespace {
double cpu_seconds(int who)
{
  rusage u{};
  ::getrusage(who, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}
}  // namespace

void set_manifest_status(nlohmann::json& manifest, const std::string& status, const RunCounts& counts, double wall_s)
{
  // Where the time went: the harness itself (parsing, forking, writing) and the simulations in its children.
  manifest["cpu_s"] = {{"harness", cpu_seconds(RUSAGE_SELF)}, {"simulations", cpu_seconds(RUSAGE_CHILDREN)}};
  // Peak resident memory of this process and of its largest child (Linux reports KiB).
  rusage self{}, children{};
  ::getrusage(RUSAGE_SELF, &self);
  ::getrusage(RUSAGE_CHILDREN, &children);
  manifest["peak_rss_mib"] = {{"harness", static_cast<double>(self.ru_maxrss) / 1024},
                              {"largest_simulation", static_cast<double>(children.ru_maxrss) / 1024}};
  manifest["status"]       = status;
  manifest["finished_at"]  = utc_timestamp();
  manifest["wall_s"]       = wall_s;
  manifest["counts"]       = {{"total", counts.total},
                              {"already_done", counts.skipped},
                              {"ran", counts.ran},
                              {"errors", counts.errors},
                              {"error_rows", counts.error_rows}};
}

void write_json_atomically(const std::string& path, const nlohmann::json& value)
{
  // Replacement characters rather than an exception for bytes that are not UTF-8 (a file name, a host name).
  write_file_atomically(path, value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + '\n');
}

nlohmann::json read_json(const std::string& path)
{
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error(fmt::format("cannot read {}", path));
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(fmt::format("{} is not valid JSON: {}", path, e.what()));
  }
}

}  // namespace isogrid
