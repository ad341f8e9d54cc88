#include "simulator/experiment/scalability_spec.hpp"

#include "simulator/core/value.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace isogrid {

std::optional<ScalabilitySpec> read_scalability(const Field& field, const Model& model, const std::vector<Axis>& axes)
{
  if (!field.present())
    return std::nullopt;
  if (!field.is_map())
    field.fail("expected a mapping: {metric, processors, baseline}");
  field.only_keys({"metric", "processors", "baseline"}, "scalability key");
  ScalabilitySpec s;
  s.metric = read_metric(field.required("metric"), model.info());
  Field p  = field.required("processors");
  if (std::string name = p.text(); !find_axis(axes, name) && model.info().param_index(name))
    p.fail(fmt::format("{} is not swept: speedups are measured along a swept processor count, e.g. sweep: {{{}: [1, "
                       "2, 4, 8]}}",
                       name, name));
  const Axis& axis = read_swept(p, axes);
  std::vector<double> values;
  for (const auto& v : axis.values) {
    if (!is_number(v))
      p.fail(fmt::format("{} takes names, not numbers: a processor count is a number", axis.name));
    values.push_back(std::get<double>(v));
  }
  if (values.size() < 2)
    p.fail(fmt::format("{} takes one value: a speedup needs two", axis.name));
  s.processors = axis.name;
  s.baseline   = *std::min_element(values.begin(), values.end());
  if (Field b = field.child("baseline"); b.present()) {
    s.baseline = b.number();
    if (std::find(values.begin(), values.end(), s.baseline) == values.end())
      b.fail(fmt::format("the baseline is one of {}'s swept values, got {}", axis.name, format_number(s.baseline)));
    if (!(s.baseline > 0))
      b.fail("a baseline processor count is above 0");
  }
  return s;
}

}  // namespace isogrid
