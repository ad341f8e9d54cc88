#include "simulator/platform/grid_spec.hpp"

#include "simulator/core/registrations.hpp"
#include "simulator/core/units.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/platform/platform_source_index.hpp"  // kMaxPlatformHosts

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <stdexcept>
#include <utility>

namespace isogrid {

namespace {

// Keys of each mapping. grid_spec_generators() below documents the same keys for `isogrid list platforms`.
const std::vector<std::string> kTopKeys       = {"name", "clusters", "inter_cluster", "star"};
const std::vector<std::string> kClusterKeys   = {"name", "hosts",    "speed",      "cores",
                                                 "link", "backbone", "properties", "load"};
const std::vector<std::string> kLoadKeys      = {"cpu",     "cpu_profile", "bandwidth", "bandwidth_profile",
                                                 "horizon", "bandwidth_as"};
const std::vector<std::string> kLinkKeys      = {"bandwidth", "latency"};
const std::vector<std::string> kBackboneKeys  = {"bandwidth", "latency", "sharing"};
const std::vector<std::string> kInterKeys     = {"bandwidth", "latency", "links", "latency_matrix", "load"};
const std::vector<std::string> kOverrideKeys  = {"between", "bandwidth", "latency", "load"};
const std::vector<std::string> kMatrixKeys    = {"order", "values"};
const std::vector<std::string> kStarKeys      = {"center", "workers"};
const std::vector<std::string> kCenterKeys    = {"name", "speed"};
const std::vector<std::string> kWorkerRowKeys = {"count", "prefix", "speed", "bandwidth", "latency"};
const std::vector<std::string> kWorkerKeys    = {"name", "speed", "bandwidth", "latency"};

// Guards against typos such as "hosts: 1e9" that would otherwise exhaust memory before anything is reported: the
// bound every platform has (platform_source_index.hpp).
constexpr long long kMaxHosts = static_cast<long long>(kMaxPlatformHosts);
constexpr long long kMaxCores = 1'000'000;

double quantity(const Field& f, double (*parse)(const std::string&))
{
  try {
    return parse(f.text());
  } catch (const std::invalid_argument& e) {
    f.fail(e.what());
  }
}

double optional_time(const Field& f) { return f.present() ? quantity(f, parse_time) : 0.0; }

long long count_of(const Field& f, long long max, const std::string& what)
{
  long long n = f.integer_at_least(1);
  if (n > max)
    f.fail(fmt::format("{} {} is more than isogrid builds ({} at most)", n, what, max));
  return n;
}

// Names end up inside host, router and link names ("vu-3", "vu-router", "link:vu-3"), so they keep to characters
// that cannot be confused with the separators isogrid adds.
std::string name_of(const Field& f)
{
  std::string name = f.text();
  if (name.empty())
    f.fail("expected a name, got an empty string");
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-'))
      f.fail(fmt::format("'{}' has the character '{}'; names use letters, digits, '_', '.' and '-'", name, c));
  return name;
}

void require_list(const Field& f, const std::string& of)
{
  if (!f.is_list())
    f.fail(fmt::format("expected a list of {}", of));
  if (f.size() == 0)
    f.fail(fmt::format("expected at least one of {}, got an empty list", of));
}

// SimGrid keeps zones, hosts and routers in one namespace and refuses a second one of a name by aborting or with an
// error that names no line, so the clash is caught here, at the line that introduced the second one.
class NameBook {
public:
  void claim(const std::string& name, const std::string& what, const Field& at)
  {
    auto [it, fresh] = owners_.emplace(name, what);
    if (fresh)
      return;
    if (it->second == what)
      at.fail(fmt::format("{} is defined twice", what));
    at.fail(fmt::format("'{}' would name both {} and {}; hosts, routers and zones need distinct names", name,
                        it->second, what));
  }

private:
  std::map<std::string, std::string> owners_;
};

LinkSpec read_link(const Field& f)
{
  f.only_keys(kLinkKeys, "link key");
  return {quantity(f.required("bandwidth"), parse_bandwidth), optional_time(f.child("latency"))};
}

BackboneSpec read_backbone(const Field& f)
{
  f.only_keys(kBackboneKeys, "backbone key");
  BackboneSpec b;
  b.bandwidth   = quantity(f.required("bandwidth"), parse_bandwidth);
  b.latency     = optional_time(f.child("latency"));
  Field sharing = f.child("sharing");
  if (sharing.present()) {
    std::string s = sharing.text();
    if (s == "fatpipe")
      b.sharing = LinkSharing::Fatpipe;
    else if (s != "shared")
      sharing.fail(unknown_name_message("sharing policy", s, {"shared", "fatpipe"}));
  }
  return b;
}

// One speed for every host, or a list of exactly `hosts` speeds (measured machines are rarely identical).
void read_speeds(const Field& f, ClusterSpec& c)
{
  if (!f.is_list()) {
    c.speed = quantity(f, parse_speed);
    return;
  }
  require_list(f, "speeds");
  if (static_cast<long long>(f.size()) != c.hosts)
    f.fail(fmt::format("lists {} speeds but hosts is {}; give one speed per host, or a single speed for all", f.size(),
                       c.hosts));
  for (size_t i = 0; i < f.size(); ++i)
    c.host_speeds.push_back(quantity(f.element(i), parse_speed));
  c.speed = *std::max_element(c.host_speeds.begin(), c.host_speeds.end());
}

// One of `name` (a generator) or `name_profile` (a file, relative to the spec), or neither.
LoadSource read_load_source(const Field& f, const std::string& name)
{
  Field generator = f.child(name);
  Field profile   = f.child(name + "_profile");
  LoadSource source;
  if (generator.present() && profile.present())
    f.key(name + "_profile").fail(fmt::format("give either {0} (a generator) or {0}_profile (a file), not both", name));
  if (generator.present()) {
    source.generator = generator.text();
    source.where     = generator.where();
    source.key       = generator.path();
    if (source.generator.empty())
      generator.fail("expected a load generator's name, e.g. random-cpu");
  }
  auto resolved = [&f](const Field& path) {
    std::filesystem::path file = path.text();
    if (file.empty())
      path.fail("expected a profile file's path");
    if (file.is_relative())
      file = std::filesystem::path(f.file()).parent_path() / file;
    return file.lexically_normal().string();
  };
  if (profile.present()) {
    source.where = profile.where();
    source.key   = profile.path();
    if (profile.is_map()) {  // host name -> its own file; the names are checked against the cluster's hosts
      for (const std::string& host : profile.keys())
        source.host_profiles.push_back(
            {host, -1, resolved(profile.child(host)), profile.key(host).where(), profile.child(host).path()});
      if (source.host_profiles.empty())
        profile.fail("expected a profile file, or a mapping of host names to profile files");
    } else {
      source.profile_file = resolved(profile);
    }
  }
  return source;
}

// A cluster's per-host profile files: each named host must be one of the cluster's.
void resolve_host_profiles(const Field& load, const std::string& name, const ClusterSpec& c, LoadSource& source)
{
  const std::string prefix = c.name + "-";
  for (HostProfile& h : source.host_profiles) {
    // Host i is named prefix + i: read i off the name, and keep it only if it names the host back exactly (no "c-01").
    const std::string digits = h.name.compare(0, prefix.size(), prefix) == 0 ? h.name.substr(prefix.size()) : "";
    if (!digits.empty() && digits.size() < 19 && digits.find_first_not_of("0123456789") == std::string::npos) {
      long long i = std::stoll(digits);
      if (i < c.hosts && c.host_name(i) == h.name)
        h.host = i;
    }
    if (h.host < 0)
      load.child(name + "_profile")
          .key(h.name)
          .fail(fmt::format("cluster {} has no host {}: its hosts are {} .. {}", c.name, h.name, c.host_name(0),
                            c.host_name(c.hosts - 1)));
  }
}

LoadSpec read_load(const Field& f)
{
  if (!f.is_map())
    f.fail("expected a mapping such as {cpu: random-cpu, bandwidth: random-bandwidth}");
  f.only_keys(kLoadKeys, "load key");
  LoadSpec load;
  load.cpu       = read_load_source(f, "cpu");
  load.bandwidth = read_load_source(f, "bandwidth");
  if (Field horizon = f.child("horizon"); horizon.present()) {
    load.horizon = quantity(horizon, parse_time);
    if (!(load.horizon > 0) || load.horizon > 366 * 24 * 3600.0)
      horizon.fail("expected a positive duration up to a year, e.g. 24h");
  }
  if (Field as = f.child("bandwidth_as"); as.present()) {
    if (as.text() != "profile" && as.text() != "flows")
      as.fail("expected profile (the links replay their traces) or flows (competing streams between hosts)");
    load.bandwidth_flows = as.text() == "flows";
    if (load.bandwidth_flows && !load.bandwidth.declared())
      as.fail("flows need a bandwidth load: give bandwidth or bandwidth_profile");
  }
  return load;
}

// A link's load: bandwidth only.
LoadSpec read_link_load(const Field& f)
{
  if (f.is_map())
    for (const char* key : {"cpu", "cpu_profile"})
      if (f.child(key).present())
        f.key(key).fail("a link has no CPU; give bandwidth or bandwidth_profile");
  if (f.is_map() && f.child("bandwidth_as").present())
    f.key("bandwidth_as").fail("an inter-cluster link replays its trace as a profile; flows run within a cluster");
  if (f.is_map() && f.child("bandwidth_profile").is_map())
    f.child("bandwidth_profile").fail("a link takes one profile file; per-host files are for a cluster's hosts");
  return read_load(f);
}

ClusterSpec read_cluster(const Field& f, NameBook& names)
{
  f.only_keys(kClusterKeys, "cluster key");
  ClusterSpec c;
  Field name = f.required("name");
  c.name     = name_of(name);
  c.hosts    = count_of(f.required("hosts"), kMaxHosts, "hosts");
  read_speeds(f.required("speed"), c);
  if (f.child("cores").present())
    c.cores = static_cast<int>(count_of(f.child("cores"), kMaxCores, "cores"));
  c.link = read_link(f.required("link"));
  if (f.child("backbone").present())
    c.backbone = read_backbone(f.child("backbone"));
  if (Field props = f.child("properties"); props.present()) {
    if (!props.is_map())
      props.fail("expected a map of names to numbers or words, e.g. {mhz: 534}");
    for (const std::string& key : props.keys())
      c.properties[key] = props.child(key).text();
  }
  if (Field load = f.child("load"); load.present()) {
    c.load = read_load(load);
    resolve_host_profiles(load, "cpu", c, c.load->cpu);
    resolve_host_profiles(load, "bandwidth", c, c.load->bandwidth);
    if (c.load->bandwidth_flows && c.hosts < 2)
      load.key("bandwidth_as").fail("flows run from each host to the next: the cluster needs 2 hosts or more");
  }

  names.claim(c.name, fmt::format("cluster '{}'", c.name), name);
  names.claim(c.name + "-router", fmt::format("the router of cluster '{}'", c.name), name);
  for (long long i = 0; i < c.hosts; ++i)
    names.claim(c.host_name(i), fmt::format("host {} of cluster '{}'", i, c.name), name);
  return c;
}

size_t cluster_index(const Field& f, const std::vector<ClusterSpec>& clusters)
{
  std::string name = f.text();
  std::vector<std::string> known;
  for (size_t i = 0; i < clusters.size(); ++i) {
    if (clusters[i].name == name)
      return i;
    known.push_back(clusters[i].name);
  }
  f.fail(unknown_name_message("cluster", name, known));
}

size_t pair_index(size_t a, size_t b, size_t n)
{
  if (a > b)
    std::swap(a, b);
  return a * n - a * (a + 1) / 2 + (b - a - 1);  // position of (a, b) in the order (0,1), (0,2), ..., (1,2), ...
}

void apply_overrides(const Field& links, const std::vector<ClusterSpec>& clusters, std::vector<InterClusterLink>& pairs)
{
  if (!links.is_list())
    links.fail("expected a list of {between: [a, b], bandwidth: ..., latency: ...}");
  std::map<size_t, size_t> seen;  // pair -> entry that set it
  for (size_t i = 0; i < links.size(); ++i) {
    Field entry = links.element(i);
    entry.only_keys(kOverrideKeys, "inter-cluster link key");
    Field between = entry.required("between");
    if (!between.is_list() || between.size() != 2)
      between.fail("expected the two clusters the link joins, e.g. [vu, leiden]");
    size_t a = cluster_index(between.element(0), clusters);
    size_t b = cluster_index(between.element(1), clusters);
    if (a == b)
      between.fail(fmt::format("a link joins two different clusters, got '{}' twice", clusters[a].name));
    size_t p = pair_index(a, b, clusters.size());
    if (auto [it, fresh] = seen.emplace(p, i); !fresh)
      between.fail(fmt::format("the link between '{}' and '{}' is already set by links[{}]", clusters[a].name,
                               clusters[b].name, it->second));
    if (!entry.child("bandwidth").present() && !entry.child("latency").present() && !entry.child("load").present())
      entry.fail("give the bandwidth, the latency and/or the load that differ from the default");
    if (entry.child("load").present())
      pairs[p].load = read_link_load(entry.child("load"));
    if (entry.child("bandwidth").present())
      pairs[p].link.bandwidth = quantity(entry.child("bandwidth"), parse_bandwidth);
    if (entry.child("latency").present())
      pairs[p].link.latency = quantity(entry.child("latency"), parse_time);
  }
}

void apply_latency_matrix(const Field& m, const std::vector<ClusterSpec>& clusters,
                          std::vector<InterClusterLink>& pairs)
{
  m.only_keys(kMatrixKeys, "latency_matrix key");
  Field order = m.required("order");
  require_list(order, "cluster names");
  std::vector<size_t> index;
  for (size_t i = 0; i < order.size(); ++i) {
    size_t c = cluster_index(order.element(i), clusters);
    for (size_t prev : index)
      if (prev == c)
        order.element(i).fail(fmt::format("cluster '{}' appears twice in the order", clusters[c].name));
    index.push_back(c);
  }
  const size_t n = index.size();
  Field values   = m.required("values");
  if (!values.is_list() || values.size() != n)
    values.fail(fmt::format("expected {} rows (one per cluster of order), got {}", n,
                            values.is_list() ? std::to_string(values.size()) : "no list"));
  std::vector<std::vector<double>> lat(n, std::vector<double>(n));
  for (size_t i = 0; i < n; ++i) {
    Field row = values.element(i);
    if (!row.is_list() || row.size() != n)
      row.fail(fmt::format("expected a row of {} latencies (the matrix is square), got {}", n,
                           row.is_list() ? std::to_string(row.size()) : "no list"));
    for (size_t j = 0; j < n; ++j)
      lat[i][j] = quantity(row.element(j), parse_time);
    if (lat[i][i] != 0)
      row.element(i).fail("the diagonal must be 0: a cluster's internal latency comes from its links");
  }
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < i; ++j) {
      if (std::fabs(lat[i][j] - lat[j][i]) > 1e-12 * std::max(lat[i][j], lat[j][i]))
        values.element(i).element(j).fail(
            fmt::format("the matrix is not symmetric: {} s here but {} s at values[{}][{}] (one link joins '{}' and "
                        "'{}' in both directions)",
                        lat[i][j], lat[j][i], j, i, clusters[index[i]].name, clusters[index[j]].name));
      pairs[pair_index(index[i], index[j], clusters.size())].link.latency = lat[i][j];
    }
}

std::vector<InterClusterLink> read_inter_cluster(const Field& doc, const std::vector<ClusterSpec>& clusters)
{
  Field f = doc.child("inter_cluster");
  if (!f.present()) {
    if (clusters.size() > 1)
      throw InputError(doc.where(), "inter_cluster",
                       fmt::format("missing: {} clusters need the links between them, e.g. "
                                   "inter_cluster: {{bandwidth: 100MBps, latency: 10ms}}",
                                   clusters.size()));
    return {};
  }
  f.only_keys(kInterKeys, "inter_cluster key");
  LinkSpec fallback{quantity(f.required("bandwidth"), parse_bandwidth), optional_time(f.child("latency"))};
  std::vector<InterClusterLink> pairs;
  std::optional<LoadSpec> load;
  if (f.child("load").present())
    load = read_link_load(f.child("load"));
  for (size_t a = 0; a < clusters.size(); ++a)
    for (size_t b = a + 1; b < clusters.size(); ++b)
      pairs.push_back({a, b, fallback, load});
  if (f.child("links").present())
    apply_overrides(f.child("links"), clusters, pairs);
  if (f.child("latency_matrix").present())
    apply_latency_matrix(f.child("latency_matrix"), clusters, pairs);
  return pairs;
}

StarHostSpec read_worker(const Field& f)
{
  f.only_keys(kWorkerKeys, "worker key");
  return {name_of(f.required("name")), quantity(f.required("speed"), parse_speed),
          quantity(f.required("bandwidth"), parse_bandwidth), optional_time(f.child("latency"))};
}

// `workers` is either one row that generates <prefix>1 .. <prefix><count>, or an explicit list.
std::vector<StarHostSpec> read_workers(const Field& f, NameBook& names)
{
  std::vector<StarHostSpec> out;
  if (f.is_map()) {
    f.only_keys(kWorkerRowKeys, "workers key");
    long long count    = count_of(f.required("count"), kMaxHosts, "workers");
    std::string prefix = f.child("prefix").present() ? name_of(f.child("prefix")) : "P";
    StarHostSpec w{"", quantity(f.required("speed"), parse_speed), quantity(f.required("bandwidth"), parse_bandwidth),
                   optional_time(f.child("latency"))};
    for (long long i = 1; i <= count; ++i) {
      w.name = prefix + std::to_string(i);
      names.claim(w.name, fmt::format("worker '{}'", w.name), f);
      out.push_back(w);
    }
    return out;
  }
  if (!f.is_list())
    f.fail("expected {count: N, prefix: P, speed: ..., bandwidth: ..., latency: ...} or a list of workers");
  require_list(f, "workers");
  for (size_t i = 0; i < f.size(); ++i) {
    out.push_back(read_worker(f.element(i)));
    names.claim(out.back().name, fmt::format("worker '{}'", out.back().name), f.element(i).child("name"));
  }
  return out;
}

StarGridSpec read_star(const Field& f, NameBook& names)
{
  f.only_keys(kStarKeys, "star key");
  StarGridSpec s;
  Field center = f.required("center");
  center.only_keys(kCenterKeys, "center key");
  if (center.child("name").present())
    s.center_name = name_of(center.child("name"));
  s.center_speed = quantity(center.required("speed"), parse_speed);
  names.claim(s.center_name, "the center", center.child("name").present() ? center.child("name") : center);
  s.workers = read_workers(f.required("workers"), names);
  return s;
}

// The key rather than its value, for complaints about the key being there at all: a block mapping's value
// starts on the line after its key.
Field key_field(const Field& map, const std::string& key, const std::shared_ptr<const YamlOrigin>& origin)
{
  for (auto it = map.node().begin(); it != map.node().end(); ++it)
    if (it->first.Scalar() == key)
      return Field(it->first, key, origin);
  return map.child(key);
}

}  // namespace

