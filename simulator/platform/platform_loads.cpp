#include "simulator/platform/platform_loads.hpp"

#include <stdexcept>

namespace isogrid {

namespace {
LoadResolver& installed()
{
  static LoadResolver resolver;
  return resolver;
}
}  // namespace

void install_load_resolver(LoadResolver resolver) { installed() = std::move(resolver); }

const LoadResolver& load_resolver()
{
  if (!installed().check || !installed().profiles)
    throw std::logic_error("a grid spec declares background load but no load resolver is installed");
  return installed();
}

bool declares_loads(const GridSpec& spec)
{
  for (const ClusterSpec& c : spec.clusters)
    if (c.load && (c.load->cpu.declared() || c.load->bandwidth.declared()))
      return true;
  for (const InterClusterLink& l : spec.inter_links)
    if (l.load && l.load->bandwidth.declared())
      return true;
  return false;
}

}  // namespace isogrid
