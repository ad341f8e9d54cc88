#include "simulator/core/model.hpp"

#include <fmt/format.h>
#include <stdexcept>

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

size_t Model::metric_index(const std::string& metric) const
{
  if (auto i = info().metric_index(metric))
    return *i;
  throw std::logic_error(fmt::format("model {} has no metric '{}'", info().name, metric));
}

}  // namespace isogrid
