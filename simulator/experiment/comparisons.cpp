#include "simulator/experiment/comparisons.hpp"

#include "simulator/core/value.hpp"
#include "simulator/experiment/value_reader.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <tuple>

namespace isogrid {

namespace {

const std::vector<std::string> kRelations = {"<", "<=", ">", ">=", "within"};

using SlotValues = std::vector<std::pair<ParamSlot, Value>>;

// The key by which a side of a comparison names its own metric.
const std::string kMetricKey = "metric";

// `{runtime: grid-gum2, n: 4}`: parameters (or elements of list parameters) and a value of each, read against the
// model's specs; a side's `metric` key is not one of them. `may_be_empty`: `at: {}` means every group; a side must
// select something (parameters or a metric).
SlotValues read_slot_values(const Field& f, const ModelInfo& model, const ValueReader& reader, bool may_be_empty)
{
  if (!f.is_map() || (!may_be_empty && f.keys().empty()))
    f.fail("expected a mapping of parameters to values, e.g. {runtime: grid-gum2}");
  SlotValues out;
  for (const auto& key : f.keys()) {
    if (key == kMetricKey && !may_be_empty)
      continue;
    ParamSlot slot = read_slot(f.child(key), key, model);
    ParamSpec spec = model.params[slot.param];
    if (slot.element)
      spec.kind = ParamKind::Real;  // one element of a list is one number
    out.emplace_back(slot, reader.read(f.child(key), spec));
  }
  return out;
}

// A mapping's keys that name parameters, in order: a side's metric key is not one.
std::vector<std::string> parameter_keys(const Field& f, bool side)
{
  std::vector<std::string> out;
  for (const auto& key : f.keys())
    if (!side || key != kMetricKey)
      out.push_back(key);
  return out;
}

// The value is one the sweep takes at that slot: on its axis, or the fixed value when it is not swept.
bool in_sweep(const ParamSlot& slot, const Value& value, const Sweep& sweep)
{
  for (const auto& axis : sweep.axes())
    if (axis == slot)
      return std::any_of(axis.values.begin(), axis.values.end(),
                         [&](const Value& v) { return values_match(v, value); });
  return values_match(slot.in(sweep.fixed()), value);
}

const Value* value_of(const SlotValues& values, const ParamSlot& slot)
{
  for (const auto& [s, v] : values)
    if (s == slot)
      return &v;
  return nullptr;
}

Relation read_relation(const Field& f)
{
  std::string name = f.text();
  auto it          = std::find(kRelations.begin(), kRelations.end(), name);
  if (it == kRelations.end())
    f.fail(unknown_name_message("relation", name, kRelations));
  return static_cast<Relation>(it - kRelations.begin());
}

// Reads one comparison; returns false when `lenient` and it does not fit the sweep (it is then left out).
bool read_one(const Field& f, const Model& model, const ValueReader& reader, const Sweep& sweep, bool predicts,
              bool simulates, bool lenient, Comparison& c)
{
  const ModelInfo& info = model.info();
  f.only_keys({"source", "metric", "left", "right", "relation", "factor", "margin", "statistic", "face", "at"},
              "comparison key");
  c.where = f.where();
  if (f.child("source").present())
    c.source = f.child("source").text();
  // Each side's metric: its own `metric` key, else the comparison's.
  Field left_field = f.required("left"), right_field = f.required("right");
  auto side_metric = [&](const Field& side) {
    if (side.is_map() && side.child(kMetricKey).present())
      return read_metric(side.child(kMetricKey), info);
    return read_metric(f.required("metric"), info);
  };
  c.metric       = side_metric(left_field);
  c.right_metric = side_metric(right_field);
  c.relation     = read_relation(f.required("relation"));
  c.factor       = f.child("factor").present() ? f.child("factor").number_at_least(0, true) : 1.0;
  if (c.relation == Relation::Within) {
    c.margin = f.required("margin").number_at_least(0, true);
    if (c.margin >= 1)
      f.child("margin").fail("margin is relative: 0.05 for within 5 %");
  } else if (f.child("margin").present())
    f.child("margin").fail("margin is for relation: within (an equivalence claim); an order takes factor");
  c.statistic = read_statistic(f.child("statistic"), Statistic::Mean);
  Field face  = f.child("face");
  if (face.present()) {
    std::string name = face.text();
    if (name != "simulated" && name != "predicted")
      face.fail(unknown_name_message("face", name, {"simulated", "predicted"}));
    c.predicted = name == "predicted";
  }
  if (!lenient && (c.predicted ? !predicts : !simulates))
    (face.present() ? face : f)
        .fail(c.predicted
                  ? "this comparison is on the predicted face, which the experiment does not compute (mode: simulate)"
                  : "this comparison is on the simulated face, which the experiment does not compute (mode: predict); "
                    "add face: predicted");

  // Left and right name the same parameters; right is put in left's order so that slot k is the same on both.
  c.left                              = read_slot_values(left_field, info, reader, false);
  SlotValues right                    = read_slot_values(right_field, info, reader, false);
  std::vector<std::string> right_keys = parameter_keys(right_field, true);
  std::string left_names;
  for (const auto& [slot, v] : c.left)
    left_names += (left_names.empty() ? "" : ", ") + slot_name(slot, info);
  for (size_t k = 0; k < right.size(); ++k)
    if (const ParamSlot& slot = right[k].first; !value_of(c.left, slot))
      right_field.child(right_keys[k])
          .fail(fmt::format("right names {}, which left does not: both sides name the same parameters ({})",
                            slot_name(slot, info), left_names));
  for (const auto& [slot, v] : c.left) {
    const Value* other = value_of(right, slot);
    if (!other)
      right_field.fail(fmt::format("right does not name {}: both sides name the same parameters ({})",
                                   slot_name(slot, info), left_names));
    c.right.emplace_back(slot, *other);
  }
  bool same = c.metric == c.right_metric;
  for (size_t k = 0; k < c.left.size(); ++k)
    same = same && values_match(c.left[k].second, c.right[k].second);
  if (same)
    right_field.fail("left and right select the same points and metric: give the right side other values or "
                     "another metric");

  Field at_field = f.child("at");
  if (at_field.present()) {
    c.at = read_slot_values(at_field, info, reader, true);
    for (size_t k = 0; k < c.at.size(); ++k)
      if (const ParamSlot& slot = c.at[k].first; value_of(c.left, slot))
        at_field.child(at_field.keys()[k])
            .fail(fmt::format("{} is what left and right compare: at can only pick the other parameters",
                              slot_name(slot, info)));
  }

  // Every value is one the sweep has: a typo in a policy name, or a value the sweep skips, would compare nothing.
  // Each list is in its mapping's key order (a side's metric key left out), so entry k was written under the k-th
  // parameter key.
  for (const auto& [values, field, side] :
       {std::make_tuple(&c.left, left_field, true), std::make_tuple(&right, right_field, true),
        std::make_tuple(&c.at, at_field, false)})
    for (size_t k = 0; k < values->size(); ++k) {
      const auto& [slot, value] = (*values)[k];
      if (in_sweep(slot, value, sweep))
        continue;
      if (lenient)
        return false;
      std::string name = slot_name(slot, info);
      field.child(parameter_keys(field, side)[k])
          .fail(fmt::format("no point of the sweep has {} = {}", name, format_value(value)));
    }
  return true;
}

}  // namespace

bool Comparison::holds(double l, double r) const
{
  if (std::isnan(l) || std::isnan(r))
    return false;
  double bound = factor * r;
  switch (relation) {
    case Relation::Less: return l < bound;
    case Relation::LessOrEqual: return l <= bound;
    case Relation::Greater: return l > bound;
    case Relation::GreaterOrEqual: return l >= bound;
    case Relation::Within: return std::fabs(l - bound) <= margin * std::fabs(bound);
  }
  return false;
}

std::string Comparison::relation_text() const
{
  const std::string& op = kRelations[static_cast<size_t>(relation)];
  if (relation == Relation::Within)
    return factor == 1
               ? fmt::format("left within ±{} % of right", format_number(100 * margin))
               : fmt::format("left within ±{} % of {} × right", format_number(100 * margin), format_number(factor));
  return factor == 1 ? fmt::format("left {} right", op) : fmt::format("left {} {} × right", op, format_number(factor));
}

std::string slot_values_text(const std::vector<std::pair<ParamSlot, Value>>& values, const ModelInfo& model)
{
  std::string out;
  for (const auto& [slot, v] : values)
    out += fmt::format("{}{}={}", out.empty() ? "" : ", ", slot_name(slot, model), format_value(v));
  return out;
}

std::vector<Comparison> read_comparisons(const Field& field, const Model& model, const ValueReader& reader,
                                         const Sweep& sweep, bool predicts, bool simulates, bool lenient)
{
  std::vector<Comparison> out;
  if (!field.present())
    return out;
  if (!field.is_list())
    field.fail("expected a list of comparisons ({metric, left, right, relation, ...})");
  for (size_t i = 0; i < field.size(); ++i) {
    Comparison c;
    if (read_one(field.element(i), model, reader, sweep, predicts, simulates, lenient, c))
      out.push_back(std::move(c));
  }
  return out;
}

}  // namespace isogrid
