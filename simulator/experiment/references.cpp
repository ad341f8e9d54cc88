#include "simulator/experiment/references.hpp"

#include "simulator/core/value.hpp"
#include "simulator/experiment/axis.hpp"
#include "simulator/experiment/value_reader.hpp"

#include <cmath>
#include <fmt/format.h>

namespace isogrid {

bool Reference::accepts(double x) const
{
  if (std::isnan(x))
    return false;
  double diff = std::fabs(x - value);
  bool ok     = true;
  if (tolerance_abs >= 0)
    ok = ok && diff <= tolerance_abs;
  if (tolerance_rel >= 0)
    ok = ok && diff <= tolerance_rel * std::fabs(value);
  return ok;
}

std::string Reference::tolerance_text() const
{
  std::vector<std::string> parts;
  if (tolerance_abs >= 0)
    parts.push_back(fmt::format("±{}", format_number(tolerance_abs)));
  if (tolerance_rel >= 0)
    parts.push_back(fmt::format("±{:.10g}%", tolerance_rel * 100));  // 1e-9 reads 1e-07%, not 1.0000000000000001e-07%
  std::string out;
  for (const auto& p : parts)
    out += (out.empty() ? "" : " and ") + p;
  return out;
}

namespace {

struct GroupDefaults {
  std::string source;
  std::string metric;
  double abs          = -1;
  double rel          = -1;
  ReferenceFace face  = ReferenceFace::Both;
  Statistic statistic = Statistic::Mean;
};

ReferenceFace read_face(const Field& f, ReferenceFace fallback)
{
  if (!f.present())
    return fallback;
  std::string name = f.text();
  if (name == "both")
    return ReferenceFace::Both;
  if (name == "predicted")
    return ReferenceFace::Predicted;
  if (name == "simulated")
    return ReferenceFace::Simulated;
  f.fail(unknown_name_message("face", name, {"predicted", "simulated", "both"}));
}

void read_tolerance(const Field& f, double& abs, double& rel)
{
  if (!f.present())
    return;
  if (f.is_scalar()) {  // a bare number is an absolute tolerance
    abs = f.number_at_least(0, false);
    rel = -1;
    return;
  }
  f.only_keys({"abs", "rel"}, "tolerance key");
  abs = f.child("abs").present() ? f.child("abs").number_at_least(0, false) : -1;
  rel = f.child("rel").present() ? f.child("rel").number_at_least(0, false) : -1;
}

int crossing_of(const Field& f, const std::vector<std::string>& crossings, const std::string& name)
{
  for (size_t i = 0; i < crossings.size(); ++i)
    if (crossings[i] == name)
      return static_cast<int>(i);
  f.fail(unknown_name_message("crossing", name, crossings));
}

void read_group(const Field& group, const Model& model, const ValueReader& reader,
                const std::vector<std::string>& crossings, std::vector<Reference>& out)
{
  group.only_keys({"source", "derived", "metric", "crossing", "tolerance", "face", "statistic", "values"},
                  "references key");
  GroupDefaults d;
  if (group.child("source").present())
    d.source = group.child("source").text();
  if (group.child("metric").present())
    d.metric = group.child("metric").text();
  read_tolerance(group.child("tolerance"), d.abs, d.rel);
  d.face      = read_face(group.child("face"), ReferenceFace::Both);
  d.statistic = read_statistic(group.child("statistic"), Statistic::Mean);

  Field values = group.required("values");
  if (!values.is_list())
    values.fail("expected a list of {at: {...}, value: ...} entries");
  const auto& params = model.info().params;
  for (size_t i = 0; i < values.size(); ++i) {
    Field entry = values.element(i);
    entry.only_keys(
        {"at", "value", "metric", "crossing", "tolerance", "face", "statistic", "source", "derived", "note"},
        "reference key");
    Reference r;
    r.where        = entry.where();
    r.source       = entry.child("source").present() ? entry.child("source").text() : d.source;
    r.note         = entry.child("note").present() ? entry.child("note").text() : "";
    r.derived      = entry.child("derived").present()   ? entry.child("derived").boolean()
                     : group.child("derived").present() ? group.child("derived").boolean()
                                                        : false;
    r.face         = read_face(entry.child("face"), d.face);
    r.statistic    = read_statistic(entry.child("statistic"), d.statistic);
    Field crossing = entry.child("crossing").present() ? entry.child("crossing") : group.child("crossing");
    Field metric   = entry.child("metric").present() ? entry.child("metric") : group.child("metric");
    if (crossing.present() && entry.child("metric").present())
      entry.fail("a reference is for a metric or for a crossing, not both");
    if (crossing.present()) {
      r.crossing = crossing_of(crossing, crossings, crossing.text());
      // A crossing is found on the repetitions' means (crossings.csv): there is nothing else to summarise.
      if (r.statistic != Statistic::Mean)
        (entry.child("statistic").present() ? entry.child("statistic") : group.child("statistic"))
            .fail("a crossing is computed from the means of repetitions: statistic applies to metric references only");
    } else if (metric.present())
      r.metric = read_metric(metric, model.info());
    else
      entry.fail("a reference needs a metric or a crossing (in the entry or its group)");
    r.value         = entry.required("value").number();
    r.tolerance_abs = d.abs;
    r.tolerance_rel = d.rel;
    read_tolerance(entry.child("tolerance"), r.tolerance_abs, r.tolerance_rel);
    if (r.tolerance_abs < 0 && r.tolerance_rel < 0)
      entry.fail("a reference needs a tolerance (abs or rel, in the entry or its group)");

    Field at = entry.required("at");
    if (!at.is_map())
      at.fail("expected a mapping of swept parameters to values, e.g. {m: 4, V: 1e5}");
    for (const auto& key : at.keys()) {
      ParamSlot slot = read_slot(at.child(key), key, model.info());
      ParamSpec spec = params[slot.param];
      if (slot.element)
        spec.kind = ParamKind::Real;  // one element of a list is one number
      r.at.emplace_back(slot, reader.read(at.child(key), spec));
      r.at_value_where.push_back(at.child(key).where());
    }
    r.at_key   = at.path();
    r.at_where = at.where();
    out.push_back(std::move(r));
  }
}

}  // namespace

std::vector<Agreement> read_agreements(const Field& field, const Model& model)
{
  std::vector<Agreement> out;
  if (!field.present())
    return out;
  if (!field.is_list())
    field.fail("expected a list of {metric, tolerance, source}");
  for (size_t i = 0; i < field.size(); ++i) {
    Field f = field.element(i);
    f.only_keys({"metric", "tolerance", "source"}, "agreement key");
    Agreement a;
    a.where  = f.where();
    a.metric = read_metric(f.required("metric"), model.info());
    read_tolerance(f.required("tolerance"), a.tolerance_abs, a.tolerance_rel);
    if (f.child("source").present())
      a.source = f.child("source").text();
    out.push_back(a);
  }
  return out;
}

std::vector<Reference> read_references(const Field& field, const Model& model, const ValueReader& reader,
                                       const std::vector<std::string>& crossings)
{
  std::vector<Reference> out;
  if (!field.present())
    return out;
  if (field.is_list()) {
    for (size_t i = 0; i < field.size(); ++i)
      read_group(field.element(i), model, reader, crossings, out);
  } else {
    read_group(field, model, reader, crossings, out);
  }
  return out;
}

}  // namespace isogrid
