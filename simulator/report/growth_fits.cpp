#include "simulator/report/growth_fits.hpp"

#include "simulator/core/value.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/report/results_data.hpp"
#include "simulator/run/checked_file.hpp"
#include "simulator/run/csv_sink.hpp"
#include "simulator/run/results_reader.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <map>

namespace fs = std::filesystem;

namespace isogrid {

namespace {

// The faces a law is fitted on, in their order: the model's two, and the paper's values where its references give
// the metric at three or more values of the law's parameters.
enum LawFace { kPredicted, kSimulated, kPaper };
const char* law_face_name(int face) { return face == kPaper ? "paper" : face_name(face == kSimulated); }

// Rows gathered per key and face, then fitted, in key order and face order.
struct Gathered {
  std::map<std::pair<std::vector<std::string>, int>, growth::Observations> groups;

  growth::Observations& at(const std::vector<std::string>& key, int face, size_t parameters)
  {
    growth::Observations& obs = groups[{key, face}];
    obs.x.resize(parameters);
    return obs;
  }

  std::vector<FittedLaw> fit(const std::vector<std::string>& by, const growth::HypothesisSet& set) const
  {
    std::vector<std::pair<std::vector<std::string>, int>> keys;
    for (const auto& [key, obs] : groups)
      keys.push_back(key);
    std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) {
      if (cells_less(a.first, b.first))
        return true;
      if (cells_less(b.first, a.first))
        return false;
      return a.second < b.second;
    });
    std::vector<FittedLaw> out;
    for (const auto& key : keys)
      out.push_back({key.first, law_face_name(key.second), growth::fit_law(groups.at(key), by, set)});
    return out;
  }
};

std::string joined(const std::vector<double>& v)
{
  std::string s;
  for (double x : v)
    s += (s.empty() ? "" : ";") + fmt::format("{:.6g}", x);
  return s;
}

// Why a law is not to be trusted, or nothing.
std::string poor_fit_note(const LawTable& t, const growth::Law& law)
{
  if (law.smape <= kPoorFitSmapePercent)
    return "";
  std::string by;
  for (const auto& p : t.by)
    by += (by.empty() ? "" : ", ") + p;
  return fmt::format("fits poorly (SMAPE {:.3g} %): {} grows in a way no law of the hypothesis set describes (faster "
                     "than any power of {}, or as two regimes)",
                     law.smape, t.of, by);
}

std::string terms_text(const growth::Law& law)
{
  std::string s = "1";
  for (const growth::Term& t : law.shape.terms) {
    std::string product;
    for (size_t l = 0; l < t.size(); ++l)
      if (!t[l].is_one())
        product += (product.empty() ? "" : " * ") + growth::factor_formula(t[l], law.parameters[l]);
    s += ";" + product;
  }
  return s;
}

// The paper's face: each reference value of the metric (its mean or median: a location, not a spread) at the point it
// names, whose law parameters and group are read off that point's first ok row (a metric parameter, Al Zain's pes,
// on the simulated face when the run has it). Only groups with three or more distinct values: a paper that gives
// two points has no law to compare.
void gather_paper(const Experiment& ex, const GrowthFitSpec& spec, const ResultsData& data,
                  const std::map<uint64_t, size_t>& first_row,
                  const std::vector<const std::vector<std::string>*>& group_cells, const std::string& of,
                  Gathered& gathered)
{
  const bool simulated = data.metric(ex, false, spec.metric) != nullptr;
  const auto by        = law_parameter_columns(ex, spec, data, !simulated);
  if (std::find(by.begin(), by.end(), nullptr) != by.end())
    return;
  Gathered paper;
  for (const Reference& r : ex.references) {
    if (r.crossing >= 0 || r.metric != spec.metric ||
        (r.statistic != Statistic::Mean && r.statistic != Statistic::Median))
      continue;
    auto found = first_row.find(ex.sweep.combination_of(r.at));
    if (found == first_row.end())
      continue;
    std::vector<std::string> key = group_key(group_cells, found->second);
    key.insert(key.begin(), of);
    growth::Observations& obs = paper.at(key, kPaper, spec.by.size());
    for (size_t l = 0; l < by.size(); ++l)
      obs.x[l].push_back((*by[l])[found->second]);
    obs.y.push_back(r.value);
  }
  for (auto& [key, obs] : paper.groups) {
    std::vector<double> xs = obs.x.empty() ? std::vector<double>{} : obs.x[0];
    std::sort(xs.begin(), xs.end());
    if (std::unique(xs.begin(), xs.end()) - xs.begin() >= 3)
      gathered.groups[key] = std::move(obs);
  }
}

}  // namespace

