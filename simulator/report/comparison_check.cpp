#include "simulator/report/comparison_check.hpp"

#include "base/random.hpp"
#include "simulator/core/text.hpp"
#include "simulator/core/value.hpp"
#include "simulator/run/results_reader.hpp"

#include <fmt/format.h>
#include <map>

namespace isogrid {

namespace {

using SlotValues = std::vector<std::pair<ParamSlot, Value>>;

bool point_has(const Point& p, const SlotValues& values)
{
  for (const auto& [slot, v] : values)
    if (!values_match(slot.in(p.values), v))
      return false;
  return true;
}

// The axes that tell a comparison's groups apart: every swept one but those it compares.
std::vector<const Axis*> grouping_axes(const Experiment& ex, const Comparison& c)
{
  std::vector<const Axis*> out;
  for (const auto& axis : ex.sweep.axes()) {
    bool compared = false;
    for (const auto& [slot, v] : c.left)
      compared = compared || slot.param == axis.param;
    if (axis.values.size() > 1 && !compared)
      out.push_back(&axis);
  }
  return out;
}

struct Group {
  std::string text;
  std::vector<double> values[2];                // left, right
  std::map<uint32_t, double> by_repetition[2];  // the same values keyed by repetition, for the pairs
};

// One comparison's groups, in the order their first row appears (sweep order).
struct Groups {
  std::vector<const Axis*> axes;
  std::vector<Group> list;
  std::map<std::string, size_t> by_text;
  const std::vector<double>* column[2] = {nullptr, nullptr};  // each side's metric, of the compared face
};

std::string shown(double x) { return std::isnan(x) ? "-" : fmt::format("{:.6g}", x); }

std::string verdict(const ComparisonOutcome& o)
{
  if (o.missing())
    return o.left_rows == 0 && o.right_rows == 0
               ? "missing: no ok row on either side"
               : fmt::format("missing: no ok row on the {}", o.left_rows ? "right" : "left");
  if (o.single_run())
    return o.passed() ? "holds (single run)" : "does not hold (single run)";
  switch (o.evidence.finding) {
    case Finding::Holds: return o.evidence.every_pair ? "holds (every pair)" : "holds";
    case Finding::Contradicted: return "contradicted";
    case Finding::NotShown:
      return o.evidence.bootstrap || o.evidence.normal_plausible ? "not shown" : "not shown (not normal, signed-rank)";
    case Finding::SingleRun: break;
  }
  return "not shown";
}

ClaimSide claim_side(const Comparison& c)
{
  return c.relation == Relation::Less || c.relation == Relation::LessOrEqual ? ClaimSide::Below : ClaimSide::Above;
}

bool strict(const Comparison& c) { return c.relation == Relation::Less || c.relation == Relation::Greater; }

// What the evidence is of, by statistic: a difference of locations, a ratio of geometric means, or a difference of
// a whole side's statistics.
enum class Scale { Difference, LogRatio, Bootstrap };

Scale scale_of(Statistic s)
{
  switch (s) {
    case Statistic::Mean:
    case Statistic::Median: return Scale::Difference;
    case Statistic::Geomean: return Scale::LogRatio;
    default: return Scale::Bootstrap;
  }
}

PairedEvidence one_sided_evidence(const Comparison& c, const std::vector<double>& left,
                                  const std::vector<double>& right, double factor, ClaimSide side, bool strict_claim,
                                  uint64_t seed);

// An equivalence claim (within ±m of f × right) is two one-sided claims, as the two one-sided tests (TOST) read it:
// left <= (1 + m) f right and left >= (1 - m) f right. It holds when both do, is contradicted when either is, and is
// not shown otherwise; its interval is that of left - f right, its p-values the larger of the two sides'.
PairedEvidence equivalence_evidence(const Comparison& c, const std::vector<double>& left,
                                    const std::vector<double>& right, uint64_t seed)
{
  PairedEvidence upper = one_sided_evidence(c, left, right, (1 + c.margin) * c.factor, ClaimSide::Below, false, seed);
  PairedEvidence lower = one_sided_evidence(c, left, right, (1 - c.margin) * c.factor, ClaimSide::Above, false, seed);
  PairedEvidence e     = one_sided_evidence(c, left, right, c.factor, ClaimSide::Below, false, seed);
  auto larger  = [](double a, double b) { return std::isnan(a) || std::isnan(b) ? std::nan("") : std::max(a, b); };
  e.t_p        = larger(upper.t_p, lower.t_p);
  e.wilcoxon_p = larger(upper.wilcoxon_p, lower.wilcoxon_p);
  e.sign_p     = larger(upper.sign_p, lower.sign_p);
  e.normal_plausible = upper.normal_plausible && lower.normal_plausible;
  e.every_pair       = upper.every_pair && lower.every_pair;
  if (upper.finding == Finding::SingleRun)
    e.finding = Finding::SingleRun;
  else if (upper.finding == Finding::Contradicted || lower.finding == Finding::Contradicted)
    e.finding = Finding::Contradicted;
  else if (upper.finding == Finding::Holds && lower.finding == Finding::Holds)
    e.finding = Finding::Holds;
  else
    e.finding = Finding::NotShown;
  return e;
}

// The evidence of one group from the repetitions both sides have, in repetition order.
PairedEvidence group_evidence(const Comparison& c, const Group& g, uint64_t seed)
{
  std::vector<double> left, right;
  for (const auto& [rep, l] : g.by_repetition[0])
    if (auto r = g.by_repetition[1].find(rep); r != g.by_repetition[1].end()) {
      left.push_back(l);
      right.push_back(r->second);
    }
  if (c.relation == Relation::Within)
    return equivalence_evidence(c, left, right, seed);
  return one_sided_evidence(c, left, right, c.factor, claim_side(c), strict(c), seed);
}

// The evidence that left stands on `side` of factor × right, on the comparison's statistic's scale.
PairedEvidence one_sided_evidence(const Comparison& c, const std::vector<double>& left,
                                  const std::vector<double>& right, double factor, ClaimSide side, bool strict_claim,
                                  uint64_t seed)
{
  switch (scale_of(c.statistic)) {
    case Scale::Difference: {
      std::vector<double> d;
      for (size_t i = 0; i < left.size(); ++i)
        d.push_back(left[i] - factor * right[i]);
      return paired_mean_evidence(d, side, strict_claim);
    }
    case Scale::LogRatio: {
      std::vector<double> d;
      for (size_t i = 0; i < left.size(); ++i)
        d.push_back(std::log(left[i]) - std::log(factor * right[i]));  // NaN where a value is not > 0
      return paired_mean_evidence(d, side, strict_claim);
    }
    case Scale::Bootstrap: break;
  }
  Statistic statistic = c.statistic;
  return paired_bootstrap_evidence(
      left, right, factor, [statistic](const std::vector<double>& v) { return summarise(statistic, v); }, side,
      strict_claim, seed);
}

// "-12.3 [-15.1, -9.5]"; a geometric-mean ratio as "0.93 [0.90, 0.96]"; "-" when there is no interval.
std::string difference_text(const ComparisonOutcome& o)
{
  const PairedEvidence& e = o.evidence;
  if (o.missing() || o.single_run() || std::isnan(e.estimate))
    return "-";
  if (scale_of(o.comparison->statistic) == Scale::LogRatio)
    return fmt::format("{:.4g} [{:.4g}, {:.4g}]", std::exp(e.estimate), std::exp(e.low), std::exp(e.high));
  return fmt::format("{:.4g} [{:.4g}, {:.4g}]", e.estimate, e.low, e.high);
}

std::string p_text(double p) { return std::isnan(p) ? "-" : p < 1e-4 ? "<1e-4" : fmt::format("{:.2g}", p); }

// "t 0.003, W 0.016, sign 0.031"; "-" for a bootstrap or a single run.
std::string tests_text(const ComparisonOutcome& o)
{
  const PairedEvidence& e = o.evidence;
  if (o.missing() || o.single_run() || e.bootstrap)
    return "-";
  return fmt::format("t {}, W {}, sign {}", p_text(e.t_p), p_text(e.wilcoxon_p), p_text(e.sign_p));
}

// What the difference column is of: "left - right", "left - 1.05 × right", "left / right (geometric means)",
// "cv(left) - 0.5 × cv(right), bootstrap".
std::string difference_heading(const Comparison& c)
{
  std::string f = c.factor == 1 ? "" : format_number(c.factor) + " × ";
  switch (scale_of(c.statistic)) {
    case Scale::Difference: return fmt::format("left - {}right, paired mean [95 % CI]", f);
    case Scale::LogRatio: return fmt::format("left / {}right, geometric mean of pairs [95 % CI]", f);
    case Scale::Bootstrap: break;
  }
  std::string st = statistic_name(c.statistic);
  return fmt::format("{0}(left) - {1}{0}(right) [95 % CI, bootstrap]", st, f);
}

// "runtime (cv, simulated): runtime=grid-gum2 vs runtime=grid-gum1 at program=raytracer"
std::string heading(const Experiment& ex, const Comparison& c)
{
  const ModelInfo& info = ex.model->info();
  auto side             = [&](size_t metric, const std::vector<std::pair<ParamSlot, Value>>& values) {
    std::string params = slot_values_text(values, info);
    if (metric == c.metric && c.metric == c.right_metric)
      return params;
    return params.empty() ? info.metrics[metric].name : info.metrics[metric].name + " at " + params;
  };
  std::string metric = c.metric == c.right_metric ? info.metrics[c.metric].name : "metrics";
  std::string out =
      fmt::format("{} ({}, {}): left {} vs right {}", metric, statistic_name(c.statistic),
                  c.predicted ? "predicted" : "simulated", side(c.metric, c.left), side(c.right_metric, c.right));
  if (!c.at.empty())
    out += " at " + slot_values_text(c.at, info);
  return out;
}

// How many of a comparison's outcomes, starting at `first`, pass, and where its outcomes end.
std::pair<size_t, size_t> tally(const std::vector<ComparisonOutcome>& outcomes, size_t first)
{
  size_t end = first, held = 0;
  for (; end < outcomes.size() && outcomes[end].comparison == outcomes[first].comparison; ++end)
    held += outcomes[end].passed() ? 1 : 0;
  return {held, end};
}

}  // namespace

std::vector<ComparisonOutcome> check_comparisons(const Experiment& ex, const ResultsData& data)
{
  std::vector<ComparisonOutcome> out;
  if (ex.comparisons.empty())
    return out;
  std::vector<Groups> groups(ex.comparisons.size());
  for (size_t k = 0; k < groups.size(); ++k) {
    const Comparison& c = ex.comparisons[k];
    groups[k].axes      = grouping_axes(ex, c);
    groups[k].column[0] = data.metric(ex, c.predicted, c.metric);
    groups[k].column[1] = data.metric(ex, c.predicted, c.right_metric);
  }
  // Parameters come from the point the row's index decodes to: an element axis has no column of its own. Every
  // row opens its group, error rows too, so that a side whose points all failed shows as missing.
  const uint32_t repetitions = ex.sweep.repetitions();
  for (size_t row = 0; row < data.size(); ++row) {
    Point p               = ex.sweep.point(data.point(row));
    const auto repetition = static_cast<uint32_t>(data.point(row) % repetitions);
    bool ok               = data.ok(row);
    for (size_t k = 0; k < groups.size(); ++k) {
      const Comparison& c = ex.comparisons[k];
      if (!point_has(p, c.at))
        continue;
      // A row can be on both sides when they differ only by metric.
      bool on_side[2] = {point_has(p, c.left), point_has(p, c.right)};
      if (!on_side[0] && !on_side[1])
        continue;
      Groups& g        = groups[k];
      std::string text = axes_values_text(g.axes, p.values);
      auto [it, added] = g.by_text.emplace(text, g.list.size());
      if (added) {
        g.list.emplace_back();
        g.list.back().text = text.empty() ? "all points" : text;
      }
      for (int side = 0; side < 2; ++side)
        if (double x = cell(g.column[side], row); on_side[side] && ok && !std::isnan(x)) {
          g.list[it->second].values[side].push_back(x);
          g.list[it->second].by_repetition[side].emplace(repetition, x);
        }
    }
  }
  for (size_t k = 0; k < groups.size(); ++k) {
    const Comparison& c = ex.comparisons[k];
    if (groups[k].list.empty()) {
      ComparisonOutcome none;
      none.comparison = &c;
      none.group      = "no point of either side was run";
      out.push_back(std::move(none));
    }
    for (const Group& g : groups[k].list) {
      ComparisonOutcome o;
      o.comparison = &c;
      o.group      = g.text;
      o.left_rows  = g.values[0].size();
      o.right_rows = g.values[1].size();
      o.left       = summarise(c.statistic, g.values[0]);
      o.right      = summarise(c.statistic, g.values[1]);
      // The bootstrap's seed names the comparison and the group: the same report every time it is written.
      o.evidence = group_evidence(c, g, mix64(name_hash(g.text) ^ mix64(k)));
      out.push_back(std::move(o));
    }
  }
  return out;
}

std::vector<Section> comparison_sections(const Experiment& ex, const std::vector<ComparisonOutcome>& outcomes)
{
  std::vector<Section> out;
  for (size_t first = 0; first < outcomes.size();) {
    const Comparison& c = *outcomes[first].comparison;
    auto [held, end]    = tally(outcomes, first);
    Section s{fmt::format("{}: {} of {} held{}", heading(ex, c), held, counted(end - first, "group"),
                          c.source.empty() ? "" : " [" + c.source + "]"),
              {{{"group", Align::Left},
                "left",
                "right",
                {"relation", Align::Left},
                difference_heading(c),
                {"p, one-sided (t, signed-rank W, sign)", Align::Left},
                "pairs",
                {"", Align::Left}},
               {}}};
    for (size_t i = first; i < end; ++i) {
      const ComparisonOutcome& o = outcomes[i];
      s.table.rows.push_back({o.group, shown(o.left), shown(o.right), c.relation_text(), difference_text(o),
                              tests_text(o), o.missing() ? "-" : std::to_string(o.evidence.pairs), verdict(o)});
    }
    out.push_back(std::move(s));
    first = end;
  }
  return out;
}

std::vector<std::string> comparison_summary_lines(const Experiment& ex, const std::vector<ComparisonOutcome>& outcomes)
{
  std::vector<std::string> out;
  for (size_t first = 0; first < outcomes.size();) {
    const Comparison& c = *outcomes[first].comparison;
    auto [held, end]    = tally(outcomes, first);
    size_t not_shown = 0, contradicted = 0, missing = 0, single = 0;
    for (size_t i = first; i < end; ++i) {
      const ComparisonOutcome& o = outcomes[i];
      missing += o.missing() ? 1 : 0;
      single += !o.missing() && o.single_run() ? 1 : 0;
      not_shown += !o.missing() && o.evidence.finding == Finding::NotShown ? 1 : 0;
      contradicted += !o.missing() && o.evidence.finding == Finding::Contradicted ? 1 : 0;
    }
    std::string detail;
    for (auto [n, what] : {std::pair{not_shown, "not shown"}, std::pair{contradicted, "contradicted"},
                           std::pair{missing, "missing a side"}, std::pair{single, "on a single run"}})
      if (n)
        detail += fmt::format("{}{} {}", detail.empty() ? "" : ", ", n, what);
    out.push_back(fmt::format("{} of {} held{}: {} ({})", held, counted(end - first, "group"),
                              detail.empty() ? "" : " (" + detail + ")", c.source.empty() ? heading(ex, c) : c.source,
                              c.relation_text()));
    first = end;
  }
  return out;
}

std::string comparison_method_text()
{
  return "Each comparison pairs repetition r of its left side with repetition r of its right side and reads the "
         "claim off the pairs' differences d = left - factor × right: the claim holds when the 95 % confidence "
         "interval of the mean difference (Student's t) lies wholly on the claimed side of 0 and, where the "
         "Anderson-Darling test rejects normality of the differences, the Wilcoxon signed-rank test agrees at 2.5 % "
         "one-sided; a claim of \"<=\" or \">=\" also holds when every pair meets it (\"holds (every pair)\"). \"Not "
         "shown\": the interval reaches 0, so the repetitions show neither the claim nor its "
         "opposite; \"contradicted\": it lies wholly on the other side. The p-values are one-sided towards the "
         "claim: the paired t-test, the signed-rank test W and the sign test. A geometric-mean claim is read on the "
         "ratios left / (factor × right) of the pairs; a claim on a statistic of a whole side (sd, cv, var, var_mean, "
         "min, max) on a percentile bootstrap of the pairs (2000 resamples from a fixed seed). A group with a single "
         "repetition has no interval: its claim is read off the two values and says so. An equivalence (\"within "
         "±m\") is read as two one-sided claims, left <= (1 + m) factor × right and left >= (1 - m) factor × right: "
         "it holds when both do, its p-values the larger of the two.\n";
}

}  // namespace isogrid
