#include "simulator/experiment/experiment.hpp"

#include "base/named_registry.hpp"
#include "simulator/core/input_file.hpp"
#include "simulator/core/sha256.hpp"
#include "simulator/core/text.hpp"
#include "simulator/experiment/overrides.hpp"
#include "simulator/experiment/plots.hpp"
#include "simulator/experiment/value_reader.hpp"
#include "simulator/experiment/where_expression.hpp"
#include "simulator/platform/platform_source_index.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace isogrid {

std::string mode_name(RunMode mode)
{
  switch (mode) {
    case RunMode::Predict: return "predict";
    case RunMode::Simulate: return "simulate";
    case RunMode::Both: return "both";
  }
  return "?";
}

const std::vector<std::string>& experiment_keys()
{
  static const std::vector<std::string> keys = {
      "title",       "description",      "source",     "model",         "mode",       "seed",
      "repetitions", "timeout",          "parameters", "sweep",         "simgrid",    "references",
      "plots",       "same_seed_across", "crossings",  "where",         "agreements", "comparisons",
      "tables",      "max_points",       "plugins",    "isoefficiency", "fit",        "scalability"};
  return keys;
}

namespace {

// Whether --set gave `key` itself or something inside it (key.x, key[0]).
bool set_within(const YamlOrigin& origin, const std::string& key)
{
  for (const auto& path : origin.overridden)
    if (path == key || path.rfind(key + ".", 0) == 0 || path.rfind(key + "[", 0) == 0)
      return true;
  return false;
}

// Reads a block; with `drop`, a block that fails (it no longer fits a sweep --set reshaped) is left out.
template <class Read>
void read_unless_dropped(bool drop, Read read)
{
  try {
    read();
  } catch (const InputError&) {
    if (!drop)
      throw;
  }
}

// Cross-parameter checks run on every point before the sweep starts, so that a bad combination is reported
// with its file and line instead of becoming a failed row. Past this many points they run lazily.
constexpr uint64_t kEagerCheckLimit = 5'000'000;

// A sweep's axes multiply: two innocent-looking 1e5 axes make 1e10 points, a results.csv of terabytes. Past this
// many points an experiment must say so (max_points), so that such a product is a decision, not an accident.
constexpr uint64_t kDefaultMaxPoints = 10'000'000;

// The points a sweep makes, computed in floating point (the exact product can overflow 64 bits), refused past
// max_points with what results.csv would weigh.
void check_point_count(const Field& doc, const Model& model, uint32_t repetitions)
{
  // Sized before any value is made: three generators of 1e7 values would take gigabytes to build.
  std::vector<std::pair<std::string, double>> axes;
  Field sweep = doc.child("sweep");
  if (sweep.present() && sweep.is_map())
    for (const auto& key : sweep.keys())
      axes.emplace_back(
          key,
          planned_axis_size(sweep.child(key), model.info().params[read_slot(sweep.key(key), key, model.info()).param]));
  Field cap_field = doc.child("max_points");
  double cap      = cap_field.present() ? static_cast<double>(cap_field.integer_at_least(1)) : kDefaultMaxPoints;
  if (cap > 1e15)  // point indices stay exact doubles and far from 64-bit overflow
    cap_field.fail("max_points can be at most 1e15");
  double points = repetitions;
  std::vector<std::string> factors;
  for (const auto& [name, size] : axes) {
    points *= size;
    factors.push_back(fmt::format("{} {}", format_number(size), name));
  }
  if (repetitions > 1)
    factors.push_back(fmt::format("{} repetitions", repetitions));
  if (points <= cap)
    return;
  // A row holds the parameters, two faces of metrics and a few bookkeeping cells, ~10 bytes each.
  double row_bytes = 10.0 * static_cast<double>(model.info().params.size() + 2 * model.info().metrics.size() + 6);
  Field at         = cap_field.present() ? cap_field : doc.child("sweep").present() ? doc.child("sweep") : doc;
  double bytes     = points * row_bytes;
  std::string size;
  for (auto [scale, unit] : {std::pair{1e12, "TB"}, {1e9, "GB"}, {1e6, "MB"}, {1e3, "kB"}, {1.0, "bytes"}})
    if (size.empty() && (bytes >= scale || scale == 1.0))
      size = fmt::format("{:.3g} {}", bytes / scale, unit);
  at.fail(fmt::format("the sweep makes {:.4g} points ({}), more than max_points = {}; its results.csv would take "
                      "about {}. Narrow the sweep, or raise max_points (a top-level key, or --set max_points=N)",
                      points, join(factors, " x "), format_number(cap), size));
}

RunMode read_mode(const Field& f, const Model& model)
{
  RunMode mode =
      model.info().can_simulate ? (model.info().can_predict ? RunMode::Both : RunMode::Simulate) : RunMode::Predict;
  if (!f.present())
    return mode;
  std::string name = f.text();
  if (name == "predict")
    mode = RunMode::Predict;
  else if (name == "simulate")
    mode = RunMode::Simulate;
  else if (name == "both")
    mode = RunMode::Both;
  else
    f.fail(unknown_name_message("mode", name, {"predict", "simulate", "both"}));
  if (mode != RunMode::Simulate && !model.info().can_predict)
    f.fail(fmt::format("model {} has no closed-form face; use mode: simulate", model.info().name));
  if (mode != RunMode::Predict && !model.info().can_simulate)
    f.fail(fmt::format("model {} has no simulated face; use mode: predict", model.info().name));
  return mode;
}

std::string describe_point(const Point& p, const std::vector<Axis>& axes)
{
  std::string out;
  for (const auto& a : axes) {
    if (a.values.size() < 2)
      continue;
    out += fmt::format("{}{}={}", out.empty() ? "" : ", ", a.name, format_value(a.in(p.values)));
  }
  return out;
}

// `where: "N_x / (p * C) >= 1"`: which points of the cartesian product to run. Evaluated once per combination
// while loading, so that the runner, the checks below and the references all see the same points.
void apply_where(const Field& field, const Model& model, Experiment& ex)
{
  if (!field.present())
    return;
  ex.where = field.text();
  std::vector<std::string> numeric;
  for (const auto& p : model.info().params)
    if (p.kind == ParamKind::Real || p.kind == ParamKind::Integer || p.kind == ParamKind::RealOrList)
      numeric.push_back(p.name);
  WhereExpression condition;
  try {
    condition = WhereExpression::parse(ex.where, numeric);
  } catch (const WhereError& e) {
    SourceLocation at = field.where();
    if (at.line > 0)
      at.column += e.column - 1;
    throw InputError(at, field.path(), fmt::format("{} (column {} of the condition)", e.what(), e.column));
  }
  std::vector<size_t> index;
  for (const auto& name : condition.names())
    index.push_back(*model.info().param_index(name));
  const Sweep& sweep = ex.sweep;
  ex.excluded.assign(sweep.size(), false);
  std::vector<double> values(index.size());
  ex.included_points = 0;
  Point p;  // reused: a million-point sweep decodes one point at a time
  for (uint64_t c = 0; c < sweep.combinations(); ++c) {
    sweep.point_into(c * sweep.repetitions(), p);
    for (size_t k = 0; k < index.size(); ++k) {
      const auto* x = std::get_if<double>(&p.values[index[k]]);
      if (!x)
        field.fail(fmt::format("{} lists several values at some points; a where condition needs single numbers",
                               model.info().params[index[k]].name));
      values[k] = *x;
    }
    bool keep = condition.holds(values);
    for (uint32_t r = 0; r < sweep.repetitions(); ++r)
      ex.excluded[c * sweep.repetitions() + r] = !keep;
    ex.included_points += keep ? sweep.repetitions() : 0;
  }
  if (ex.included_points == 0)
    field.fail(fmt::format("no point of the sweep satisfies {}", ex.where));
}

// `sweep:`: one axis per key. A key `w[2]` sweeps one element of the list w, which `parameters` gives whole.
std::vector<Axis> read_sweep(const Field& sweep, const ModelInfo& model, const std::vector<std::optional<Value>>& fixed,
                             const ValueReader& reader)
{
  std::vector<Axis> axes;
  if (!sweep.present())
    return axes;
  if (!sweep.is_map())
    sweep.fail("expected a mapping of parameters to the values they take, e.g. m: [1, 2, 4]");
  // Slots first, so that sweeping a parameter both whole and by elements is named as such in either order.
  std::vector<std::string> keys = sweep.keys();
  std::vector<ParamSlot> slots;
  for (size_t k = 0; k < keys.size(); ++k) {
    Field at = sweep.key(keys[k]);
    slots.push_back(read_slot(at, keys[k], model));
    for (size_t j = 0; j < k; ++j)
      if (slots[j].param == slots[k].param && (!slots[j].element || !slots[k].element))
        at.fail(fmt::format("{} and {} both sweep {}: sweep it whole or by elements, not both", keys[j], keys[k],
                            model.params[slots[k].param].name));
  }
  for (size_t k = 0; k < keys.size(); ++k) {
    const std::string& key = keys[k];
    const ParamSlot& slot  = slots[k];
    const ParamSpec& spec  = model.params[slot.param];
    if (!slot.element) {
      if (fixed[slot.param])
        sweep.child(key).fail(fmt::format("{} is both fixed under parameters and swept here; keep one", key));
      axes.push_back(read_axis(sweep.child(key), slot.param, spec, reader));
      continue;
    }
    Field at         = sweep.key(key);
    const auto* base = fixed[slot.param] ? std::get_if<std::vector<double>>(&*fixed[slot.param]) : nullptr;
    if (!base)
      at.fail(fmt::format("{} sweeps one element of {}: give the whole list under parameters", key, spec.name));
    if (*slot.element >= base->size())
      at.fail(fmt::format("{} is past the end of {}, whose list under parameters has {} element(s), indices 0 to {}",
                          key, spec.name, base->size(), base->size() - 1));
    axes.push_back(read_element_axis(sweep.child(key), key, slot, spec, reader));
  }
  return axes;
}

// The field of a ParamError: the parameter under `parameters` or `sweep` (there, the axis entry that gave the
// point its value), then the way into its value the error names.
Field error_field(const Field& doc, const Sweep& sweep, const Point& p, const ParamError& e, const ValueReader& reader)
{
  const Axis* axis = nullptr;
  for (const auto& a : sweep.axes())
    if (a.name == e.param())
      axis = &a;
  Field at = doc.child(axis ? "sweep" : "parameters").child(e.param());
  if (!at.present())
    return doc.child("parameters").present() ? doc.child("parameters") : doc.child("model");
  if (axis && at.is_list()) {
    const Value value = axis->in(p.values);
    bool found        = false;
    for (size_t i = 0; i < at.size() && !found; ++i)
      if (values_match(reader.read(at.element(i), (*p.specs)[axis->param]), value)) {
        at    = at.element(i);
        found = true;
      }
    if (!found)
      return at;
  }
  const auto& within = e.within();
  for (size_t k = 0; k < within.size(); ++k) {
    bool last  = k + 1 == within.size();
    Field next = at.is_list() ? at.element(std::stoul(within[k]))
                              : (last && e.at_key() ? at.key(within[k]) : at.child(within[k]));
    if (!next.present() && !(last && e.at_key()))
      break;
    at = next;
  }
  return at;
}

// The platform file each point names, probed before the first point (null when no probe was supplied).
using PlatformsProbed = std::map<std::string, const PlatformFacts*>;

const PlatformFacts* platform_of(const Point& p, const Model& model, const PlatformsProbed& probed)
{
  const auto& specs = model.info().params;
  for (size_t i = 0; i < specs.size(); ++i)
    if (specs[i].platform_file)
      if (auto it = probed.find(std::get<std::string>(p.values[i])); it != probed.end())
        return it->second;
  return nullptr;
}

// Calls `visit` on each included combination of the sweep's values (its first repetition), up to
// kEagerCheckLimit of them.
template <class Visit>
void for_each_combination(const Experiment& ex, Visit visit)
{
  const Sweep& sweep = ex.sweep;
  uint64_t limit     = std::min<uint64_t>(sweep.combinations(), kEagerCheckLimit);
  Point p;  // reused: a million-point sweep decodes one point at a time
  for (uint64_t c = 0; c < limit; ++c) {
    if (!ex.includes(c * sweep.repetitions()))
      continue;
    sweep.point_into(c * sweep.repetitions(), p);
    visit(p);
  }
}

void check_points(const Field& doc, const Model& model, const Experiment& ex, const ValueReader& reader,
                  const PlatformsProbed& probed)
{
  for_each_combination(ex, [&](const Point& p) {
    try {
      model.check(p, platform_of(p, model, probed));
    } catch (const ParamError& e) {
      Field at          = error_field(doc, ex.sweep, p, e, reader);
      std::string where = describe_point(p, ex.sweep.axes());
      at.fail(where.empty() ? e.what() : fmt::format("{} (at {})", e.what(), where));
    }
  });
}

// The most hosts a point's SimGrid platform has: its platform file's, or what the model builds from its parameters.
// The most hosts a simulated point builds. A platform a model builds from its parameters is bounded as a platform
// file is (kMaxPlatformHosts), before anything builds it.
size_t largest_platform(const Model& model, const Experiment& ex, const PlatformsProbed& probed, const Field& doc)
{
  size_t largest = 0;
  for (const auto& [path, facts] : probed)
    largest = std::max(largest, facts->hosts.size());
  if (ex.faces().simulated)
    for_each_combination(ex, [&](const Point& p) {
      size_t hosts = model.simulated_hosts(p);
      if (hosts > kMaxPlatformHosts)
        (doc.child("sweep").present() ? doc.child("sweep") : doc.child("parameters"))
            .fail(fmt::format("the point {} builds a platform of {} hosts; isogrid builds platforms of up to {} hosts",
                              describe_point(p, ex.sweep.axes()), hosts, kMaxPlatformHosts));
      largest = std::max(largest, hosts);
    });
  return largest;
}

// A reference must name a point of the sweep. When --set has reshaped the sweep, references that fell outside
// it are dropped instead: narrowing a sweep from the command line should not need editing the file.
void check_references_hit_the_sweep(std::vector<Reference>& refs, const Sweep& sweep, const Model& model,
                                    bool drop_misses, const std::vector<CrossingSpec>& crossings)
{
  if (drop_misses) {
    std::vector<Reference> kept;
    for (auto& r : refs) {
      std::vector<Reference> one = {r};
      try {
        check_references_hit_the_sweep(one, sweep, model, false, crossings);
        kept.push_back(std::move(r));
      } catch (const InputError&) {
      }
    }
    refs = std::move(kept);
    return;
  }
  for (const auto& r : refs) {
    // A crossing reference names one group of its crossing: every for_each parameter, nothing else.
    if (r.crossing >= 0) {
      for (const ParamSlot& group : crossings[static_cast<size_t>(r.crossing)].for_each) {
        bool pinned = false;
        for (const auto& [slot, v] : r.at)
          pinned = pinned || slot == group;
        if (!pinned)
          throw InputError(
              r.at_where, r.at_key,
              fmt::format("the reference does not say which {} it is for", slot_name(group, model.info())));
      }
    }
    for (const auto& axis : sweep.axes()) {
      if (axis.values.size() < 2 || r.crossing >= 0)
        continue;
      bool pinned = false;
      for (const auto& [slot, value] : r.at)
        pinned = pinned || slot == axis;
      if (!pinned)
        throw InputError(
            r.at_where, r.at_key,
            fmt::format("the reference does not say which {} it is for ({} is swept)", axis.name, axis.name));
    }
    for (size_t k = 0; k < r.at.size(); ++k) {
      const auto& [slot, value] = r.at[k];
      std::string name          = slot_name(slot, model.info());
      const Axis* axis          = nullptr;
      for (const auto& a : sweep.axes())
        if (a == slot)
          axis = &a;
      bool found = false;
      if (axis) {
        for (const auto& v : axis->values)
          found = found || values_match(v, value);
      } else {
        found = values_match(slot.in(sweep.fixed()), value);
      }
      if (!found)
        throw InputError(k < r.at_value_where.size() ? r.at_value_where[k] : r.at_where, r.at_key + "." + name,
                         fmt::format("no point of the sweep has {} = {}", name, format_value(value)));
    }
  }
}

// A metric reference must name a point that `where` keeps.
void check_references_are_run(std::vector<Reference>& refs, const Experiment& ex, bool drop_misses)
{
  if (ex.excluded.empty())
    return;
  std::vector<Reference> kept;
  for (auto& r : refs) {
    bool run = r.crossing >= 0;
    // The reference pins a value of every multi-valued axis (checked above): that is one combination.
    if (!run)
      run = ex.includes(ex.sweep.combination_of(r.at) * ex.sweep.repetitions());
    if (run)
      kept.push_back(std::move(r));
    else if (!drop_misses)
      throw InputError(r.at_where, r.at_key, fmt::format("this point is ruled out by where: {}", ex.where));
  }
  refs = std::move(kept);
}

std::string file_bytes(const std::string& path) { return read_input_file(path); }  // checked when read

}  // namespace

