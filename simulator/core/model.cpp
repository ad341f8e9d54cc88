#include "simulator/core/model.hpp"

namespace isogrid {

namespace {
template <class Spec>
std::vector<std::string> names_of(const std::vector<Spec>& specs)
{
  std::vector<std::string> out;
  for (const auto& s : specs)
    out.push_back(s.name);
  return out;
}

template <class Spec>
std::optional<size_t> index_of(const std::vector<Spec>& specs, const std::string& name)
{
  for (size_t i = 0; i < specs.size(); ++i)
    if (specs[i].name == name)
      return i;
  return std::nullopt;
}
}  // namespace

std::vector<std::string> ModelInfo::param_names() const { return names_of(params); }
std::vector<std::string> ModelInfo::metric_names() const { return names_of(metrics); }
std::optional<size_t> ModelInfo::param_index(const std::string& name) const { return index_of(params, name); }
std::optional<size_t> ModelInfo::metric_index(const std::string& name) const { return index_of(metrics, name); }

bool Model::evaluate_in_process(const Point& point, const Faces& wanted, const SimulationContext& context,
                                Outcome& out) const
{
  if (needs_worker(*this, point, wanted))
    return false;
  evaluate(point, wanted, context, out);
  return true;
}

bool needs_worker(const Model& model, const Point& point, const Faces& wanted)
{
  return needs_worker(wanted, [&] { return model.predicted_face_needs(point); });
}

}  // namespace isogrid
