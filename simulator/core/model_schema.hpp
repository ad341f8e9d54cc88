#pragma once
// A model's parameters and metrics, declared once as the typed fields of two plain structs:
//
//   struct Params  { long long m = 0; double V = 0; NumberOrList A = 1.0; std::string sequence = "given"; };
//   struct Metrics { double makespan, speedup; };
//
//   void declare(ModelSchema<Params, Metrics>& s)
//   {
//     s.describe("dlt-star", "one-line summary", "the paper");
//     s.param("m", &Params::m, "number of workers").required().at_least(1);
//     s.param("A", &Params::A, "time to compute one load unit").positive();
//     s.param("sequence", &Params::sequence, "serving order").policy(sequence_policies());
//     s.metric("makespan", &Metrics::makespan, "schedule length", "s");
//     s.primary(&Metrics::makespan);
//   }
//   const ModelSchema<Params, Metrics>& dlt_star_schema() { return schema_of(declare); }
//
// Everything else is derived from the declaration: the ParamSpecs the harness checks experiment files against (the
// kind from the member's C++ type, the default from the struct's own initialiser), `isogrid list`, the decoding of
// a point into Params, the metric columns of results.csv and the encoding of Metrics into them. Member types and
// the kinds they declare:
//   double -> number; integers -> whole number; bool -> on/off; an enum -> one of .words(); std::string -> a word,
//   one of .choices() or .policy(), a .file() or a .platform(); NumberOrList -> a number or a list of numbers;
//   std::vector<double> -> a list of numbers; std::vector<std::string> -> a list of words; Mapping -> a mapping.
#include "base/named_registry.hpp"
#include "simulator/core/byte_count.hpp"
#include "simulator/core/model.hpp"
#include "simulator/core/number_or_list.hpp"

#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace isogrid {

// One parameter: its spec, and how its value moves between a point and the parameters struct P.
template <class P>
struct ParamField {
  ParamSpec spec;
  std::function<void(const Value&, P&)> decode;
  std::function<Value(const P&)> encode;
};

// Refines the parameter just declared: bounds, names it accepts, whether it has a default. Kept only for the
// statement that declares the parameter.
template <class P, class T>
class ParamBuilder {
public:
  ParamBuilder(ParamField<P>& field, T P::*member) : field_(field), member_(member) {}

  // No default: an experiment must give it.
  ParamBuilder& required()
  {
    required_ = true;
    field_.spec.default_value.reset();
    return *this;
  }
  ParamBuilder& positive()
  {
    field_.spec.min           = 0;
    field_.spec.min_exclusive = true;
    return *this;
  }
  ParamBuilder& non_negative() { return at_least(0); }
  ParamBuilder& at_least(double min)
  {
    field_.spec.min           = min;
    field_.spec.min_exclusive = false;
    return *this;
  }
  // `why`, when given, is said when a value passes `max`.
  ParamBuilder& at_most(double max, std::string why = "")
  {
    field_.spec.max        = max;
    field_.spec.max_reason = std::move(why);
    return *this;
  }
  ParamBuilder& unit(std::string unit)
  {
    field_.spec.unit = std::move(unit);
    return *this;
  }
  // A size in bytes that the simulation moves: below 2^63 (core/byte_count.hpp), which the check names.
  ParamBuilder& bytes()
  {
    unit("B");
    field_.spec.max_text = "2^63";
    return at_most(std::nextafter(kMaxTransferBytes, 0.0), "SimGrid counts bytes in 64-bit integers");
  }
  // A word, or a list of words, out of a fixed list.
  ParamBuilder& choices(std::vector<std::string> names)
  {
    static_assert(std::is_same_v<T, std::string> || std::is_same_v<T, std::vector<std::string>>,
                  "choices() is for a std::string or std::vector<std::string> member");
    if constexpr (std::is_same_v<T, std::string>)
      field_.spec.kind = ParamKind::Choice;
    field_.spec.choices = std::move(names);
    return *this;
  }
  // A word, or a list of words, out of a policy family's registered names (the catalog lists them by family).
  template <class Policy>
  ParamBuilder& policy(const NamedRegistry<Policy>& family)
  {
    static_assert(std::is_same_v<T, std::string> || std::is_same_v<T, std::vector<std::string>>,
                  "policy() is for a std::string or std::vector<std::string> member");
    if constexpr (std::is_same_v<T, std::string>)
      field_.spec.kind = ParamKind::Choice;
    field_.spec.policy_family = family.family();
    return *this;
  }
  // An enum member: the word that stands for each of its values.
  ParamBuilder& words(std::vector<std::pair<std::string, T>> table)
  {
    static_assert(std::is_enum_v<T>, "words() is for an enum member");
    field_.spec.kind = ParamKind::Choice;
    field_.spec.choices.clear();
    for (const auto& entry : table)
      field_.spec.choices.push_back(entry.first);
    T P::*member  = member_;
    field_.decode = [member, table](const Value& v, P& p) {
      const std::string& word = std::get<std::string>(v);
      for (const auto& [name, value] : table)
        if (name == word) {
          p.*member = value;
          return;
        }
      throw std::logic_error("undeclared word " + word);
    };
    field_.encode = [member, table](const P& p) -> Value {
      for (const auto& [name, value] : table)
        if (value == p.*member)
          return name;
      throw std::logic_error("an enum value without a word");
    };
    if (!required_)
      field_.spec.default_value = field_.encode(P{});
    return *this;
  }
  // A file, resolved relative to the experiment file.
  ParamBuilder& file()
  {
    static_assert(std::is_same_v<T, std::string>, "file() is for a std::string member");
    field_.spec.kind = ParamKind::Path;
    return *this;
  }
  // A platform file (SimGrid XML or an isogrid grid spec), loaded once in a child process while validating.
  ParamBuilder& platform()
  {
    file();
    field_.spec.platform_file = true;
    return *this;
  }
  // A list of words that is a sequence, one per item of something (a phase's speedup function): a word may come
  // again. Other word lists are sets (the schedulers raced), where a repeated word is a mistake.
  ParamBuilder& repeats()
  {
    static_assert(std::is_same_v<T, std::vector<std::string>>, "repeats() is for a std::vector<std::string> member");
    field_.spec.repeats = true;
    return *this;
  }
  // An empty list or mapping is a value.
  ParamBuilder& allow_empty()
  {
    field_.spec.allow_empty = true;
    return *this;
  }
  // A mapping's leaves: numbers (ParamKind::Real, within the bounds) or words (ParamKind::Text); with depth 2 an
  // entry may hold a mapping of leaves itself.
  ParamBuilder& entries(ParamKind leaf, int depth = 1)
  {
    static_assert(std::is_same_v<T, Mapping>, "entries() is for a Mapping member");
    field_.spec.entry_kind = leaf;
    field_.spec.map_depth  = depth;
    return *this;
  }

private:
  ParamField<P>& field_;
  T P::*member_;
  bool required_ = false;
};