GridSpec read_grid_spec(const std::string& path)
{
  YAML::Node root = load_yaml_file(path);
  if (!root.IsMap())
    throw InputError({path, 1, 1}, "", "a grid spec is a mapping with the key 'clusters' or 'star'");
  auto origin  = std::make_shared<YamlOrigin>();
  origin->file = path;
  Field doc(root, "", origin);
  doc.only_keys(kTopKeys, "grid spec key");

  GridSpec spec;
  spec.file = path;
  spec.name = doc.child("name").present() ? doc.child("name").text() : std::filesystem::path(path).stem().string();
  if (spec.name.empty())
    doc.child("name").fail("expected a name, got an empty string");
  NameBook names;
  names.claim(spec.name, "the grid", doc.child("name").present() ? doc.child("name") : doc);

  Field clusters = doc.child("clusters");
  Field star     = doc.child("star");
  if (clusters.present() && star.present())
    key_field(doc, "star", origin).fail("a grid spec has either 'clusters' or 'star', not both");
  if (star.present()) {
    if (doc.child("inter_cluster").present())
      key_field(doc, "inter_cluster", origin)
          .fail("inter_cluster belongs to 'clusters'; a star has only its workers' links");
    spec.star = read_star(star, names);
    return spec;
  }
  if (!clusters.present())
    throw InputError(doc.where(), "clusters", "missing: a grid spec describes either 'clusters' or a 'star'");
  require_list(clusters, "clusters");
  for (size_t i = 0; i < clusters.size(); ++i)
    spec.clusters.push_back(read_cluster(clusters.element(i), names));
  spec.inter_links = read_inter_cluster(doc, spec.clusters);
  return spec;
}

