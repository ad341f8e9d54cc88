#include "simulator/report/reference_check.hpp"

#include "simulator/core/value.hpp"
#include "simulator/run/results_reader.hpp"

#include <cmath>
#include <fmt/format.h>
#include <unordered_map>

namespace isogrid {

namespace {

std::string point_text(const Experiment& ex, const Reference& r)
{
  std::string out;
  for (const auto& [slot, value] : r.at)
    out += fmt::format("{}{}={}", out.empty() ? "" : ", ", slot_name(slot, ex.model->info()), format_value(value));
  return out;
}

std::string shown(double x) { return std::isnan(x) ? "-" : fmt::format("{:.6g}", x); }

std::string difference(double x, double ref, bool ok)
{
  if (std::isnan(x))
    return "-";
  return fmt::format("{:+.2e} {}", x - ref, ok ? "ok" : "MISS");
}

}  // namespace

bool ReferenceOutcome::passed() const
{
  bool any = !std::isnan(predicted) || !std::isnan(simulated);
  if (rows == 0 || !any)
    return false;
  return (std::isnan(predicted) || predicted_ok) && (std::isnan(simulated) || simulated_ok);
}

namespace {

// The name a reference is shown under: its metric, or its crossing; with its statistic unless that is the mean
// ("runtime (cv)").
std::string measured(const Experiment& ex, const Reference& r)
{
  if (r.crossing >= 0)
    return ex.crossings[static_cast<size_t>(r.crossing)].name;
  std::string name = ex.model->info().metrics[r.metric].name;
  return r.statistic == Statistic::Mean ? name : fmt::format("{} ({})", name, statistic_name(r.statistic));
}

void answer_from_crossing(const Reference& r, const std::vector<CrossingResult>& crossings, ReferenceOutcome& o)
{
  for (const auto& c : crossings) {
    if (static_cast<int>(c.spec) != r.crossing)
      continue;
    bool match = true;
    for (const auto& [slot, value] : r.at) {
      bool found = false;
      for (const auto& [gslot, gvalue] : c.group)
        found = found || (gslot == slot && values_match(gvalue, value));
      match = match && found;
    }
    if (!match)
      continue;
    o.rows      = 1;
    o.predicted = c.predicted;
    o.simulated = c.simulated;
  }
}

}  // namespace

std::vector<ReferenceOutcome> check_references(const Experiment& ex, const ResultsData& data,
                                               const std::vector<CrossingResult>& crossings)
{
  if (ex.references.empty())
    return {};

  size_t n = ex.references.size();
  std::vector<ReferenceOutcome> out(n);
  // A metric reference pins every multi-valued axis (checked when loaded): it names one combination, and a row is
  // matched by its index alone, whatever the kinds of the parameters.
  std::unordered_map<uint64_t, std::vector<size_t>> by_combination;
  for (size_t k = 0; k < n; ++k)
    if (ex.references[k].crossing < 0)
      by_combination[ex.sweep.combination_of(ex.references[k].at)].push_back(k);
  // Each reference's values over the repetitions of its point, per face, for its statistic.
  std::vector<std::vector<double>> pred_values(n), sim_values(n);
  std::vector<const std::vector<double>*> pred_column(n), sim_column(n);  // each reference's columns, found once
  for (size_t k = 0; k < n; ++k)
    if (ex.references[k].crossing < 0) {
      pred_column[k] = data.metric(ex, true, ex.references[k].metric);
      sim_column[k]  = data.metric(ex, false, ex.references[k].metric);
    }
  for (size_t row = 0; row < data.size(); ++row) {
    if (!data.ok(row))
      continue;
    auto it = by_combination.find(data.point(row) / ex.sweep.repetitions());
    if (it == by_combination.end())
      continue;
    for (size_t k : it->second) {
      out[k].rows += 1;
      if (double x = cell(pred_column[k], row); !std::isnan(x))
        pred_values[k].push_back(x);
      if (double x = cell(sim_column[k], row); !std::isnan(x))
        sim_values[k].push_back(x);
    }
  }
  for (size_t k = 0; k < n; ++k) {
    const Reference& r = ex.references[k];
    out[k].reference   = &r;
    out[k].point       = point_text(ex, r);
    if (r.crossing >= 0) {
      answer_from_crossing(r, crossings, out[k]);
    } else {
      out[k].predicted = summarise(r.statistic, std::move(pred_values[k]));
      out[k].simulated = summarise(r.statistic, std::move(sim_values[k]));
    }
    // A face the reference is not for is left out, as if it had not been computed.
    if (!r.checks_predicted())
      out[k].predicted = std::nan("");
    if (!r.checks_simulated())
      out[k].simulated = std::nan("");
    out[k].predicted_ok = r.accepts(out[k].predicted);
    out[k].simulated_ok = r.accepts(out[k].simulated);
  }
  return out;
}

Table references_table(const Experiment& ex, const std::vector<ReferenceOutcome>& outcomes)
{
  Table t{{{"point", Align::Left},
           {"metric", Align::Left},
           {"reference", Align::Right},
           {"predicted", Align::Right},
           {"diff", Align::Right},
           {"simulated", Align::Right},
           {"diff", Align::Right},
           {"tolerance", Align::Left},
           {"source", Align::Left, false}},
          {}};
  for (const auto& o : outcomes) {
    const Reference& r = *o.reference;
    t.rows.push_back({o.point, measured(ex, r), shown(r.value), shown(o.predicted),
                      difference(o.predicted, r.value, o.predicted_ok), shown(o.simulated),
                      difference(o.simulated, r.value, o.simulated_ok), r.tolerance_text(),
                      r.note.empty() ? r.source : r.source + " — " + r.note});
  }
  return t;
}

double max_abs_deviation(const ResultsData& data)
{
  const std::vector<double>* dev = data.numbers("rel_dev");
  double worst                   = std::nan("");
  if (!dev)
    return worst;
  for (size_t row = 0; row < data.size(); ++row) {
    double x = (*dev)[row];
    if (data.ok(row) && !std::isnan(x))
      worst = std::isnan(worst) ? std::fabs(x) : std::max(worst, std::fabs(x));
  }
  return worst;
}

}  // namespace isogrid