namespace {

PlatformsProbed probe_platform_files(const Field& doc, const Experiment& ex, const SimulatorChecks& checks)
{
  PlatformsProbed probed;
  if (!checks.platform)
    return probed;
  const auto& specs = ex.model->info().params;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (!specs[i].platform_file)
      continue;
    std::vector<std::string> paths;
    Field at = doc.child("parameters").child(specs[i].name);
    for (const auto& a : ex.sweep.axes())
      if (a.param == i) {
        at = doc.child("sweep").child(specs[i].name);
        for (const auto& v : a.values)
          paths.push_back(std::get<std::string>(v));
      }
    if (paths.empty())
      paths.push_back(std::get<std::string>(ex.sweep.fixed()[i]));
    for (const auto& p : paths) {
      if (p.empty() || probed.count(p))
        continue;
      try {
        probed[p] = &checks.platform(p);
      } catch (const std::exception& e) {
        at.fail(fmt::format("platform {} does not load: {}", p, e.what()));
      }
    }
  }
  return probed;
}

// Each setting the experiment gives, tried on SimGrid's registry; the error points at its key.
void check_simgrid_settings(const Field& sg, const SimulatorChecks& checks)
{
  if (!sg.present())
    return;
  for (const auto& key : sg.keys())
    if (key == "tracing/filename")
      sg.key(key).fail("isogrid names each point's trace itself: with tracing: yes, point i of a run writes "
                       "OUT/traces/point-i.trace");
  if (!checks.setting)
    return;
  for (const auto& key : sg.keys()) {
    try {
      checks.setting(key + ":" + sg.child(key).text());
    } catch (const UnknownName& e) {
      sg.key(key).fail(e.what());
    } catch (const std::exception& e) {
      sg.child(key).fail(e.what());
    }
  }
}