std::string inter_link_name(const GridSpec& spec, const InterClusterLink& link)
{
  return "inter:" + spec.clusters[link.a].name + ":" + spec.clusters[link.b].name;
}

bool is_grid_spec_file(const std::string& path)
{
  auto ends = [&](const std::string& suffix) {
    return path.size() >= suffix.size() && path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  return ends(".yaml") || ends(".yml");
}

const GridSpec& cached_grid_spec(const std::string& path)
{
  static std::map<std::string, GridSpec> read;
  auto it = read.find(path);
  if (it == read.end())
    it = read.emplace(path, read_grid_spec(path)).first;
  return it->second;
}

namespace {

ParamSpec key(std::string name, ParamKind kind, std::optional<Value> fallback, std::string doc, std::string unit = "")
{
  ParamSpec p;
  p.name          = std::move(name);
  p.kind          = kind;
  p.default_value = std::move(fallback);
  p.doc           = std::move(doc);
  p.unit          = std::move(unit);
  return p;
}

}  // namespace

std::vector<GeneratorEntry> grid_spec_generators()
{
  using K = ParamKind;
  GeneratorEntry clusters{
      "clusters",
      "clusters of hosts behind a switch, joined pairwise by inter-cluster links (YAML grid spec)",
      {
          key("name", K::Text, std::string("file name"), "name of the grid (its top zone)"),
          key("clusters[].name", K::Text, std::nullopt, "cluster name; hosts are <name>-0 .. <name>-<hosts-1>"),
          key("clusters[].hosts", K::Integer, std::nullopt, "number of hosts, >= 1"),
          key("clusters[].speed", K::Text, std::nullopt,
              "speed of each core, e.g. 1Gf, or one per host in host order, e.g. [2.9Gf, 2.9Gf, 2.6Gf]", "flop/s"),
          key("clusters[].cores", K::Integer, 1.0, "cores per host"),
          key("clusters[].link.bandwidth", K::Text, std::nullopt, "each host's split-duplex link, e.g. 125MBps",
              "byte/s"),
          key("clusters[].link.latency", K::Text, std::string("0s"), "latency of that link, e.g. 50us", "s"),
          key("clusters[].backbone.bandwidth", K::Text, std::string("none"),
              "optional switch backbone crossed by every transfer in and out of a host", "byte/s"),
          key("clusters[].backbone.latency", K::Text, std::string("0s"), "backbone latency", "s"),
          key("clusters[].backbone.sharing", K::Choice, std::string("shared"), "shared | fatpipe"),
          key("clusters[].properties", K::Text, std::string("none"),
              "optional map of facts models read (e.g. {mhz: 534}); set as properties of the cluster's zone"),
          key("clusters[].load.cpu", K::Text, std::string("none"),
              "background CPU load: a load generator (isogrid list policies load-generator), one trace per host drawn "
              "from the point's seed"),
          key("clusters[].load.cpu_profile", K::Text, std::string("none"),
              "or a SimGrid profile file every host replays (shares of its speed, in (0, 1]), or {host: file, ...}: "
              "each "
              "listed host its own"),
          key("clusters[].load.bandwidth", K::Text, std::string("none"),
              "background bandwidth load: a load generator, one trace per host link"),
          key("clusters[].load.bandwidth_profile", K::Text, std::string("none"),
              "or a profile file every host link replays (shares of its bandwidth, in (0, 1]), or {host: file, ...}"),
          key("clusters[].load.horizon", K::Text, std::string("24h"), "generators draw at least this long", "s"),
          key("clusters[].load.bandwidth_as", K::Choice, std::string("profile"),
              "profile: each host link replays its trace; flows: each host sends rate-capped competing streams to "
              "the next host that leave one application flow its trace's share (the thesis's packet streams)"),
          key("inter_cluster.load.bandwidth", K::Text, std::string("none"),
              "every inter-cluster link's own bandwidth trace: a bandwidth load generator, or "
              "inter_cluster.load.bandwidth_profile: a profile file; links[].load overrides it for one pair"),
          key("inter_cluster.bandwidth", K::Text, std::nullopt,
              "every cluster-to-cluster link (split-duplex, one per pair); required with two clusters or more",
              "byte/s"),
          key("inter_cluster.latency", K::Text, std::string("0s"), "latency of every cluster-to-cluster link", "s"),
          key("inter_cluster.links[].between", K::Text, std::nullopt, "[a, b]: the pair whose link differs"),
          key("inter_cluster.links[].bandwidth", K::Text, std::string("default"), "that pair's bandwidth", "byte/s"),
          key("inter_cluster.links[].latency", K::Text, std::string("default"), "that pair's latency", "s"),
          key("inter_cluster.latency_matrix.order", K::Text, std::string("none"),
              "cluster names giving the rows and columns of values"),
          key("inter_cluster.latency_matrix.values", K::Text, std::string("none"),
              "square symmetric matrix of one-way latencies, zero diagonal; beats the latencies above", "s"),
      }};
  GeneratorEntry star{
      "star",
      "a center host and workers, each worker behind its own link to the center (YAML grid spec)",
      {
          key("name", K::Text, std::string("file name"), "name of the star zone"),
          key("star.center.name", K::Text, std::string("P0"), "the center host"),
          key("star.center.speed", K::Text, std::nullopt, "speed of the center", "flop/s"),
          key("star.workers.count", K::Integer, std::nullopt,
              "number of identical workers <prefix>1 .. <prefix><count>"),
          key("star.workers.prefix", K::Text, std::string("P"), "worker name prefix"),
          key("star.workers.speed", K::Text, std::nullopt, "speed of each worker", "flop/s"),
          key("star.workers.bandwidth", K::Text, std::nullopt, "each worker's link to the center", "byte/s"),
          key("star.workers.latency", K::Text, std::string("0s"), "latency of that link", "s"),
          key("star.workers[].name", K::Text, std::nullopt,
              "or workers as a list of {name, speed, bandwidth, latency}, one per worker"),
      }};
  return {clusters, star};
}

ISOGRID_PLATFORM_GENERATORS(grid_spec_generators);

}  // namespace isogrid
