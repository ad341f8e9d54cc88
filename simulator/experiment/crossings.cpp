#include "simulator/experiment/crossings.hpp"

#include "simulator/core/input_error.hpp"

#include <fmt/format.h>

namespace isogrid {

namespace {

std::vector<std::string> axis_names(const std::vector<Axis>& axes)
{
  std::vector<std::string> out;
  for (const auto& a : axes)
    out.push_back(a.name);
  return out;
}

const Axis* axis_named(const std::vector<Axis>& axes, const std::string& name)
{
  for (const auto& a : axes)
    if (a.name == name)
      return &a;
  return nullptr;
}

int metric_named(const Model& model, const std::string& name)
{
  const auto& metrics = model.info().metrics;
  for (size_t i = 0; i < metrics.size(); ++i)
    if (metrics[i].name == name)
      return static_cast<int>(i);
  return -1;
}

std::vector<std::string> metric_names(const Model& model)
{
  std::vector<std::string> out;
  for (const auto& m : model.info().metrics)
    out.push_back(m.name);
  return out;
}

}  // namespace

std::vector<CrossingSpec> read_crossings(const Field& field, const Model& model, const std::vector<Axis>& axes)
{
  std::vector<CrossingSpec> out;
  if (!field.present())
    return out;
  if (!field.is_list())
    field.fail("expected a list of crossings ({name, metric, level, along, for_each})");
  for (size_t i = 0; i < field.size(); ++i) {
    Field f = field.element(i);
    f.only_keys({"name", "metric", "level", "along", "for_each"}, "crossing key");
    CrossingSpec c;
    c.name = f.required("name").text();
    for (const auto& earlier : out)
      if (earlier.name == c.name)
        f.child("name").fail(fmt::format("a crossing named '{}' is already defined", c.name));
    std::string metric = f.required("metric").text();
    int m              = metric_named(model, metric);
    if (m < 0)
      f.child("metric").fail(unknown_name_message("metric", metric, metric_names(model)));
    c.metric = static_cast<size_t>(m);
    c.level  = f.required("level").number();
    c.along  = f.required("along").text();
    if (const Axis* a = axis_named(axes, c.along)) {
      for (const auto& v : a->values)
        if (!std::holds_alternative<double>(v))
          f.child("along").fail(fmt::format("{} takes names, not numbers: a crossing needs a numeric axis", c.along));
      c.along_index = a->param;
    } else if (int am = metric_named(model, c.along); am >= 0) {
      c.along_metric = true;
      c.along_index  = static_cast<size_t>(am);
    } else {
      std::vector<std::string> known = axis_names(axes);
      for (const auto& n : metric_names(model))
        known.push_back(n);
      f.child("along").fail(unknown_name_message("swept parameter or metric", c.along, known));
    }
    Field groups = f.child("for_each");
    if (groups.present()) {
      if (!groups.is_list())
        groups.fail("expected a list of swept parameters, e.g. [C]");
      for (size_t k = 0; k < groups.size(); ++k) {
        std::string name = groups.element(k).text();
        const Axis* a    = axis_named(axes, name);
        if (!a)
          groups.element(k).fail(unknown_name_message("swept parameter", name, axis_names(axes)));
        if (!c.along_metric && name == c.along)
          groups.element(k).fail("a crossing cannot be grouped by the parameter it runs along");
        c.for_each.push_back(a->param);
      }
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace isogrid
