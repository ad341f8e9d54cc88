#include "simulator/experiment/axis.hpp"

#include "simulator/core/text.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <optional>
#include <regex>

namespace isogrid {

std::vector<double> range_values(double start, double stop, double step)
{
  std::vector<double> out;
  // Count first, then compute start + k*step: no accumulated rounding, and the stop is inclusive.
  double span = (stop - start) / step;
  auto count  = static_cast<long long>(std::floor(span + 1e-9)) + 1;
  for (long long k = 0; k < count; ++k)
    out.push_back(start + static_cast<double>(k) * step);
  return out;
}

std::vector<double> linspace_values(double start, double stop, size_t n)
{
  std::vector<double> out;
  if (n == 1)
    return {start};
  for (size_t k = 0; k < n; ++k)
    out.push_back(k + 1 == n ? stop : start + (stop - start) * static_cast<double>(k) / static_cast<double>(n - 1));
  return out;
}

std::vector<double> logspace_values(double start_exponent, double stop_exponent, size_t n)
{
  std::vector<double> out;
  for (double e : linspace_values(start_exponent, stop_exponent, n))
    out.push_back(std::pow(10.0, e));
  return out;
}

std::vector<double> geomspace_values(double start, double stop, size_t n)
{
  std::vector<double> out = logspace_values(std::log10(start), std::log10(stop), n);
  // 10^(log10(start) + k step) lands a few ulps off the round values a reader expects (geomspace(6, 96, 5) gave
  // 23.999999999999993 for 24): each value is rounded to 15 significant digits, which a double holds exactly, and
  // the endpoints are what the user wrote.
  for (double& x : out)
    x = std::stod(fmt::format("{:.15g}", x));
  out.front() = start;
  out.back()  = stop;
  return out;
}

Value ParamSlot::of(const Value& whole) const
{
  if (!element)
    return whole;
  const auto* list = std::get_if<std::vector<double>>(&whole);
  return list && *element < list->size() ? Value((*list)[*element]) : Value(std::nan(""));
}

void ParamSlot::set(std::vector<Value>& values, const Value& v) const
{
  if (element)
    std::get<std::vector<double>>(values[param]).at(*element) = std::get<double>(v);
  else
    values[param] = v;
}

std::string slot_name(const ParamSlot& slot, const ModelInfo& model)
{
  const std::string& name = model.params[slot.param].name;
  return slot.element ? fmt::format("{}[{}]", name, *slot.element) : name;
}

std::optional<ElementKey> read_element_key(const Field& at, const std::string& key)
{
  if (key.find_first_of("[]") == std::string::npos)
    return std::nullopt;
  static const std::regex shape(R"(^([^\[\]]+)\[(0|[1-9]\d{0,8})\]$)");
  std::smatch m;
  if (!std::regex_match(key, m, shape))
    at.fail(fmt::format("'{}': one element of a list parameter is written name[index], the index a whole number "
                        "from 0, e.g. delta[1]",
                        key));
  return ElementKey{m[1].str(), std::stoul(m[2].str())};
}

ParamSlot read_slot(const Field& at, const std::string& key, const ModelInfo& model)
{
  auto element     = read_element_key(at, key);
  std::string name = element ? element->param : key;
  auto index       = model.param_index(name);
  if (!index)
    at.fail(unknown_name_message("parameter of model " + model.name, name, model.param_names()));
  ParamSlot slot{*index, std::nullopt};
  if (element) {
    ParamKind kind = model.params[*index].kind;
    if (kind != ParamKind::RealOrList && kind != ParamKind::NumberList)
      at.fail(fmt::format("{} is a single value, not a list, so {} names nothing", name, key));
    slot.element = element->element;
  }
  return slot;
}

namespace {

Axis whole_axis(size_t param, const ParamSpec& spec)
{
  Axis axis;
  axis.param = param;
  axis.name  = spec.name;
  return axis;
}

const std::vector<std::string> kGenerators = {"range", "linspace", "logspace", "geomspace"};

std::vector<double> generate(const Field& at, const std::string& kind, const std::vector<double>& args)
{
  auto need = [&](size_t lo, size_t hi, const char* usage) {
    if (args.size() < lo || args.size() > hi)
      at.fail(fmt::format("{} takes {}, got {} numbers", kind, usage, args.size()));
  };
  auto count = [&](double n) {
    if (n < 1 || n != std::floor(n) || n > 1e7)
      at.fail(fmt::format("{}: the number of values must be a whole number between 1 and 1e7, got {}", kind,
                          format_number(n)));
    return static_cast<size_t>(n);
  };
  if (kind == "range") {
    need(2, 3, "[start, stop] or [start, stop, step]");
    double step = args.size() == 3 ? args[2] : 1.0;
    if (step == 0 || (args[1] - args[0]) / step < 0)
      at.fail(fmt::format("range [{}, {}] with step {} produces no value", format_number(args[0]),
                          format_number(args[1]), format_number(step)));
    if ((args[1] - args[0]) / step > 1e7)
      at.fail("range produces more than 1e7 values");
    return range_values(args[0], args[1], step);
  }
  need(3, 3, "[start, stop, count]");
  size_t n = count(args[2]);
  if (kind == "linspace")
    return linspace_values(args[0], args[1], n);
  if (kind == "logspace")
    return logspace_values(args[0], args[1], n);
  if (!(args[0] > 0 && args[1] > 0))
    at.fail("geomspace endpoints must be positive");
  return geomspace_values(args[0], args[1], n);
}

Axis numeric_axis(const Field& at, size_t param, const ParamSpec& spec, const ValueReader& reader,
                  const std::vector<double>& xs)
{
  if (spec.kind != ParamKind::Real && spec.kind != ParamKind::Integer && spec.kind != ParamKind::RealOrList)
    at.fail(fmt::format("{} takes a {}, so it can only be swept over a list of them", spec.name, kind_name(spec.kind)));
  Axis axis = whole_axis(param, spec);
  for (double x : xs) {
    reader.check_number(at, spec, x);
    axis.values.emplace_back(x);
  }
  return axis;
}

}  // namespace

namespace {

// A generator, as a mapping ({logspace: [1, 9, 5]}) or a call ("logspace(1, 9, 5)"): its kind, its numbers, and
// where to report a problem with them. Fails on a malformed one; nullopt for anything else.
struct GeneratorCall {
  std::string kind;
  std::vector<double> args;
  Field at;
};

std::optional<GeneratorCall> generator_call(const Field& field)
{
  if (field.is_map()) {
    field.only_keys(kGenerators, "axis generator");
    if (field.size() != 1)  // before reading the one key: an empty mapping has none (found by the fuzzer)
      field.fail("an axis generator mapping takes exactly one of range, linspace, logspace, geomspace");
    std::string kind = field.keys().front();
    Field args       = field.child(kind);
    return GeneratorCall{kind, args.numbers(), args};
  }
  if (!field.is_scalar() || !looks_like_generator(field.node().Scalar()))
    return std::nullopt;
  static const std::regex call(R"(^\s*(\w+)\s*\((.*)\)\s*$)");
  std::smatch m;
  std::string text = field.node().Scalar();
  std::regex_match(text, m, call);
  std::vector<double> args;
  std::string inner = m[2].str();
  size_t start      = 0;
  while (start <= inner.size()) {
    size_t comma      = inner.find(',', start);
    std::string piece = trim(inner.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    double x          = 0;
    if (!parse_number(piece, x))
      field.fail(fmt::format("'{}' is not a number in {}", piece, text));
    args.push_back(x);
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return GeneratorCall{m[1].str(), args, field};
}

}  // namespace

double planned_axis_size(const Field& field, const ParamSpec& spec)
{
  if (field.is_list())
    return static_cast<double>(std::max<size_t>(field.size(), 1));
  if (field.is_map() && spec.kind == ParamKind::Map)
    return 1;
  auto call = generator_call(field);
  if (!call)
    return 1;
  const auto& a = call->args;
  if (call->kind == "range" && (a.size() == 2 || a.size() == 3)) {
    double step = a.size() == 3 ? a[2] : 1.0;
    double span = step != 0 ? (a[1] - a[0]) / step : -1;
    return span >= 0 && std::isfinite(span) ? std::floor(span + 1e-9) + 1 : 1;
  }
  return a.size() == 3 && a[2] >= 1 && std::isfinite(a[2]) ? std::floor(a[2]) : 1;
}

bool looks_like_generator(const std::string& text)
{
  static const std::regex call(R"(^\s*(range|linspace|logspace|geomspace)\s*\(.*\)\s*$)");
  return std::regex_match(text, call);
}

Axis read_axis(const Field& field, size_t param, const ParamSpec& spec, const ValueReader& reader)
{
  if (field.is_list()) {
    if (field.size() == 0)
      field.fail("an axis needs at least one value");
    Axis axis = whole_axis(param, spec);
    for (size_t i = 0; i < field.size(); ++i)
      axis.values.push_back(reader.read(field.element(i), spec));
    return axis;
  }
  if (field.is_map() && spec.kind == ParamKind::Map) {
    // A mapping parameter swept over one mapping: an axis of one. Several are written as a list of mappings.
    Axis axis = whole_axis(param, spec);
    axis.values.push_back(reader.read(field, spec));
    return axis;
  }
  if (auto call = generator_call(field))
    return numeric_axis(call->at, param, spec, reader, generate(call->at, call->kind, call->args));
  // A single value: an axis of one, so a sweep can be narrowed without moving the key.
  Axis axis = whole_axis(param, spec);
  axis.values.push_back(reader.read(field, spec));
  return axis;
}

Axis read_element_axis(const Field& field, const std::string& key, const ParamSlot& slot, const ParamSpec& spec,
                       const ValueReader& reader)
{
  // Read as a plain number parameter, so that a list (of lists) is refused and the bounds still apply.
  ParamSpec number = spec;
  number.kind      = ParamKind::Real;
  Axis axis        = read_axis(field, slot.param, number, reader);
  axis.element     = slot.element;
  axis.name        = key;
  return axis;
}

const Axis* find_axis(const std::vector<Axis>& axes, const std::string& name)
{
  for (const auto& a : axes)
    if (a.name == name)
      return &a;
  return nullptr;
}

std::vector<std::string> axis_names(const std::vector<Axis>& axes)
{
  std::vector<std::string> out;
  for (const auto& a : axes)
    out.push_back(a.name);
  return out;
}

const Axis& read_swept(const Field& field, const std::vector<Axis>& axes)
{
  std::string name = field.text();
  const Axis* axis = find_axis(axes, name);
  if (!axis)
    field.fail(unknown_name_message("swept parameter", name, axis_names(axes)));
  return *axis;
}

size_t read_metric(const Field& field, const ModelInfo& model)
{
  std::string name = field.text();
  auto index       = model.metric_index(name);
  if (!index)
    field.fail(unknown_name_message("metric of model " + model.name, name, model.metric_names()));
  return *index;
}

std::string axes_values_text(const std::vector<const Axis*>& axes, const std::vector<Value>& values)
{
  std::string text;
  for (const Axis* axis : axes)
    text += fmt::format("{}{}={}", text.empty() ? "" : ", ", axis->name, format_value(axis->in(values)));
  return text;
}

}  // namespace isogrid