std::string setting_key(const std::string& setting) { return setting.substr(0, setting.find(':')); }

}  // namespace

std::vector<std::string> merge_simgrid_settings(const std::vector<std::string>& model_defaults,
                                                const std::vector<std::string>& experiment)
{
  std::set<std::string> given;
  for (const auto& s : experiment)
    given.insert(setting_key(s));
  bool own_network_model = given.count("network/model") > 0;
  std::vector<std::string> merged;
  for (const auto& s : model_defaults) {
    std::string key = setting_key(s);
    if (!given.count(key) && !(own_network_model && key.rfind("network/", 0) == 0))
      merged.push_back(s);
  }
  merged.insert(merged.end(), experiment.begin(), experiment.end());
  return merged;
}

std::vector<std::string> with_room_for_actors(std::vector<std::string> config, size_t largest_platform_hosts)
{
  if (largest_platform_hosts <= kHostsBeforeSmallStacks)
    return config;
  for (const auto& s : config)
    if (std::string key = setting_key(s); key == "contexts/stack-size" || key == "contexts/guard-size")
      return config;
  config.emplace_back("contexts/guard-size:0");
  config.emplace_back("contexts/stack-size:64");
  return config;
}

// Loads the plugins an experiment names, before anything in it names a model or a policy they may add. A relative
// path is the experiment file's.
void load_named_plugins(const Field& plugins, const std::string& experiment_path, const SimulatorChecks& checks)
{
  if (!plugins.present())
    return;
  if (!plugins.is_list())
    plugins.fail("expected a list of plugin files (shared libraries), e.g. [build/libmine.so]");
  if (!checks.plugin)
    plugins.fail("plugins are loaded by the isogrid command only");
  for (size_t i = 0; i < plugins.size(); ++i) {
    Field entry = plugins.element(i);
    std::filesystem::path file(entry.text());
    if (file.is_relative())
      file = std::filesystem::path(experiment_path).parent_path() / file;
    try {
      checks.plugin(file.lexically_normal().string());
    } catch (const std::exception& e) {
      entry.fail(e.what());
    }
  }
}

