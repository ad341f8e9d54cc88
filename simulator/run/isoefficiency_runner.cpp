#include "simulator/run/isoefficiency_runner.hpp"

#include "simulator/run/isoefficiency_limits.hpp"

#include "simulator/run/checked_file.hpp"
#include "simulator/run/csv_sink.hpp"
#include "simulator/run/interrupt_guard.hpp"
#include "simulator/run/outcome_codec.hpp"
#include "simulator/run/results_reader.hpp"
#include "simulator/run/runner.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <map>

namespace fs = std::filesystem;

namespace isogrid {

namespace {

std::string axis_cell(const Experiment& ex, const Axis& axis, const Value& v)
{
  return axis.element ? format_value(v) : shown_value(ex, axis.param, v);
}

std::vector<std::string> probes_header(const Experiment& ex, const IsoefficiencyTrace& trace)
{
  std::vector<std::string> h = {"face"};
  for (const Axis* a : trace.group_axes())
    h.push_back(a->name);
  h.push_back(trace.spec().size_name);
  for (const char* c : {"repetition", "seed", "status"})
    h.emplace_back(c);
  for (const auto& m : ex.model->info().metrics)
    h.push_back(m.name);
  h.emplace_back("message");
  return h;
}

// One repetition of one probe: what identifies it in the probes file (the cells before `status`), and its row.
struct Evaluation {
  ProbeKey key;
  uint32_t repetition = 0;
  Point point;
  std::string id;   // face, group, size, repetition, seed: the cells before `status`, as a CSV line
  std::string row;  // the whole line, once computed (or read back)
  double value = std::nan("");
};

std::string id_of(const Experiment& ex, const IsoefficiencyTrace& trace, const ProbeKey& key, uint32_t repetition,
                  uint64_t seed)
{
  std::string id    = face_name(key.simulated);
  const IsoGroup& g = trace.groups()[key.group];
  for (size_t k = 0; k < g.values.size(); ++k)
    id += "," + csv_field(axis_cell(ex, *trace.group_axes()[k], g.values[k]));
  id += "," + format_number(key.size);
  id += fmt::format(",{},{}", repetition, seed);
  return id;
}

// The row's status and metric cells after its id; the caller adds the message.
std::string row_of(const std::string& id, const Outcome* out, bool simulated, size_t metric_count)
{
  std::string row = id + (out ? ",ok" : ",error");
  for (size_t i = 0; i < metric_count; ++i) {
    row += ",";
    double v = out ? (simulated ? out->simulated : out->predicted)[i] : std::nan("");
    if (!std::isnan(v))
      append_number(row, v);
  }
  return row;
}

// The probes an earlier run recorded, by id (their cells before `status`, written as id_of writes them): their
// rows. None when the file is absent or its header differs (a trace of other axes or metrics: nothing in it can be
// reused).
std::map<std::string, std::string> recorded_probes(const std::string& path, const std::string& header,
                                                   size_t status_column)
{
  std::map<std::string, std::string> rows;
  std::ifstream in(path, std::ios::binary);
  std::string line;
  if (!in || !std::getline(in, line) || line != header)
    return rows;
  while (std::getline(in, line)) {
    if (in.eof())
      break;  // a last line without its line break was cut short
    std::vector<std::string> cells = split_csv_line(line);
    if (cells.size() <= status_column)
      continue;
    cells.resize(status_column);
    rows.emplace(csv_line(cells), line);
  }
  return rows;
}

// The metric's value in a probe row (NaN for an error row or an empty cell).
double value_in_row(const std::string& row, size_t status_column, size_t metric)
{
  std::vector<std::string> cells = split_csv_line(row);
  if (cells.size() <= status_column + 1 + metric || cells[status_column] != "ok")
    return std::nan("");
  return number_cell(cells, static_cast<int>(status_column + 1 + metric));
}

}  // namespace

TraceCounts trace_isoefficiency(const Experiment& ex, const IsoefficiencySpec& spec, ProcessPool& pool,
                                const SimulationContext& context, const std::string& out_dir)
{
  IsoefficiencyTrace trace(ex, spec);
  TraceCounts counts;
  counts.lines                                = trace.lines().size();
  const std::string probes_path               = (fs::path(out_dir) / kIsoefficiencyProbesFile).string();
  const std::vector<std::string> hd           = probes_header(ex, trace);
  const std::string header                    = csv_line(hd);
  const size_t status_column                  = static_cast<size_t>(column_index(hd, "status"));
  const size_t metric_count                   = ex.model->info().metrics.size();
  std::map<std::string, std::string> recorded = recorded_probes(probes_path, header, status_column);
  std::string file                            = header + "\n";

  for (;;) {
    std::vector<ProbeKey> needed = trace.needed();
    if (needed.empty() || InterruptGuard::interrupted())
      break;
    std::vector<Evaluation> round;
    for (const ProbeKey& key : needed)
      for (uint32_t r = 0; r < ex.sweep.repetitions(); ++r) {
        Evaluation e;
        e.key        = key;
        e.repetition = r;
        e.point      = trace.probe_point(key, r);
        e.id         = id_of(ex, trace, key, r, e.point.seed);
        round.push_back(std::move(e));
      }
    auto finish = [&](Evaluation& e, const Outcome* out, const std::string& error) {
      e.row   = row_of(e.id, out, e.key.simulated, metric_count) + "," + csv_field(out ? out->note : error);
      e.value = out ? (e.key.simulated ? out->simulated : out->predicted)[spec.metric] : std::nan("");
    };
    auto collect = [&] {
      for (const ChildResult& r : pool.wait_some()) {
        if (r.interrupted) {  // reached by Ctrl-C before this process noticed it: the round stops
          InterruptGuard::note_interrupted();
          continue;
        }
        Evaluation& done = round[r.task];
        if (!r.ok) {
          finish(done, nullptr, r.error);
          continue;
        }
        try {
          Outcome o = decode_outcome(r.payload);
          finish(done, &o, "");
        } catch (const std::exception& e) {
          finish(done, nullptr, e.what());
        }
      }
    };
    Outcome outcome(metric_count);
    for (size_t i = 0; i < round.size() && !InterruptGuard::interrupted(); ++i) {
      Evaluation& e = round[i];
      if (auto it = recorded.find(e.id); it != recorded.end()) {
        e.row   = it->second;
        e.value = value_in_row(e.row, status_column, spec.metric);
        ++counts.reused;
        continue;
      }
      ++counts.evaluations;
      const Faces faces{!e.key.simulated, e.key.simulated};
      try {
        outcome.reset(metric_count);
        if (ex.model->evaluate_in_process(e.point, faces, context, outcome)) {
          finish(e, &outcome, "");
          continue;
        }
      } catch (const std::exception& ex_error) {
        finish(e, nullptr, ex_error.what());
        continue;
      }
      while (pool.full() && !InterruptGuard::interrupted())
        collect();
      if (InterruptGuard::interrupted())
        break;
      const Point& point = e.point;
      pool.launch(i,
                  [&ex, &context, &point, faces] { return encode_outcome(evaluate_point(ex, point, faces, context)); });
    }
    while (!pool.idle() && !InterruptGuard::interrupted())
      collect();
    if (InterruptGuard::interrupted()) {
      pool.kill_all();  // the round is run again whole by --resume
      break;
    }
    // Every repetition of a probe in: its value is their mean (NaN when one could not be computed).
    for (size_t i = 0; i < round.size(); i += ex.sweep.repetitions()) {
      std::vector<double> values;
      for (uint32_t r = 0; r < ex.sweep.repetitions(); ++r)
        values.push_back(round[i + r].value);
      trace.give(round[i].key, values);
      ++counts.probes;
    }
    for (const Evaluation& e : round)
      file += e.row + "\n";
    write_file_atomically(probes_path, file);
  }
  counts.interrupted = InterruptGuard::interrupted();
  if (!counts.interrupted) {
    write_file_atomically((fs::path(out_dir) / kIsoefficiencyFile).string(), isoefficiency_csv(ex, trace));
    for (const LevelReach& r : level_reaches(ex, trace))
      counts.reaches.push_back(reach_text(ex, trace, r));
  }
  return counts;
}

namespace {

std::string line_note(const std::string& metric, const std::string& size, const LevelSearchResult& r, double level,
                      double low, double high)
{
  switch (r.status) {
    case LevelSearchStatus::NeverReached:
      return fmt::format("{} never reaches {} for {} in [{}, {}]: at most {}, at {} = {}", metric, format_number(level),
                         size, format_number(low), format_number(high), format_number(r.closest_y), size,
                         format_number(r.closest_x));
    case LevelSearchStatus::AlwaysAbove:
      return fmt::format("{} is at or above {} over all of [{}, {}]: at least {}, at {} = {}", metric,
                         format_number(level), format_number(low), format_number(high), format_number(r.closest_y),
                         size, format_number(r.closest_x));
    case LevelSearchStatus::Failed: return r.why;
    default: break;
  }
  if (r.crossings.size() > 1) {
    std::string at;
    for (const auto& c : r.crossings)
      at += (at.empty() ? "" : ", ") + format_number(c.x);
    return fmt::format("{} crosses {} {} times in range: at {} = {}", metric, format_number(level), r.crossings.size(),
                       size, at);
  }
  return "";
}

}  // namespace

std::string isoefficiency_csv(const Experiment& ex, const IsoefficiencyTrace& trace)
{
  const IsoefficiencySpec& spec   = trace.spec();
  const std::string& metric       = ex.model->info().metrics[spec.metric].name;
  std::vector<std::string> header = {"metric", "level"};
  for (const Axis* a : trace.group_axes())
    header.push_back(a->name);
  for (const char* c : {"face", "crossing"})
    header.emplace_back(c);
  header.push_back(spec.size_name);
  for (const char* c : {"status", "probes", "bracket_low", "bracket_high", "value_low", "value_high", "note", "limit",
                        "ci_low", "ci_high", "on_line"})
    header.emplace_back(c);
  // Lines by level, then by their group's values (numbers by size: m = 2 before m = 10), then face.
  std::vector<const IsoLine*> lines;
  for (const IsoLine& l : trace.lines())
    lines.push_back(&l);
  std::stable_sort(lines.begin(), lines.end(), [&](const IsoLine* a, const IsoLine* b) {
    if (a->level != b->level)
      return a->level < b->level;
    const auto& va = trace.groups()[a->group].values;
    const auto& vb = trace.groups()[b->group].values;
    if (values_less(va, vb))
      return true;
    if (values_less(vb, va))
      return false;
    return a->simulated < b->simulated;
  });
  std::string out = csv_line(header) + "\n";
  for (const IsoLine* l : lines) {
    const LevelSearchResult& r = l->search.result();
    const double level         = spec.levels[l->level];
    std::string prefix         = csv_field(metric) + "," + format_number(level);
    const IsoGroup& g          = trace.groups()[l->group];
    for (size_t k = 0; k < g.values.size(); ++k)
      prefix += "," + csv_field(axis_cell(ex, *trace.group_axes()[k], g.values[k]));
    prefix += std::string(",") + face_name(l->simulated);
    std::string note                  = line_note(metric, spec.size_name, r, level, spec.low, spec.high);
    const std::optional<double> limit = line_limit(ex, trace, *l);
    const std::string limit_cell      = limit ? format_number(*limit) : "";
    if (limit && r.status == LevelSearchStatus::NeverReached)
      note += fmt::format("; its limit as {} grows is {} (closed form)", spec.size_name, format_number(*limit));
    if (r.crossings.empty()) {
      out += fmt::format("{},,,{},{},,,{},,{},{},,,no\n", prefix, level_search_status_name(r.status), r.probes,
                         r.status == LevelSearchStatus::Failed ? "" : format_number(r.closest_y), csv_field(note),
                         limit_cell);
      continue;
    }
    // The crossing W(p) and its law take at this scale value: the first, or the one from which the level holds.
    const std::optional<size_t> on_line = spec.hold ? holding_crossing(r) : std::optional<size_t>(0);
    if (spec.hold && !on_line)
      note += fmt::format("{}{} does not hold at or above {} up to the range's end", note.empty() ? "" : "; ", metric,
                          format_number(level));
    for (size_t c = 0; c < r.crossings.size(); ++c) {
      const LevelCrossing& x = r.crossings[c];
      std::string row_note   = note;
      if (x.jump) {
        if (!row_note.empty())
          row_note += "; ";
        row_note +=
            fmt::format("a step, not a crossing: {} goes from {} to {} at {} = {}", metric, format_number(x.before_y),
                        format_number(x.after_y), spec.size_name, format_number(x.x));
      }
      const auto interval = trace.crossing_interval(*l, x);
      out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", prefix, c + 1, format_number(x.x),
                         x.jump ? "step" : "found", r.probes, format_number(x.before_x), format_number(x.after_x),
                         format_number(x.before_y), format_number(x.after_y), csv_field(row_note), limit_cell,
                         interval ? format_number(interval->first) : "",
                         interval ? format_number(interval->second) : "", on_line == c ? "yes" : "no");
    }
  }
  return out;
}

}  // namespace isogrid
