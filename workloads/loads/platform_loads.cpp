#include "workloads/loads/platform_loads.hpp"

#include "policies/loads/generators.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/core/input_file.hpp"
#include "simulator/platform/platform_loads.hpp"

#include <fmt/format.h>

#include <fstream>
#include <map>
#include <sstream>

namespace isogrid::loads {

namespace {

std::string target_name(LoadTarget target) { return target == LoadTarget::Cpu ? "CPU" : "bandwidth"; }

// A profile file's trace, read once per process (every point of a sweep builds the same platform); errors name the
// declaration (`where`, `key`) or the profile's own line.
const AvailabilityTrace& profile_trace(const std::string& file, const SourceLocation& where, const std::string& key)
{
  static std::map<std::string, AvailabilityTrace> read;
  if (auto it = read.find(file); it != read.end())
    return it->second;
  std::string text;
  try {
    text = read_input_file(file);
  } catch (const InputFileError& e) {
    throw InputError(where, key, fmt::format("cannot read the profile file: {}", e.what()));
  }
  try {
    return read.emplace(file, parse_profile(text)).first->second;
  } catch (const ProfileError& e) {
    throw InputError({file, e.line(), 1}, key, e.what());
  } catch (const std::invalid_argument& e) {
    throw InputError({file, 0, 0}, key, e.what());
  }
}

const AvailabilityTrace& profile_trace(const LoadSource& source)
{
  return profile_trace(source.profile_file, source.where, source.key);
}

const AvailabilityTrace& profile_trace(const HostProfile& host)
{
  return profile_trace(host.file, host.where, host.key);
}

void check_source(const LoadSource& source, LoadTarget target)
{
  if (!source.generator.empty()) {
    if (!load_generators().contains(source.generator))
      throw InputError(source.where, source.key,
                       unknown_name_message("load generator", source.generator, load_generators().names()));
    if (load_generators().get(source.generator).target != target)
      throw InputError(source.where, source.key,
                       fmt::format("{} draws {} load; this key wants a {} load generator", source.generator,
                                   target_name(load_generators().get(source.generator).target), target_name(target)));
  }
  if (!source.profile_file.empty())
    profile_trace(source);
  for (const HostProfile& host : source.host_profiles)
    profile_trace(host);
}

std::vector<AvailabilityTrace> traces_of(const LoadSource& source, long long resources, double horizon,
                                         std::uint64_t stream_seed)
{
  std::vector<AvailabilityTrace> out(static_cast<std::size_t>(resources));
  if (!source.profile_file.empty())
    out.assign(out.size(), profile_trace(source));
  for (const HostProfile& host : source.host_profiles)
    out[static_cast<std::size_t>(host.host)] = profile_trace(host);
  if (source.generator.empty())
    return out;
  const LoadGenerator& generator = load_generators().get(source.generator);
  GeneratorOptions options;
  options.horizon = horizon;
  for (std::size_t k = 0; k < out.size(); ++k) {
    SeededRandom random = resource_stream(stream_seed, k);
    out[k]              = generator.draw(options, random);
  }
  return out;
}

}  // namespace

void check_platform_loads(const GridSpec& spec)
{
  for (const ClusterSpec& c : spec.clusters)
    if (c.load) {
      check_source(c.load->cpu, LoadTarget::Cpu);
      check_source(c.load->bandwidth, LoadTarget::Bandwidth);
    }
  for (const InterClusterLink& l : spec.inter_links)
    if (l.load)
      check_source(l.load->bandwidth, LoadTarget::Bandwidth);
}

std::vector<AvailabilityTrace> inter_link_traces(const GridSpec& spec, std::uint64_t seed)
{
  std::vector<AvailabilityTrace> out;
  for (const InterClusterLink& l : spec.inter_links) {
    if (!l.load) {
      out.emplace_back();
      continue;
    }
    std::uint64_t stream = SeedStream(seed).child(inter_link_name(spec, l)).seed();
    out.push_back(traces_of(l.load->bandwidth, 1, l.load->horizon, stream).front());
  }
  return out;
}

std::vector<ClusterTraces> platform_traces(const GridSpec& spec, std::uint64_t seed)
{
  std::vector<ClusterTraces> out;
  for (const ClusterSpec& c : spec.clusters) {
    ClusterTraces traces;
    traces.cpu.resize(static_cast<std::size_t>(c.hosts));
    traces.bandwidth.resize(static_cast<std::size_t>(c.hosts));
    if (c.load) {
      // Each cluster and resource kind its own streams, keyed by the cluster's name.
      SeedStream cluster = SeedStream(seed).child(c.name);
      traces.cpu = traces_of(c.load->cpu, c.hosts, c.load->horizon, cluster.child(StreamSalt{"cpu", 0xc9}).seed());
      traces.bandwidth =
          traces_of(c.load->bandwidth, c.hosts, c.load->horizon, cluster.child(StreamSalt{"bandwidth", 0xb3}).seed());
    }
    out.push_back(std::move(traces));
  }
  return out;
}

namespace {

LoadResolver make_resolver()
{
  LoadResolver resolver;
  resolver.check    = check_platform_loads;
  resolver.profiles = [](const GridSpec& spec, std::uint64_t seed) {
    ResourceProfiles profiles;
    std::vector<ClusterTraces> traces = platform_traces(spec, seed);
    for (std::size_t k = 0; k < spec.clusters.size(); ++k) {
      const ClusterSpec& c = spec.clusters[k];
      for (long long i = 0; i < c.hosts; ++i) {
        const AvailabilityTrace& cpu  = traces[k].cpu[static_cast<std::size_t>(i)];
        const AvailabilityTrace& link = traces[k].bandwidth[static_cast<std::size_t>(i)];
        if (!cpu.steps().empty())
          profiles.host_speed[c.host_name(i)] = profile_text(cpu);
        if (link.steps().empty())
          continue;
        if (c.load && c.load->bandwidth_flows) {
          std::vector<std::pair<double, double>>& flows = profiles.host_flows[c.host_name(i)];
          for (const Step& s : link.steps())
            flows.emplace_back(s.time, s.value);
        } else {
          profiles.link_bandwidth[c.host_link_name(i)] = profile_text(link, c.link.bandwidth);
        }
      }
    }
    std::vector<AvailabilityTrace> inter = inter_link_traces(spec, seed);
    for (std::size_t k = 0; k < spec.inter_links.size(); ++k)
      if (!inter[k].steps().empty())
        profiles.link_bandwidth[inter_link_name(spec, spec.inter_links[k])] =
            profile_text(inter[k], spec.inter_links[k].link.bandwidth);
    return profiles;
  };
  return resolver;
}

}  // namespace

const LoadResolver& resolver()
{
  static const LoadResolver made = make_resolver();
  return made;
}

}  // namespace isogrid::loads