std::vector<const std::vector<double>*> law_parameter_columns(const Experiment& ex, const GrowthFitSpec& spec,
                                                              const ResultsData& data, bool predicted)
{
  std::vector<const std::vector<double>*> out;
  for (size_t l = 0; l < spec.by.size(); ++l)
    out.push_back(spec.by_metric[l] ? data.metric(ex, predicted, *ex.model->info().metric_index(spec.by[l]))
                                    : data.numbers(spec.by[l]));
  return out;
}

std::vector<LawTable> fit_results(const Experiment& ex, const ResultsData& data)
{
  std::vector<LawTable> out;
  const ModelInfo& info = ex.model->info();
  std::map<uint64_t, size_t> first_row;  // combination -> its first ok row, where the paper's values are placed
  if (!ex.fits.empty() && !ex.references.empty())
    for (size_t row = 0; row < data.size(); ++row)
      if (data.ok(row))
        first_row.emplace(data.point(row) / ex.sweep.repetitions(), row);
  for (const GrowthFitSpec& spec : ex.fits) {
    LawTable table;
    table.of = info.metrics[spec.metric].name;
    table.by = spec.by;
    table.key_columns.push_back("metric");
    std::vector<const std::vector<std::string>*> group_cells;
    // Every swept parameter is a key column, so that the laws of every block share fits.csv's header; those that
    // do not group this block's rows (the law's own parameters) are left empty there.
    for (const Axis& a : ex.sweep.axes()) {
      table.key_columns.push_back(a.name);
      bool groups = std::find(spec.group_by.begin(), spec.group_by.end(), a.name) != spec.group_by.end();
      group_cells.push_back(groups ? data.cells(a.name) : nullptr);
    }
    Gathered gathered;
    for (bool simulated : {false, true}) {
      const std::vector<double>* y = data.metric(ex, !simulated, spec.metric);
      if (!y)
        continue;
      const auto by = law_parameter_columns(ex, spec, data, !simulated);
      if (std::find(by.begin(), by.end(), nullptr) != by.end())
        continue;
      for (size_t row = 0; row < data.size(); ++row) {
        if (!data.ok(row))
          continue;
        std::vector<std::string> key = group_key(group_cells, row);
        key.insert(key.begin(), table.of);
        growth::Observations& obs = gathered.at(key, simulated ? kSimulated : kPredicted, spec.by.size());
        for (size_t l = 0; l < by.size(); ++l)
          obs.x[l].push_back((*by[l])[row]);
        obs.y.push_back((*y)[row]);
      }
    }
    gather_paper(ex, spec, data, first_row, group_cells, table.of, gathered);
    table.laws = gathered.fit(spec.by, spec.hypotheses);
    out.push_back(std::move(table));
  }
  return out;
}

std::vector<LawTable> fit_isoefficiency_lines(const Experiment& ex, const std::string& out_dir)
{
  std::vector<LawTable> out;
  const fs::path path = fs::path(out_dir) / "isoefficiency.csv";
  if (!ex.isoefficiency || !fs::exists(path))
    return out;
  const IsoefficiencySpec& spec = *ex.isoefficiency;
  const ResultsTable lines      = read_results(path.string());
  LawTable table;
  table.of          = spec.size_name;
  table.by          = {spec.scale_name};
  table.key_columns = {"metric", "level"};
  // isoefficiency.csv's group columns: those between "level" and "face"; the scale among them is the law's x.
  const int face = lines.column("face"), level = lines.column("level");
  std::vector<int> key_cells = {lines.column("metric"), level};
  for (int c = level + 1; c < face; ++c)
    if (lines.header[static_cast<size_t>(c)] != spec.scale_name) {
      table.key_columns.push_back(lines.header[static_cast<size_t>(c)]);
      key_cells.push_back(c);
    }
  const int scale = lines.column(spec.scale_name), size = lines.column(spec.size_name),
            on_line = lines.column("on_line"), status = lines.column("status");
  if (face < 0 || level < 0 || scale < 0 || size < 0 || on_line < 0 || status < 0)
    return out;
  Gathered gathered;
  for (const auto& row : lines.rows) {
    const std::string& s = row[static_cast<size_t>(status)];
    if (row[static_cast<size_t>(on_line)] != "yes" || (s != "found" && s != "step"))
      continue;
    std::vector<std::string> key;
    for (int c : key_cells)
      key.push_back(row[static_cast<size_t>(c)]);
    growth::Observations& obs = gathered.at(key, row[static_cast<size_t>(face)] == "simulated", 1);
    obs.x[0].push_back(number_cell(row, scale));
    obs.y.push_back(number_cell(row, size));
  }
  table.laws = gathered.fit(table.by, growth::default_hypotheses());
  out.push_back(std::move(table));
  return out;
}

