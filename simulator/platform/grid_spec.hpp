#pragma once
// The compact YAML grid spec: a multi-cluster grid (or a star) in a dozen lines instead of a page of SimGrid XML.
// This file only reads and checks the spec into plain structs; simulator/sg/grid_builder.cpp turns them into a
// SimGrid platform. Every mistake is an InputError naming file, line, column and key.
//
//   name: das2                       # optional, default: the file name without its extension
//   clusters:                        # one or more
//     - name: vu                     # letters, digits, '_', '.', '-'; unique
//       hosts: 72                    # host count, >= 1; hosts are vu-0 .. vu-71
//       speed: 1Gf                   # per host (and per core): f, kf, Mf, Gf, ...; bare number = flop/s
//                                    # or one per host, in host order: [2.9617Gf, 2.937Gf, ...] (exactly `hosts`)
//       cores: 2                     # optional, default 1
//       link: {bandwidth: 1.25GBps, latency: 5us}    # each host's private split-duplex link to the switch;
//                                                    # latency optional, default 0
//       backbone: {bandwidth: 10GBps, latency: 1us, sharing: shared}   # optional; sharing: shared | fatpipe
//       properties: {mhz: 534}       # optional facts models read: names to numbers or words
//       load:                        # optional background load (docs/loads.md); absent: dedicated
//         cpu: random-cpu            # a CPU load generator (`isogrid list policies load-generator`), a trace per host,
//                                    # drawn from the point's seed; or
//         cpu_profile: cpu.txt       # a SimGrid profile file (shares of the speed) every host replays, or
//                                    # {intel-0: a.txt, intel-3: b.txt}: each listed host its own (others free)
//         bandwidth: random-bandwidth   # a bandwidth generator, one trace per host link; or
//         bandwidth_profile: bw.txt  # a profile file (shares of the link's bandwidth) every host link replays
//         horizon: 24h               # generators draw at least this long (default 24h)
//         bandwidth_as: profile      # or flows: competing streams from each host to the next (>= 2 hosts)
//   inter_cluster:                   # required when there are two clusters or more
//     bandwidth: 100MBps             # default of every cluster-to-cluster link (one split-duplex link per pair)
//     latency: 10ms                  # optional, default 0
//     links:                         # optional per-pair overrides of bandwidth and/or latency
//       - {between: [vu, leiden], bandwidth: 50MBps, latency: 3ms}
//     load: {bandwidth: random-bandwidth}   # optional: every inter-cluster link's own bandwidth trace (a generator, or
//                                    # bandwidth_profile: file); links[].load overrides it for one pair
//     latency_matrix:                # optional one-way latencies; beats both latencies above for the pairs it covers
//       order: [vu, leiden]          # distinct cluster names (a subset is fine)
//       values: [[0, 1.2ms], [1.2ms, 0]]   # square, symmetric, zero diagonal
//
// or, instead of clusters, a star (a center and workers, each worker behind its own link):
//
//   star:
//     center: {name: P0, speed: 1Gf}                  # name optional, default P0
//     workers: {count: 10, prefix: P, speed: 1Gf, bandwidth: 100MBps, latency: 1ms}   # P1 .. P10
//     # or a list: workers: [{name: w1, speed: 1Gf, bandwidth: 1GBps, latency: 1ms}, ...]
//
// Units are SimGrid's (see simulator/core/units.hpp); docs/platforms.md is the user reference.
#include "simulator/core/catalog.hpp"
#include "simulator/core/input_error.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace isogrid {

enum class LinkSharing { Shared, Fatpipe };

struct LinkSpec {
  double bandwidth = 0;  // byte/s
  double latency   = 0;  // s
};

struct BackboneSpec {
  double bandwidth    = 0;
  double latency      = 0;
  LinkSharing sharing = LinkSharing::Shared;
};

// A declared source of background load: a generator's name or a profile file's path (made absolute, relative to the
// spec), with where it was written, so that a model or the platform check can refuse it at its own line.
// One host's own profile file (a cluster's `cpu_profile: {intel-3: a.txt, ...}`).
struct HostProfile {
  std::string name;     // the host as written
  long long host = -1;  // its index in the cluster
  std::string file;     // absolute, or relative to the working folder as the spec's path was
  SourceLocation where;
  std::string key;
};