// Metric columns repeated for each of a list of names (a scheduler's time, processors, ... for every registered
// scheduler): a row struct per name, reached by name.
template <class Row>
class NamedRows {
public:
  Row& operator[](const std::string& name) { return rows_.at(position(name)); }
  const Row& operator[](const std::string& name) const { return rows_.at(position(name)); }
  const std::vector<std::string>& names() const { return names_; }
  std::vector<Row>& rows() { return rows_; }
  const std::vector<Row>& rows() const { return rows_; }
  void reset(const std::vector<std::string>& names, const Row& blank)
  {
    names_ = names;
    rows_.assign(names.size(), blank);
  }

private:
  size_t position(const std::string& name) const
  {
    for (size_t i = 0; i < names_.size(); ++i)
      if (names_[i] == name)
        return i;
    throw std::logic_error("no metric row named " + name);
  }
  std::vector<std::string> names_;
  std::vector<Row> rows_;
};

// One metric of a row, its column named by `name` with "{}" standing for the row's name ("time_{}").
template <class Row>
struct RowMetric {
  std::string name;
  double Row::*member;
  std::string doc;
  std::string unit;
};

// The columns one declared metric (or group of metrics) contributes, and how its values move in and out.
template <class M>
struct MetricColumns {
  std::vector<MetricSpec> specs;
  double M::*member = nullptr;  // a single metric's member, so that primary() can find it
  std::function<void(M&)> blank;
  std::function<void(const M&, double*)> write;
  std::function<void(const double*, M&)> read;
};

// A face's metrics and the short remark its results row carries ("infeasible: alpha_7 < 0").
template <class M>
struct Face : M {
  std::string note;
};

// Both faces of a point, read back from its results columns.
template <class M>
struct TypedOutcome {
  M predicted;
  M simulated;
  std::string note;
};

namespace schema_detail {
template <class>
inline constexpr bool always_false = false;

inline std::string with_name(std::string pattern, const std::string& name)
{
  for (size_t at = pattern.find("{}"); at != std::string::npos; at = pattern.find("{}", at + name.size()))
    pattern.replace(at, 2, name);
  return pattern;
}
}  // namespace schema_detail

template <class P, class M>
class ModelSchema {
public:
  ModelSchema() = default;
  ModelSchema(std::string name, std::string summary, std::string source)
  {
    describe(std::move(name), std::move(summary), std::move(source));
  }

