#include "simulator/experiment/growth_fit_spec.hpp"

#include "simulator/core/value.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace isogrid {

namespace {

GrowthFitSpec read_one(const Field& f, const Model& model, const std::vector<Axis>& axes)
{
  if (!f.is_map())
    f.fail("expected a mapping: {metric, by}");
  f.only_keys({"metric", "by", "group_by", "terms", "exponents", "logs"}, "fit key");
  GrowthFitSpec s;
  s.metric          = read_metric(f.required("metric"), model.info());
  s.hypotheses      = growth::default_hypotheses();
  Field terms_field = f.child("terms");
  if (terms_field.present()) {
    long long terms = terms_field.integer_at_least(1);
    if (terms > 2)
      terms_field.fail("a hypothesis over one parameter has 1 or 2 terms besides the constant");
    s.hypotheses.terms = static_cast<size_t>(terms);
  }
  // A law with `terms` terms and a constant is told apart from its neighbours by leaving a value out: one more
  // value than coefficients, and never fewer than three.
  const size_t needed = std::max(growth::kMinimumDistinctValues, s.hypotheses.terms + 2);

  Field by = f.required("by");
  std::vector<Field> names;
  if (by.is_list())
    for (size_t i = 0; i < by.size(); ++i)
      names.push_back(by.element(i));
  else
    names.push_back(by);
  if (names.empty() || names.size() > 3)
    by.fail(fmt::format("a law is fitted over one to three parameters, got {}", names.size()));
  for (const Field& name : names) {
    if (std::string p = name.text(); !find_axis(axes, p) && model.info().metric_index(p)) {
      // A metric as the law's variable (the PEs a configuration names): its values are checked after the run.
      if (std::find(s.by.begin(), s.by.end(), p) != s.by.end())
        name.fail(fmt::format("{} is listed twice", p));
      s.by.push_back(p);
      s.by_metric.push_back(true);
      continue;
    }
    if (std::string p = name.text(); !find_axis(axes, p) && model.info().param_index(p))
      name.fail(fmt::format("{} is not swept: a law is fitted over a swept parameter, e.g. sweep: {{{}: [1, 2, 4, 8]}}",
                            p, p));
    const Axis& axis = read_swept(name, axes);
    if (std::find(s.by.begin(), s.by.end(), axis.name) != s.by.end())
      name.fail(fmt::format("{} is listed twice", axis.name));
    for (const auto& v : axis.values)
      if (!is_number(v))
        name.fail(fmt::format("{} takes names, not numbers: a law is fitted over numbers", axis.name));
    if (axis.values.size() < needed)
      name.fail(fmt::format("{} is swept over {} value(s): a law with {} term(s) needs {} or more to be identified",
                            axis.name, axis.values.size(), s.hypotheses.terms, needed));
    s.by.push_back(axis.name);
    s.by_metric.push_back(false);
  }
  if (Field g = f.child("group_by"); g.present()) {
    if (!g.is_list())
      g.fail("expected a list of swept parameters, e.g. [runtime]");
    std::vector<std::string> given;
    for (size_t i = 0; i < g.size(); ++i) {
      const Axis& axis = read_swept(g.element(i), axes);
      if (std::find(s.by.begin(), s.by.end(), axis.name) != s.by.end())
        g.element(i).fail(fmt::format("{} is a parameter of the law: it cannot also group its rows", axis.name));
      given.push_back(axis.name);
    }
    for (const Axis& a : axes)  // in the sweep's order
      if (std::find(given.begin(), given.end(), a.name) != given.end())
        s.group_by.push_back(a.name);
  } else
    for (const Axis& a : axes)
      if (std::find(s.by.begin(), s.by.end(), a.name) == s.by.end())
        s.group_by.push_back(a.name);

  if (Field e = f.child("exponents"); e.present()) {
    s.hypotheses.powers = e.is_list() ? e.numbers() : std::vector<double>{e.number()};
    for (double i : s.hypotheses.powers)
      if (!std::isfinite(i) || std::abs(i) > 10)
        e.fail("an exponent is a finite number between -10 and 10");
  }
  if (Field l = f.child("logs"); l.present()) {
    std::vector<double> logs = l.is_list() ? l.numbers() : std::vector<double>{l.number()};
    s.hypotheses.log_powers.clear();
    for (double j : logs) {
      if (j != std::floor(j) || j < 0 || j > 3)
        l.fail(fmt::format("a power of log2 is 0, 1, 2 or 3, got {}", format_number(j)));
      s.hypotheses.log_powers.push_back(static_cast<int>(j));
    }
  }
  if (growth::single_parameter_hypotheses(s.hypotheses).size() < 2)
    (f.child("exponents").present() ? f.child("exponents") : f.child("logs"))
        .fail("the hypothesis set is empty: give at least one exponent or log power other than 0, e.g. exponents: "
              "[1, 2], logs: [0, 1]");
  return s;
}

}  // namespace

std::vector<GrowthFitSpec> read_growth_fits(const Field& field, const Model& model, const std::vector<Axis>& axes)
{
  std::vector<GrowthFitSpec> out;
  if (!field.present())
    return out;
  if (field.is_list()) {
    if (field.size() == 0)
      field.fail("expected at least one fit, e.g. [{metric: makespan, by: [m]}]");
    for (size_t i = 0; i < field.size(); ++i)
      out.push_back(read_one(field.element(i), model, axes));
  } else
    out.push_back(read_one(field, model, axes));
  return out;
}

}  // namespace isogrid