void load_plugins_named_in(const std::string& path, const SimulatorChecks& checks)
{
  YAML::Node root = load_yaml_file(path);
  if (!root.IsMap())
    return;  // load_experiment says what is wrong
  auto origin  = std::make_shared<YamlOrigin>();
  origin->file = path;
  load_named_plugins(Field(root, "", origin).child("plugins"), path, checks);
}

Experiment load_experiment(const std::string& path, const std::vector<std::string>& overrides, const Catalog& catalog,
                           const SimulatorChecks& checks)
{
  YAML::Node root = load_yaml_file(path);
  if (!root.IsMap())
    throw InputError({path, 1, 1}, "", "an experiment file is a mapping of keys (model, parameters, sweep, ...)");
  auto origin  = std::make_shared<YamlOrigin>();
  origin->file = path;
  load_named_plugins(Field(root, "", origin).child("plugins"), path, checks);
  // What the model's parameters hold decides whether `--set name=[...]` fixes a list or sweeps values.
  const Model* named = nullptr;
  if (root["model"].IsDefined() && root["model"].IsScalar())
    for (const Model* m : catalog.models())
      named = m->info().name == root["model"].Scalar() ? m : named;
  auto list_meaning = [named](const std::string& key) {
    auto i = named ? named->info().param_index(key) : std::nullopt;
    if (!i)
      return ListMeaning::Sweep;
    ParamKind kind = named->info().params[*i].kind;
    if (kind == ParamKind::NumberList || kind == ParamKind::WordList || kind == ParamKind::Map)
      return ListMeaning::OneValue;
    return kind == ParamKind::RealOrList ? ListMeaning::Ambiguous : ListMeaning::Sweep;
  };
  origin->overridden = apply_overrides(root, overrides, list_meaning);
  Field doc(root, "", origin);
  doc.only_keys(experiment_keys(), "experiment key");

  Experiment ex;
  ex.file      = path;
  ex.overrides = overrides;
  if (checks.plugins_loaded)
    ex.plugins = checks.plugins_loaded();
  Field model_field = doc.required("model");
  try {
    ex.model = &catalog.model(model_field.text());
  } catch (const UnknownName& e) {
    model_field.fail(e.what());
  }
  const Model& model = *ex.model;
  const auto& specs  = model.info().params;
  ValueReader reader(catalog, std::filesystem::path(path).parent_path().string());

  if (doc.child("title").present())
    ex.title = doc.child("title").text();
  if (doc.child("description").present())
    ex.description = doc.child("description").text();
  if (doc.child("source").present())
    ex.source = doc.child("source").text();
  ex.mode = read_mode(doc.child("mode"), model);
  if (doc.child("seed").present())
    ex.seed = static_cast<uint64_t>(doc.child("seed").integer_at_least(0));
  uint32_t repetitions = 1;
  if (doc.child("repetitions").present()) {
    long long r = doc.child("repetitions").integer_at_least(1);
    if (r > 1'000'000)
      doc.child("repetitions").fail("more than 1e6 repetitions per point");
    repetitions = static_cast<uint32_t>(r);
  }
  if (doc.child("timeout").present())
    ex.timeout_s = doc.child("timeout").number_at_least(0, true);

  // Fixed values, then axes; a parameter is either fixed or swept.
  std::vector<std::optional<Value>> fixed(specs.size());
  Field params = doc.child("parameters");
  if (params.present()) {
    params.only_keys(model.info().param_names(), "parameter of model " + model.info().name);
    for (const auto& key : params.keys()) {
      size_t i = *model.info().param_index(key);
      fixed[i] = reader.read(params.child(key), specs[i]);
    }
  }
  check_point_count(doc, model, repetitions);
  std::vector<Axis> axes = read_sweep(doc.child("sweep"), model.info(), fixed, reader);
  std::vector<Value> values(specs.size());
  for (size_t i = 0; i < specs.size(); ++i) {
    bool swept = false;
    for (const auto& a : axes)
      swept = swept || a.param == i;
    if (fixed[i])
      values[i] = *fixed[i];
    else if (specs[i].default_value)
      values[i] = *specs[i].default_value;
    else if (swept)
      values[i] = 0.0;  // overwritten by every point
    else
      (params.present() ? params : doc)
          .fail(fmt::format("missing parameter '{}' ({}), which model {} needs", specs[i].name, specs[i].doc,
                            model.info().name));
  }
  std::vector<bool> seed_blind(axes.size(), false);
  Field shared = doc.child("same_seed_across");
  if (shared.present()) {
    if (!shared.is_list())
      shared.fail("expected a list of swept parameters, e.g. [sequence]");
    for (size_t i = 0; i < shared.size(); ++i) {
      const Axis& axis = read_swept(shared.element(i), axes);
      size_t at        = static_cast<size_t>(&axis - axes.data());
      if (seed_blind[at])
        shared.element(i).fail(fmt::format("{} is listed twice", axis.name));
      seed_blind[at] = true;
    }
  }
  ex.sweep = Sweep(&specs, std::move(values), std::move(axes), repetitions, ex.seed, std::move(seed_blind));

  Field sg = doc.child("simgrid");
  std::vector<std::string> settings;
  if (sg.present()) {
    if (!sg.is_map())
      sg.fail("expected a mapping of SimGrid configuration keys to values, e.g. network/model: CM02");
    for (const auto& key : sg.keys())
      settings.push_back(key + ":" + sg.child(key).text());
  }
  check_simgrid_settings(sg, checks);
  ex.simgrid_config = merge_simgrid_settings(model.info().simgrid_config, settings);

  ex.included_points = ex.sweep.size();
  apply_where(doc.child("where"), model, ex);
  PlatformsProbed probed = probe_platform_files(doc, ex, checks);
  check_points(doc, model, ex, reader, probed);
  ex.simgrid_config = with_room_for_actors(std::move(ex.simgrid_config), largest_platform(model, ex, probed, doc));
  if (sg.present() && checks.engine_start) {  // each setting started alone above; here all of them, together
    try {
      checks.engine_start(ex.simgrid_config);
    } catch (const std::exception& e) {
      sg.fail(fmt::format("SimGrid does not start with these settings together: {}", e.what()));
    }
  }
  ex.crossings = read_crossings(doc.child("crossings"), model, ex.sweep.axes());
  // A block that no longer fits a sweep --set changed (--set m=4 leaves no scale to trace along) is dropped, as
  // plots are; one --set gives itself is checked like the file's.
  const bool reshaped = !overrides.empty();
  read_unless_dropped(reshaped && !set_within(*origin, "isoefficiency"), [&] {
    ex.isoefficiency = read_isoefficiency(doc.child("isoefficiency"), model, ex.sweep.axes());
  });
  read_unless_dropped(reshaped && !set_within(*origin, "fit"),
                      [&] { ex.fits = read_growth_fits(doc.child("fit"), model, ex.sweep.axes()); });
  read_unless_dropped(reshaped && !set_within(*origin, "scalability"),
                      [&] { ex.scalability = read_scalability(doc.child("scalability"), model, ex.sweep.axes()); });
  std::vector<std::string> crossing_names;
  for (const auto& c : ex.crossings)
    crossing_names.push_back(c.name);
  ex.references = read_references(doc.child("references"), model, reader, crossing_names);
  check_references_hit_the_sweep(ex.references, ex.sweep, model, !overrides.empty(), ex.crossings);
  check_references_are_run(ex.references, ex, !overrides.empty());
  ex.agreements = read_agreements(doc.child("agreements"), model);
  if (!ex.agreements.empty() && !(ex.predicts() && ex.simulates()) && overrides.empty())
    doc.child("agreements").fail("agreements compare the two faces: run with mode: both");
  if (!(ex.predicts() && ex.simulates()))
    ex.agreements.clear();
  ex.comparisons = read_comparisons(doc.child("comparisons"), model, reader, ex.sweep, ex.predicts(), ex.simulates(),
                                    !overrides.empty());
  ex.tables = read_summary_tables(doc.child("tables"), model.info(), ex.predicts(), ex.simulates(), !overrides.empty());
  // Plots that no longer fit a sweep --set changed are dropped; plots --set gives itself are checked like the file's.
  ex.plots = read_plots(doc.child("plots"), model, ex.sweep.axes(), ex.predicts(), ex.simulates(),
                        reshaped && !set_within(*origin, "plots"), ex.isoefficiency ? &*ex.isoefficiency : nullptr,
                        ex.sweep.size());
  attach_paper_values(ex.plots, ex.references, model.info());

  YAML::Emitter emitter;
  emitter << root;
  ex.resolved_yaml = std::string(emitter.c_str()) + "\n";
  // The hash covers what decides the results only: a reference, table or plot added to a finished run is then
  // checked with --resume, without running a point again.
  YAML::Node deciding = YAML::Clone(root);
  // The isoefficiency block too: its probes are recorded by their points (isoefficiency_runner.hpp), so a block
  // added or changed on a finished run is traced with --resume, reusing every probe that still applies.
  for (const char* key : {"title", "source", "description", "references", "agreements", "comparisons", "crossings",
                          "isoefficiency", "fit", "scalability", "tables", "plots", "max_points"})
    deciding.remove(key);
  YAML::Emitter deciding_text;
  deciding_text << deciding;
  std::string fingerprint = deciding_text.c_str();
  for (const auto& plugin : ex.plugins)  // a plugin rebuilt between a run and its --resume may decide otherwise
    fingerprint += plugin.sha256;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (specs[i].kind != ParamKind::Path)
      continue;
    auto add = [&](const std::string& path) {
      std::string bytes = file_bytes(path);
      ex.file_sha256.emplace(path, sha256_hex(bytes));
      fingerprint += bytes;
    };
    for (const auto& a : ex.sweep.axes())
      if (a.param == i)
        for (const auto& v : a.values)
          add(std::get<std::string>(v));
    if (auto* s = std::get_if<std::string>(&ex.sweep.fixed()[i]); s && !s->empty())
      add(*s);
  }
  ex.hash = sha256_hex(fingerprint);
  return ex;
}