  // The name experiment files use, a one-line summary for `isogrid list`, and the paper the model reproduces.
  void describe(std::string name, std::string summary, std::string source)
  {
    require_open();
    info_.name    = std::move(name);
    info_.summary = std::move(summary);
    info_.source  = std::move(source);
  }

  template <class T>
  ParamBuilder<P, T> param(std::string name, T P::*member, std::string doc)
  {
    require_open();
    params_.emplace_back();
    ParamField<P>& f = params_.back();
    f.spec.name      = std::move(name);
    f.spec.doc       = std::move(doc);
    bind(f, member);
    if (f.encode)
      f.spec.default_value = f.encode(P{});
    return ParamBuilder<P, T>(f, member);
  }

  void metric(std::string name, double M::*member, std::string doc, std::string unit = "")
  {
    require_open();
    MetricColumns<M> c;
    c.specs.push_back({std::move(name), std::move(doc), std::move(unit)});
    c.member = member;
    c.blank  = [member](M& m) { m.*member = std::numeric_limits<double>::quiet_NaN(); };
    c.write  = [member](const M& m, double* out) { *out = m.*member; };
    c.read   = [member](const double* in, M& m) { m.*member = *in; };
    metrics_.push_back(std::move(c));
  }

  // For each name, one column per row metric, name-major: time_sa, processors_sa, ..., time_ga, ...
  template <class Row>
  void metric_rows(NamedRows<Row> M::*member, std::vector<std::string> names, std::vector<RowMetric<Row>> fields)
  {
    require_open();
    MetricColumns<M> c;
    for (const auto& name : names)
      for (const auto& f : fields)
        c.specs.push_back({schema_detail::with_name(f.name, name), schema_detail::with_name(f.doc, name), f.unit});
    c.blank = [member, names, fields](M& m) {
      Row blank{};
      for (const auto& f : fields)
        blank.*(f.member) = std::numeric_limits<double>::quiet_NaN();
      (m.*member).reset(names, blank);
    };
    c.write = [member, fields](const M& m, double* out) {
      for (const Row& row : (m.*member).rows())
        for (const auto& f : fields)
          *out++ = row.*(f.member);
    };
    c.read = [member, names, fields](const double* in, M& m) {
      (m.*member).reset(names, Row{});
      for (Row& row : (m.*member).rows())
        for (const auto& f : fields)
          row.*(f.member) = *in++;
    };
    metrics_.push_back(std::move(c));
  }

  // The metric whose predicted and simulated values results.csv compares (rel_dev).
  void primary(double M::*member)
  {
    for (const auto& c : metrics_)
      if (c.member == member) {
        info_.primary_metric = c.specs.front().name;
        return;
      }
    throw std::logic_error(info_.name + ": primary() names an undeclared metric");
  }
  void primary(std::string column) { info_.primary_metric = std::move(column); }
  // "key:value" SimGrid settings every simulated point starts with.
  void simgrid(std::vector<std::string> config) { info_.simgrid_config = std::move(config); }
  void faces(bool can_predict, bool can_simulate)
  {
    info_.can_predict  = can_predict;
    info_.can_simulate = can_simulate;
  }

  // The description the harness works from. The declaration is closed once it is asked for.
  const ModelInfo& info() const
  {
    if (!closed_) {
      for (const auto& f : params_) {
        if (!f.decode)
          throw std::logic_error(info_.name + ": parameter " + f.spec.name + " needs words() to be read");
        info_.params.push_back(f.spec);
      }
      for (const auto& c : metrics_)
        info_.metrics.insert(info_.metrics.end(), c.specs.begin(), c.specs.end());
      if (!info_.metric_index(info_.primary_metric))
        throw std::logic_error(info_.name + ": the primary metric '" + info_.primary_metric + "' is not declared");
      closed_ = true;
    }
    return info_;
  }

  // A point's values, decoded into the parameters struct.
  P params_of(const Point& point) const
  {
    if (point.values.size() != params_.size())
      throw std::logic_error(info_.name + ": a point with " + std::to_string(point.values.size()) + " values for " +
                             std::to_string(params_.size()) + " parameters");
    P p{};
    for (size_t i = 0; i < params_.size(); ++i)
      params_[i].decode(point.values[i], p);
    return p;
  }

  // The point that holds these parameters (tests, tools).
  Point point_of(const P& params, uint64_t seed = 1) const
  {
    Point point;
    point.specs = &info().params;
    for (const auto& f : params_)
      point.values.push_back(f.encode(params));
    point.seed = seed;
    return point;
  }

  // Every metric "not computed" (NaN).
  void blank(M& m) const
  {
    for (const auto& c : metrics_)
      c.blank(m);
  }