struct LoadSource {
  std::string generator;                   // "" unless a generator is named
  std::string profile_file;                // "" unless a profile file is named for every resource
  std::vector<HostProfile> host_profiles;  // or one file per listed host (the others free)
  SourceLocation where;
  std::string key;  // "clusters[0].load.cpu", for messages
  bool declared() const { return !generator.empty() || !profile_file.empty() || !host_profiles.empty(); }
};

// What a cluster's hosts and host links, or an inter-cluster link, meet besides the application (Sanjay ch. 3's
// synthetic and trace loads; an Internet link's varying throughput). A link declares bandwidth only. The parser only
// reads it; the names and files are checked, and the traces drawn, by whoever resolves loads
// (platform_loads.hpp).
struct LoadSpec {
  LoadSource cpu, bandwidth;
  double horizon = 24 * 3600;  // s
  // A cluster's bandwidth load as real competing flows (`bandwidth_as: flows`, the thesis's packet streams) instead
  // of its links' bandwidth profiles: each host sends rate-capped streams to the next host of the cluster that leave
  // one application flow its trace's share.
  bool bandwidth_flows = false;
};

struct ClusterSpec {
  std::string name;
  long long hosts = 1;
  double speed    = 0;  // flop/s per core; with host_speeds, the largest of them, for code that needs one speed
  std::vector<double> host_speeds;  // one per host when the spec lists them; empty: every host runs at speed
  int cores = 1;
  LinkSpec link;
  std::optional<BackboneSpec> backbone;
  // Free-form facts about the cluster that models read (the clock rate a paper's table averages, ...); they
  // become properties of the cluster's SimGrid zone.
  std::map<std::string, std::string> properties;
  std::optional<LoadSpec> load;  // absent: dedicated

  std::string host_name(long long i) const { return name + "-" + std::to_string(i); }
  // The name of host i's private link, which SimGrid knows it by ("link:vu-3").
  std::string host_link_name(long long i) const { return "link:" + host_name(i); }
  // Host i's speed: read through this wherever one host is meant, so listed speeds are not lost.
  double speed_of(long long i) const { return host_speeds.empty() ? speed : host_speeds[static_cast<size_t>(i)]; }
};

// One per pair of clusters (full mesh), with defaults, overrides and the latency matrix already applied.
struct InterClusterLink {
  size_t a = 0, b = 0;  // indices into GridSpec::clusters, a < b
  LinkSpec link;
  std::optional<LoadSpec> load;  // bandwidth only; absent: the link is the application's alone
};

struct StarHostSpec {
  std::string name;
  double speed     = 0;  // flop/s
  double bandwidth = 0;  // byte/s, the worker's link to the center
  double latency   = 0;  // s
};

struct StarGridSpec {
  std::string center_name = "P0";
  double center_speed     = 0;
  std::vector<StarHostSpec> workers;
};

struct GridSpec {
  std::string file;
  std::string name;
  std::vector<ClusterSpec> clusters;          // empty for a star
  std::vector<InterClusterLink> inter_links;  // pairs in order (0,1), (0,2), ..., (1,2), ...
  std::optional<StarGridSpec> star;
};

// The SimGrid name of the link between two clusters ("inter:vu:leiden"); ':' cannot occur in a user's name.
std::string inter_link_name(const GridSpec& spec, const InterClusterLink& link);

// Reads and checks a grid spec; throws InputError (file:line:column, key, what was expected). Its declared loads
// are checked by whoever holds the resolver (check_declared_loads, platform_loads.hpp): the platform check before
// the first point, the grid builder at each point.
GridSpec read_grid_spec(const std::string& path);
// True for a file name that names a YAML grid spec (.yaml, .yml) rather than a SimGrid XML platform.
bool is_grid_spec_file(const std::string& path);
// The grid spec at `path`, read once per process: every point of a sweep names the same file, and models read it
// when checking, predicting and simulating.
const GridSpec& cached_grid_spec(const std::string& path);

// The two generators ("clusters", "star") and their keys, for `isogrid list platforms`.
std::vector<GeneratorEntry> grid_spec_generators();

}  // namespace isogrid
