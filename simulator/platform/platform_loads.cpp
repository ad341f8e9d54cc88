#include "simulator/platform/platform_loads.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace isogrid {

namespace {

const LoadResolver& required(const LoadResolver* resolver)
{
  if (!resolver || !resolver->check || !resolver->profiles)
    throw std::logic_error("a grid spec declares background load but no load resolver was given");
  return *resolver;
}

}  // namespace

void check_declared_loads(const GridSpec& spec, const LoadResolver* resolver)
{
  if (declares_loads(spec))
    required(resolver).check(spec);
}

ResourceProfiles draw_declared_loads(const GridSpec& spec, const PointLoads& loads)
{
  if (!declares_loads(spec))
    return {};
  return required(loads.resolver).profiles(spec, loads.seed);
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

namespace {

std::string declared(const LoadSource& source, const char* what)
{
  std::string name = !source.generator.empty() ? source.generator : source.profile_file;
  if (name.empty())
    name = "per-host profile files";
  std::string at = source.where.file;
  if (source.where.line > 0)
    at += fmt::format(":{}:{}", source.where.line, source.where.column);
  return fmt::format("{} {} ({})", what, name, at);
}

}  // namespace

PlatformSourceIndex source_index_of(const GridSpec& spec)
{
  PlatformSourceIndex index;
  index.file = spec.file;
  for (const ClusterSpec& c : spec.clusters) {
    if (!c.load)
      continue;
    const LoadSource& cpu = c.load->cpu;
    if (!cpu.host_profiles.empty())
      for (const HostProfile& h : cpu.host_profiles)
        index.profiled_hosts.emplace(c.host_name(h.host), declared(cpu, "load.cpu"));
    else if (cpu.declared())
      for (long long i = 0; i < c.hosts; ++i)
        index.profiled_hosts.emplace(c.host_name(i), declared(cpu, "load.cpu"));
    const LoadSource& bw = c.load->bandwidth;
    if (bw.declared())
      for (long long i = 0; i < c.hosts; ++i)
        index.profiled_links.emplace(c.host_link_name(i), declared(bw, c.load->bandwidth_flows ? "competing flows of "
                                                                                                 "load.bandwidth"
                                                                                               : "load.bandwidth"));
  }
  for (const InterClusterLink& l : spec.inter_links)
    if (l.load && l.load->bandwidth.declared())
      index.profiled_links.emplace(inter_link_name(spec, l), declared(l.load->bandwidth, "load.bandwidth"));
  return index;
}

}  // namespace isogrid
