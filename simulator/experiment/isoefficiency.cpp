#include "simulator/experiment/isoefficiency.hpp"

#include "base/unknown_name.hpp"
#include "simulator/core/value.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace isogrid {

namespace {

// A metric named "efficiency", "grid_efficiency", ...: a fraction of ideal, whose levels lie in (0, 1].
bool is_an_efficiency(const std::string& metric)
{
  const std::string suffix = "efficiency";
  return metric.size() >= suffix.size() && metric.compare(metric.size() - suffix.size(), suffix.size(), suffix) == 0;
}

size_t read_size_param(const Field& f, const ModelInfo& info)
{
  std::string name            = f.text();
  std::optional<size_t> index = info.param_index(name);
  if (!index)
    f.fail(unknown_name_message("parameter of model " + info.name, name, info.param_names()));
  const ParamSpec& spec = info.params[*index];
  if (spec.kind != ParamKind::Real && spec.kind != ParamKind::Integer && spec.kind != ParamKind::RealOrList)
    f.fail(fmt::format("{} is a {} parameter: the size searched for is a number", name, kind_name(spec.kind)));
  return *index;
}

}  // namespace

std::optional<IsoefficiencySpec> read_isoefficiency(const Field& field, const Model& model,
                                                    const std::vector<Axis>& axes)
{
  if (!field.present())
    return std::nullopt;
  if (!field.is_map())
    field.fail("expected a mapping: {metric, scale, size, levels, range}");
  field.only_keys({"metric", "scale", "size", "levels", "range", "log", "tolerance", "scan", "crossing"},
                  "isoefficiency key");
  const ModelInfo& info = model.info();
  IsoefficiencySpec s;
  s.metric = read_metric(field.required("metric"), info);

  Field scale_field = field.required("scale");
  if (std::string name = scale_field.text(); !find_axis(axes, name) && info.param_index(name))
    scale_field.fail(
        fmt::format("{} is not swept: the scale takes the sweep's values, e.g. sweep: {{{}: [1, 2, 4]}}", name, name));
  const Axis& scale = read_swept(scale_field, axes);
  for (const auto& v : scale.values)
    if (!is_number(v))
      field.child("scale").fail(fmt::format("{} takes names, not numbers: a scale is numeric", scale.name));
  s.scale      = scale;
  s.scale_name = scale.name;

  Field size_field = field.required("size");
  s.size           = read_size_param(size_field, info);
  s.size_name      = info.params[s.size].name;
  if (s.scale.param == s.size)
    size_field.fail(fmt::format("{} is the scale: the size searched for is another parameter", s.size_name));
  const ParamSpec& size_spec = info.params[s.size];
  s.whole                    = size_spec.kind == ParamKind::Integer;

  Field levels = field.required("levels");
  s.levels     = levels.is_list() ? levels.numbers() : std::vector<double>{levels.number()};
  if (s.levels.empty())
    levels.fail("expected at least one level, e.g. [0.5, 0.8]");
  const std::string& metric = info.metrics[s.metric].name;
  for (size_t i = 0; i < s.levels.size(); ++i) {
    Field at = levels.is_list() ? levels.element(i) : levels;
    double k = s.levels[i];
    if (!std::isfinite(k))
      at.fail("a level is a finite number");
    if (is_an_efficiency(metric) && !(k > 0 && k <= 1))
      at.fail(fmt::format("{} is a fraction of the ideal: its levels lie in (0, 1], got {}", metric, format_number(k)));
  }
  std::sort(s.levels.begin(), s.levels.end());
  if (std::adjacent_find(s.levels.begin(), s.levels.end()) != s.levels.end())
    levels.fail("a level is listed twice");

  Field range = field.required("range");
  if (!range.is_list() || range.size() != 2)
    range.fail("expected the two ends of the range searched, e.g. [1, 1e10]");
  s.low  = range.element(0).number();
  s.high = range.element(1).number();
  if (!(s.low < s.high))
    range.fail(
        fmt::format("the range's ends must increase: got [{}, {}]", format_number(s.low), format_number(s.high)));
  for (size_t end = 0; end < 2; ++end)
    if (std::optional<std::string> why = number_problem(size_spec, end ? s.high : s.low))
      range.element(end).fail(*why);
  if (s.whole && std::ceil(s.low) >= std::floor(s.high))
    range.fail(fmt::format("{} takes whole values: the range holds fewer than two", s.size_name));

  Field log   = field.child("log");
  s.log_scale = log.present() ? log.boolean() : (s.low > 0 && s.high / s.low >= 100);
  if (s.log_scale && !(s.low > 0))
    (log.present() ? log : range).fail("a range searched on a log scale starts above 0");
  if (Field tol = field.child("tolerance"); tol.present()) {
    s.tolerance = tol.number_at_least(0, true);
    if (s.tolerance >= 0.1)
      tol.fail("a tolerance of 0.1 or more is no search; give e.g. 1e-6");
  }
  if (Field scan = field.child("scan"); scan.present()) {
    long long n = scan.integer_at_least(2);
    if (n > 1000)
      scan.fail("at most 1000 values scanned per line");
    s.scan = static_cast<size_t>(n);
  }
  if (Field crossing = field.child("crossing"); crossing.present()) {
    std::string name = crossing.text();
    if (name != "first" && name != "hold")
      crossing.fail(unknown_name_message("crossing", name, {"first", "hold"}));
    s.hold = name == "hold";
  }
  return s;
}

}  // namespace isogrid