bool traces(const std::vector<std::string>& simgrid_config)
{
  bool on = false;
  for (const auto& setting : simgrid_config)  // the last word on a key wins, as in SimGrid
    if (setting_key(setting) == "tracing") {
      std::string value = setting.substr(setting.find(':') + 1);
      on                = value == "yes" || value == "1" || value == "true" || value == "on";
    }
  return on;
}

std::vector<std::string> tracing_settings(std::vector<std::string> config, const std::string& out_dir, uint64_t index)
{
  if (traces(config))
    config.push_back(fmt::format("tracing/filename:{}/traces/point-{}.trace", out_dir, index));
  return config;
}

std::string shown_value(const Experiment& ex, size_t param, const Value& value)
{
  namespace fs            = std::filesystem;
  const std::string* path = std::get_if<std::string>(&value);
  if (!path || path->empty() || ex.model->info().params[param].kind != ParamKind::Path)
    return format_value(value);
  std::error_code ec;
  fs::path file   = fs::absolute(*path, ec).lexically_normal();
  fs::path parent = fs::path(ex.file).parent_path();
  fs::path folder = fs::absolute(parent.empty() ? fs::path(".") : parent, ec).lexically_normal();
  fs::path shown  = file.lexically_relative(folder);
  size_t climbs = 0, depth = 0;
  for (const auto& part : shown)
    climbs += part == ".." ? 1 : 0;
  for (const auto& part : folder.relative_path())
    depth += part.empty() ? 0 : 1;
  if (shown.empty() || climbs >= depth)  // up to the root: the path is better read whole
    return file.string();
  return shown.string();
}

}  // namespace isogrid
