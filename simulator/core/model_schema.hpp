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
#include "simulator/core/model.hpp"
#include "simulator/core/param_table.hpp"

#include <algorithm>
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
  std::string label;  // "{}" stands for the row's name, as in `name` and `doc`
};

// What metric() returns: the metric just declared, to give its label and whether it has a unit.
class MetricBuilder {
public:
  explicit MetricBuilder(MetricSpec& spec) : spec_(spec) {}
  MetricBuilder& label(const std::string& label)
  {
    spec_.label = label;
    return *this;
  }
  MetricBuilder& unitless()
  {
    spec_.unit = kUnitless;
    return *this;
  }

private:
  MetricSpec& spec_;
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
  ParamBuilder<P, T> param(const std::string& name, T P::*member, const std::string& doc)
  {
    require_open();
    return params_.param(name, member, doc);
  }

  // The builder it returns is for the same statement only (`.label("makespan")`): a later metric moves it.
  MetricBuilder metric(std::string name, double M::*member, std::string doc, std::string unit = "")
  {
    require_open();
    MetricColumns<M> c;
    c.specs.push_back({std::move(name), std::move(doc), std::move(unit), ""});
    c.member = member;
    c.blank  = [member](M& m) { m.*member = std::numeric_limits<double>::quiet_NaN(); };
    c.write  = [member](const M& m, double* out) { *out = m.*member; };
    c.read   = [member](const double* in, M& m) { m.*member = *in; };
    metrics_.push_back(std::move(c));
    return MetricBuilder(metrics_.back().specs.back());
  }

  // For each name, one column per row metric, name-major: time_sa, processors_sa, ..., time_ga, ...
  template <class Row>
  void metric_rows(NamedRows<Row> M::*member, std::vector<std::string> names, std::vector<RowMetric<Row>> fields)
  {
    require_open();
    MetricColumns<M> c;
    for (const auto& name : names)
      for (const auto& f : fields)
        c.specs.push_back({schema_detail::with_name(f.name, name), schema_detail::with_name(f.doc, name), f.unit,
                           schema_detail::with_name(f.label, name)});
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

  // `metric`'s closed-form limit as `param` grows without bound, at a point's other parameters; NaN from `value`
  // where the formula does not apply (a platform file, drawn speeds). `formula` says it in words.
  void limit(double M::*metric, std::string param, std::function<double(const P&)> value, std::string formula)
  {
    require_open();
    limits_.push_back({metric, std::move(param), std::move(value), std::move(formula)});
  }

  // The declared limit's value at `p`; nothing when none is declared for (metric, param) or it does not apply.
  std::optional<double> limit_of(const std::string& metric, const std::string& param, const P& p) const
  {
    const ModelInfo& i = info();
    for (size_t k = 0; k < limits_.size(); ++k)
      if (i.limits[k].metric == metric && i.limits[k].param == param) {
        double v = limits_[k].value(p);
        return std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
      }
    return std::nullopt;
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
      info_.params = params_.specs(info_.name);
      for (const auto& c : metrics_)
        info_.metrics.insert(info_.metrics.end(), c.specs.begin(), c.specs.end());
      if (!info_.metric_index(info_.primary_metric))
        throw std::logic_error(info_.name + ": the primary metric '" + info_.primary_metric + "' is not declared");
      for (const auto& l : limits_) {
        auto c = std::find_if(metrics_.begin(), metrics_.end(), [&](const auto& m) { return m.member == l.metric; });
        if (c == metrics_.end() || !info_.param_index(l.param))
          throw std::logic_error(info_.name + ": limit() names an undeclared metric or parameter");
        info_.limits.push_back({c->specs.front().name, l.param, l.formula});
      }
      closed_ = true;
    }
    return info_;
  }

  // The rules across parameters the declaration holds (ParamTable::check_rules).
  void check_rules(const P& p) const { params_.check_rules(p); }

  // A point's values, decoded into the parameters struct.
  P params_of(const Point& point) const
  {
    if (point.values.size() != params_.size())
      throw std::logic_error(info_.name + ": a point with " + std::to_string(point.values.size()) + " values for " +
                             std::to_string(params_.size()) + " parameters");
    return params_.decode(point.values);
  }

  // The point that holds these parameters (tests, tools).
  Point point_of(const P& params, uint64_t seed = 1) const
  {
    Point point;
    point.specs  = &info().params;
    point.values = params_.encode(params);
    point.seed   = seed;
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

  mutable ModelInfo info_;
  mutable bool closed_ = false;
  ParamTable<P> params_;
  std::vector<MetricColumns<M>> metrics_;
  struct Limit {
    double M::*metric;
    std::string param;
    std::function<double(const P&)> value;
    std::string formula;
  };
  std::vector<Limit> limits_;
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
