#include "simulator/experiment/crossings.hpp"

#include "simulator/core/input_error.hpp"

#include <fmt/format.h>

namespace isogrid {

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
    c.metric = read_metric(f.required("metric"), model.info());
    c.level  = f.required("level").number();
    c.along  = f.required("along").text();
    if (const Axis* a = find_axis(axes, c.along)) {
      for (const auto& v : a->values)
        if (!std::holds_alternative<double>(v))
          f.child("along").fail(fmt::format("{} takes names, not numbers: a crossing needs a numeric axis", c.along));
      c.along_param = *a;
    } else if (auto am = model.info().metric_index(c.along)) {
      c.along_metric = true;
      c.along_index  = *am;
    } else {
      std::vector<std::string> known = axis_names(axes);
      for (const auto& n : model.info().metric_names())
        known.push_back(n);
      f.child("along").fail(unknown_name_message("swept parameter or metric", c.along, known));
    }
    Field groups = f.child("for_each");
    if (groups.present()) {
      if (!groups.is_list())
        groups.fail("expected a list of swept parameters, e.g. [C]");
      for (size_t k = 0; k < groups.size(); ++k) {
        const Axis& a = read_swept(groups.element(k), axes);
        if (!c.along_metric && a.name == c.along)
          groups.element(k).fail("a crossing cannot be grouped by the parameter it runs along");
        c.for_each.push_back(a);
      }
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace isogrid