  // The metrics in column order, into `columns` (sized to the column count).
  void write(const M& m, std::vector<double>& columns) const
  {
    columns.resize(info().metrics.size());
    double* out = columns.data();
    for (const auto& c : metrics_) {
      c.write(m, out);
      out += c.specs.size();
    }
  }

  M metrics_of(const std::vector<double>& columns) const
  {
    if (columns.size() != info().metrics.size())
      throw std::logic_error(info_.name + ": metric columns of the wrong length");
    M m{};
    const double* in = columns.data();
    for (const auto& c : metrics_) {
      c.read(in, m);
      in += c.specs.size();
    }
    return m;
  }

  TypedOutcome<M> outcome_of(const Outcome& out) const
  {
    return {metrics_of(out.predicted), metrics_of(out.simulated), out.note};
  }

private:
  void require_open() const
  {
    if (closed_)
      throw std::logic_error(info_.name + ": declared after the schema was read");
  }

  template <class T>
  static void bind(ParamField<P>& f, T P::*member)
  {
    using schema_detail::always_false;
    if constexpr (std::is_same_v<T, double>) {
      f.spec.kind = ParamKind::Real;
      f.decode    = [member](const Value& v, P& p) { p.*member = std::get<double>(v); };
      f.encode    = [member](const P& p) -> Value { return p.*member; };
    } else if constexpr (std::is_same_v<T, bool>) {
      f.spec.kind    = ParamKind::Choice;
      f.spec.choices = {"on", "off"};
      f.decode       = [member](const Value& v, P& p) { p.*member = std::get<std::string>(v) == "on"; };
      f.encode       = [member](const P& p) -> Value { return std::string(p.*member ? "on" : "off"); };
    } else if constexpr (std::is_integral_v<T>) {
      f.spec.kind = ParamKind::Integer;
      f.spec.min  = std::is_unsigned_v<T> ? 0.0 : -std::numeric_limits<double>::infinity();
      f.spec.max  = std::min(static_cast<double>(std::numeric_limits<T>::max()), 9007199254740992.0);  // 2^53
      f.decode    = [member](const Value& v, P& p) { p.*member = static_cast<T>(std::llround(std::get<double>(v))); };
      f.encode    = [member](const P& p) -> Value { return static_cast<double>(p.*member); };
    } else if constexpr (std::is_enum_v<T>) {
      f.spec.kind = ParamKind::Choice;  // decode and encode come with words()
    } else if constexpr (std::is_same_v<T, std::string>) {
      f.spec.kind = ParamKind::Text;
      f.decode    = [member](const Value& v, P& p) { p.*member = std::get<std::string>(v); };
      f.encode    = [member](const P& p) -> Value { return p.*member; };
    } else if constexpr (std::is_same_v<T, NumberOrList>) {
      f.spec.kind = ParamKind::RealOrList;
      f.decode    = [member](const Value& v, P& p) { p.*member = NumberOrList::from(v); };
      f.encode    = [member](const P& p) -> Value { return (p.*member).value(); };
    } else if constexpr (std::is_same_v<T, std::vector<double>>) {
      f.spec.kind = ParamKind::NumberList;
      f.decode    = [member](const Value& v, P& p) { p.*member = std::get<std::vector<double>>(v); };
      f.encode    = [member](const P& p) -> Value { return p.*member; };
    } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
      f.spec.kind = ParamKind::WordList;
      f.decode    = [member](const Value& v, P& p) { p.*member = std::get<std::vector<std::string>>(v); };
      f.encode    = [member](const P& p) -> Value { return p.*member; };
    } else if constexpr (std::is_same_v<T, Mapping>) {
      f.spec.kind = ParamKind::Map;
      f.decode    = [member](const Value& v, P& p) { p.*member = std::get<Mapping>(v); };
      f.encode    = [member](const P& p) -> Value { return p.*member; };
    } else {
      static_assert(always_false<T>, "a parameter member is a number, an integer, bool, an enum, std::string, "
                                     "NumberOrList, std::vector<double>, std::vector<std::string> or Mapping");
    }
  }

  mutable ModelInfo info_;
  mutable bool closed_ = false;
  std::vector<ParamField<P>> params_;
  std::vector<MetricColumns<M>> metrics_;
};

// The schema `declare` fills, built on first use and kept for the life of the process (models and points refer to
// it). A model's accessor is one line: `const ModelSchema<P, M>& my_schema() { return schema_of(declare); }`.
template <class P, class M>
const ModelSchema<P, M>& schema_of(void (*declare)(ModelSchema<P, M>&))
{
  static const ModelSchema<P, M> schema = [declare] {
    ModelSchema<P, M> s;
    declare(s);
    s.info();  // closes the declaration, and checks it
    return s;
  }();
  return schema;
}

}  // namespace isogrid