std::string laws_csv(const std::vector<LawTable>& tables)
{
  std::string out;
  for (const LawTable& t : tables) {
    std::vector<std::string> header = t.key_columns;
    for (const char* c : {"face", "of", "by", "law", "growth", "terms", "coefficients", "half_widths_95",
                          "smape_percent", "cv_smape_percent", "adjusted_r2", "rows", "hypotheses", "note"})
      header.emplace_back(c);
    if (out.empty())
      out = csv_line(header) + "\n";
    std::string by;
    for (const auto& p : t.by)
      by += (by.empty() ? "" : ";") + p;
    for (const FittedLaw& f : t.laws) {
      std::vector<std::string> row = f.key;
      row.insert(row.end(), {f.face, t.of, by});
      const growth::LawOutcome& o = f.outcome;
      if (o.ok) {
        const growth::Law& l = o.law;
        row.insert(row.end(), {l.formula(), l.growth(), terms_text(l), joined(l.coefficients), joined(l.half_widths),
                               fmt::format("{:.6g}", l.smape), fmt::format("{:.6g}", l.cv_smape),
                               fmt::format("{:.6g}", l.adjusted_r2), std::to_string(l.rows), std::to_string(l.tried),
                               poor_fit_note(t, l)});
      } else
        row.insert(row.end(), {"", "", "", "", "", "", "", "", "", "", o.error});
      out += csv_line(row) + "\n";
    }
  }
  return out;
}

Table laws_table(const LawTable& t)
{
  // Key columns empty in every row (a law's own parameters in fits.csv) are left out.
  std::vector<size_t> shown;
  for (size_t c = 0; c < t.key_columns.size(); ++c)
    if (std::any_of(t.laws.begin(), t.laws.end(), [c](const FittedLaw& f) { return !f.key[c].empty(); }))
      shown.push_back(c);
  Table table;
  for (size_t c : shown)
    table.columns.emplace_back(t.key_columns[c]);
  for (const char* c : {"face", "grows as", "law", "SMAPE %", "adj. R²"})
    table.columns.emplace_back(c);
  for (const FittedLaw& f : t.laws) {
    std::vector<std::string> row;
    for (size_t c : shown)
      row.push_back(f.key[c]);
    row.push_back(f.face);
    if (f.outcome.ok && f.outcome.law.smape > kPoorFitSmapePercent)
      row.insert(row.end(),
                 {"no law fits", "best: " + t.of + " = " + f.outcome.law.formula(),
                  fmt::format("{:.3g}", f.outcome.law.smape), fmt::format("{:.4f}", f.outcome.law.adjusted_r2)});
    else if (f.outcome.ok)
      row.insert(row.end(),
                 {f.outcome.law.growth(), t.of + " = " + f.outcome.law.formula(),
                  fmt::format("{:.3g}", f.outcome.law.smape), fmt::format("{:.4f}", f.outcome.law.adjusted_r2)});
    else
      row.insert(row.end(), {"-", f.outcome.error, "", ""});
    table.rows.push_back(std::move(row));
  }
  return table;
}

std::vector<std::string> face_differences(const LawTable& t)
{
  std::map<std::vector<std::string>, std::map<std::string, std::string>> growths;
  std::vector<std::vector<std::string>> order;
  for (const FittedLaw& f : t.laws) {
    if (!f.outcome.ok || f.outcome.law.smape > kPoorFitSmapePercent)
      continue;
    if (!growths.count(f.key))
      order.push_back(f.key);
    growths[f.key][f.face] = f.outcome.law.growth();
  }
  std::vector<std::string> out;
  for (const auto& key : order) {
    const auto& g = growths[key];
    std::string laws;
    const std::string* first = nullptr;
    bool differ              = false;
    for (int face : {kPredicted, kSimulated, kPaper})
      if (auto it = g.find(law_face_name(face)); it != g.end()) {
        first  = first ? first : &it->second;
        differ = differ || it->second != *first;
        laws += fmt::format("{}{} {}", laws.empty() ? "" : ", ", it->first, it->second);
      }
    if (!differ)
      continue;
    std::string where;
    for (size_t c = 1; c < key.size(); ++c)
      if (!key[c].empty())
        where += (where.empty() ? "" : ", ") + t.key_columns[c] + " = " + key[c];
    out.push_back(fmt::format("{}{}the faces' laws differ ({})", where, where.empty() ? "" : ": ", laws));
  }
  return out;
}

void write_laws(const std::string& out_dir, const char* file, const std::vector<LawTable>& tables)
{
  const fs::path path = fs::path(out_dir) / file;
  bool any            = false;
  for (const auto& t : tables)
    any = any || !t.laws.empty();
  if (!any) {
    fs::remove(path);
    return;
  }
  write_file_atomically(path.string(), laws_csv(tables));
}

}  // namespace isogrid
