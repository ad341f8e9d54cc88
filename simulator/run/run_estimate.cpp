#include "simulator/run/run_estimate.hpp"

#include "simulator/core/text.hpp"
#include "simulator/run/measured_costs.hpp"
#include "simulator/run/results_reader.hpp"
#include "simulator/run/run_manifest.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace isogrid {

namespace {

double median_of(std::vector<double> v)
{
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The same cost for every point the experiment runs, 0 for those `where` leaves out.
std::vector<double> uniform_costs(const Experiment& ex, double per_point)
{
  std::vector<double> costs(ex.sweep.size(), 0);
  for (size_t i = 0; i < costs.size(); ++i)
    costs[i] = ex.includes(i) ? per_point : 0;
  return costs;
}

// Each point's wall_s in the folder's results.csv, when its run.json was made from this very experiment.
std::optional<RunEstimate> from_last_run(const Experiment& ex, const std::string& out_dir)
{
  fs::path manifest = fs::path(out_dir) / "run.json", csv = fs::path(out_dir) / "results.csv";
  std::error_code ec;
  if (!fs::is_regular_file(manifest, ec) || !fs::is_regular_file(csv, ec))
    return std::nullopt;
  try {
    if (read_json(manifest.string()).value("/experiment/hash"_json_pointer, std::string()) != ex.hash)
      return std::nullopt;
    RunEstimate e;
    e.costs.assign(ex.sweep.size(), std::nan(""));
    ResultsLayout layout = read_results_layout(csv.string());
    int wall             = layout.column("wall_s");
    std::vector<double> timed;
    for_each_result(csv.string(), [&](const std::vector<std::string>& row) {
      uint64_t i = layout.point(row);
      double s   = number_cell(row, wall);
      if (i < e.costs.size() && std::isfinite(s)) {
        e.costs[i] = s;
        timed.push_back(s);
      }
    });
    if (timed.empty())
      return std::nullopt;
    double typical = median_of(timed);
    for (size_t i = 0; i < e.costs.size(); ++i)
      e.costs[i] = !ex.includes(i) ? 0 : std::isnan(e.costs[i]) ? typical : e.costs[i];
    e.from_last_run = true;
    e.basis         = fmt::format("from the last run in {} ({} timed)", out_dir, counted(timed.size(), "point"));
    return e;
  } catch (const std::exception&) {
    return std::nullopt;  // a folder that cannot be read tells nothing; the run itself reports it
  }
}

// The shipped study this experiment file is ("alzain2008/table11-raytracer-scalability"), as measured.
std::optional<RunEstimate> from_measured_study(const Experiment& ex)
{
  fs::path file     = fs::absolute(ex.file).lexically_normal();
  std::string study = (file.parent_path().filename() / file.stem()).string();
  for (const MeasuredStudy& m : measured_studies()) {
    if (m.study != study || m.model != ex.model->info().name || m.mode != mode_name(ex.mode) || m.points == 0)
      continue;
    RunEstimate e;
    e.costs = uniform_costs(ex, m.total_s / m.points);
    e.basis = fmt::format("from the shipped study {} as measured: {} in {} with one job (a {} machine)", study,
                          counted(m.points, "point"), format_duration(m.total_s), measured_costs_machine());
    return e;
  }
  return std::nullopt;
}

std::optional<RunEstimate> from_measured_costs(const Experiment& ex)
{
  const std::string& model = ex.model->info().name;
  std::string mode         = mode_name(ex.mode);
  for (const MeasuredCost& m : measured_costs()) {
    if (m.model != model || m.mode != mode)
      continue;
    RunEstimate e;
    e.costs = uniform_costs(ex, m.median_s);
    // A closed form costs microseconds: a median of 0 (wall_s is written to the microsecond) has no range.
    e.low_factor  = m.median_s > 0 ? m.p10_s / m.median_s : 1;
    e.high_factor = m.median_s > 0 ? m.p90_s / m.median_s : 1;
    e.basis       = fmt::format("from model {}'s measured cost per point in mode {}: median {}, 10-90 % {} to {}, "
                                      "over {} of {} (a {} machine)",
                                model, mode, format_duration(m.median_s), format_duration(m.p10_s), format_duration(m.p90_s),
                                counted(m.points, "point"), counted(m.studies, "study", "studies"), measured_costs_machine());
    return e;
  }
  return std::nullopt;
}

}  // namespace

double RunEstimate::pending_s(const std::vector<bool>& done) const
{
  double sum = 0;
  for (size_t i = 0; i < costs.size(); ++i)
    if (done.empty() || !done[i])
      sum += costs[i];
  return sum;
}

double RunEstimate::wall_s(unsigned jobs, const std::vector<bool>& done) const
{
  double longest = 0;
  for (size_t i = 0; i < costs.size(); ++i)
    if (done.empty() || !done[i])
      longest = std::max(longest, costs[i]);
  return std::max(pending_s(done) / std::max(1u, jobs), longest);
}

std::optional<RunEstimate> estimate_run(const Experiment& ex, const std::string& out_dir)
{
  if (auto e = from_last_run(ex, out_dir))
    return e;
  if (auto e = from_measured_study(ex))
    return e;
  return from_measured_costs(ex);
}

std::string describe_estimate(const RunEstimate& e, unsigned jobs)
{
  double wall = e.wall_s(jobs);
  std::string range;
  if (e.low_factor != 1 || e.high_factor != 1)
    range = fmt::format(" (between {} and {})", format_duration(wall * e.low_factor),
                        format_duration(wall * e.high_factor));
  return fmt::format("about {} with {}{}, {}", format_duration(wall), counted(jobs, "job"), range, e.basis);
}

}  // namespace isogrid
