#include "simulator/core/model.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace isogrid {

size_t Model::metric_index(const std::string& metric) const
{
  const auto& metrics = info().metrics;
  for (size_t i = 0; i < metrics.size(); ++i)
    if (metrics[i].name == metric)
      return i;
  throw std::logic_error(fmt::format("model {} has no metric '{}'", info().name, metric));
}

}  // namespace isogrid
