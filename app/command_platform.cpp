// `isogrid platform FILE`: what isogrid sees in a platform file, through SimGrid's own view of it (the facts every
// model checks its parameters against before the first point): zones, hosts, the routes between clusters, the
// settings the file gives SimGrid, and what a model would refuse. With --plot, a drawing of the zones and routes.
#include "app/commands.hpp"
#include "simulator/core/platform_use.hpp"
#include "simulator/core/text.hpp"
#include "simulator/report/plotter.hpp"
#include "simulator/report/table.hpp"
#include "simulator/sg/platform_check.hpp"
#include "workloads/loads/platform_loads.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

namespace fs = std::filesystem;

namespace isogrid::cli {

namespace {

// 1.25e9 -> "1.25 G": three significant digits and an SI prefix, for speeds, bandwidths and latencies alike.
std::string si(double x, const char* unit)
{
  if (!std::isfinite(x))
    return fmt::format("inf {}", unit);
  if (x == 0)
    return fmt::format("0 {}", unit);
  static const std::pair<double, const char*> prefixes[] = {{1e12, "T"}, {1e9, "G"},  {1e6, "M"},  {1e3, "k"},
                                                            {1, ""},     {1e-3, "m"}, {1e-6, "u"}, {1e-9, "n"}};
  for (auto [scale, prefix] : prefixes)
    if (std::fabs(x) >= scale * 0.9995)
      return fmt::format("{:.3g} {}{}", x / scale, prefix, unit);
  return fmt::format("{:.3g} {}", x, unit);
}

std::string properties_text(const PlatformFacts::Properties& props)
{
  std::string out;
  for (const auto& [k, v] : props)
    out += fmt::format("{}{}={}", out.empty() ? "" : " ", k, v);
  return out;
}

int depth_of(const PlatformFacts& f, size_t zone)
{
  int d = 0;
  for (int z = f.zones[zone].parent; z >= 0; z = f.zones[static_cast<size_t>(z)].parent)
    ++d;
  return d;
}

void print_zones(const PlatformFacts& f)
{
  Table t;
  t.columns = {"zone", "routing", "hosts", {"properties", Align::Left}, {"declared at", Align::Left}};
  for (size_t z = 0; z < f.zones.size(); ++z) {
    const auto& zone = f.zones[z];
    t.rows.push_back({std::string(2 * static_cast<size_t>(depth_of(f, z)), ' ') + zone.name, zone.routing,
                      std::to_string(zone.hosts), properties_text(zone.properties), zone.place});
  }
  fmt::print("\nZones ({}):\n{}", f.zones.size(), text_table(t));
}

void print_clusters(const PlatformFacts& f)
{
  Table t;
  t.columns = {"cluster", "hosts", "speed (per core)", "cores", "first host", "last host"};
  for (const auto& c : f.clusters) {
    double lo = INFINITY, hi = 0;
    int core_lo = 1 << 30, core_hi = 0;
    for (const auto& name : c.hosts)
      if (const auto* h = f.host(name)) {
        lo = std::min(lo, h->speed), hi = std::max(hi, h->speed);
        core_lo = std::min(core_lo, h->cores), core_hi = std::max(core_hi, h->cores);
      }
    std::string speed = lo == hi ? si(lo, "flop/s") : fmt::format("{} .. {}", si(lo, "flop/s"), si(hi, "flop/s"));
    std::string cores = core_lo == core_hi ? std::to_string(core_lo) : fmt::format("{} .. {}", core_lo, core_hi);
    t.rows.push_back({c.name, std::to_string(c.hosts.size()), speed, cores, c.hosts.front(), c.hosts.back()});
  }
  fmt::print("\nClusters ({}; the zones under the root that hold hosts, as lbm-grid and dlt-star count them):\n{}",
             f.clusters.size(), text_table(t));
}

void print_hosts(const PlatformFacts& f)
{
  Table t;
  t.columns = {"host", "zone", "speed", "cores", "pstates", {"properties", Align::Left}, {"profile", Align::Left}};
  for (size_t i = 0; i < f.hosts.size() && i < f.host_info.size(); ++i) {
    const auto& h = f.host_info[i];
    t.rows.push_back({f.hosts[i], h.zone, si(h.speed, "flop/s"), std::to_string(h.cores), std::to_string(h.pstates),
                      properties_text(h.properties), h.profile});
  }
  fmt::print("\nHosts ({}, natural name order):\n{}", f.hosts.size(), text_table(t));
}

void print_cluster_routes(const PlatformFacts& f)
{
  if (f.cluster_routes.empty())
    return;
  Table t;
  t.columns = {"from", "to", "links", "latency", "bottleneck", {"note", Align::Left}};
  for (const auto& r : f.cluster_routes) {
    bool routed = r.kind != std::string(1, PlatformFacts::kNoRoute);
    t.rows.push_back({f.clusters[r.from].name, r.from == r.to ? "(itself)" : f.clusters[r.to].name,
                      routed ? std::to_string(r.links) : "-", routed ? si(r.latency, "s") : "-",
                      !routed                                          ? "-"
                      : r.links == 0                                   ? "unlimited"
                      : r.kind == std::string(1, PlatformFacts::kWifi) ? "Wi-Fi"
                                                                       : si(r.bandwidth, "B/s"),
                      routed ? r.note : "no route"});
  }
  fmt::print("\nRoutes between clusters (first host to first host; within a cluster, first to second):\n{}",
             text_table(t));
}

void print_route_coverage(const PlatformFacts& f)
{
  if (f.routes.empty()) {
    size_t routed = 0;
    for (const auto& r : f.zone_routes)
      routed += r.kind != std::string(1, PlatformFacts::kNoRoute);
    fmt::print("\nHost pairs: not probed one by one ({} hosts); between the first hosts of the {} zones that hold "
               "hosts, {} of {} routes exist, which a model's check reads for every host of those zones\n",
               f.hosts.size(), std::set<size_t>(f.host_zone.begin(), f.host_zone.end()).size(), routed,
               f.zone_routes.size());
    return;
  }
  size_t n = f.hosts.size(), routed = 0, wifi = 0, varying = 0;
  std::vector<std::string> missing;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      if (i == j)
        continue;
      char k = f.routes[i][j];
      routed += k != PlatformFacts::kNoRoute;
      wifi += k == PlatformFacts::kWifi;
      varying += k == PlatformFacts::kVarying;
      if (k == PlatformFacts::kNoRoute && missing.size() < 8)
        missing.push_back(fmt::format("{} -> {}", f.hosts[i], f.hosts[j]));
    }
  size_t pairs = n * (n - 1);
  fmt::print("\nHost pairs: {} of {} routed", routed, pairs);
  if (wifi)
    fmt::print(", {} over a WIFI link", wifi);
  if (varying)
    fmt::print(", {} over a link that follows a profile", varying);
  fmt::print("\n");
  if (!missing.empty())
    fmt::print("  without a route: {}{}\n", join(missing, ", "), routed + missing.size() < pairs ? ", ..." : "");
}

// What the models' checks would say of this platform as a whole (hosts and routes a model picks are checked when an
// experiment names them).
void print_findings(const PlatformFacts& f)
{
  std::vector<std::string> findings;
  for (const auto& name : f.hosts)
    if (const auto* h = f.host(name); h && !h->profile.empty())
      findings.push_back(fmt::format("host {} ({}) follows {}", name, h->place, h->profile));
  for (const auto& s : f.platform_settings)
    findings.push_back(fmt::format("the file sets {} ({}){}", s.setting, s.place,
                                   s.in_effect ? "" : ": not in effect (isogrid sets it first, or SimGrid runs it)"));
  fmt::print("\nNetwork model: {}\n", f.network_model);
  for (const auto& line : findings)
    fmt::print("note: {}\n", line);
}

void draw(const PlatformFacts& f, const std::string& png)
{
  fs::path json = fs::path(png).replace_extension(".json");
  std::ofstream(json) << nlohmann::json::parse(sg::platform_facts_json(f)).dump(1) << "\n";
  std::string script = (fs::path(plot_script_path()).parent_path() / "isogrid_platform_plot.py").string();
  PlotResult r       = run_plot_script(script, {json.string(), png});
  fs::remove(json);
  if (!r.error.empty())
    throw std::runtime_error(fmt::format("drawing {}: {}", png, r.error));
  fmt::print("\ndrawing: {}\n", png);
}

int show_platform(const std::string& file, bool as_json, bool all_hosts, const std::string& png)
{
  PlatformFacts f;
  try {
    f = sg::probe_platform_in_simgrid(file, loads::resolver());
  } catch (const std::exception& e) {
    std::string why = e.what();  // SimGrid's reason names the file and line itself when it knows them
    fmt::print(stderr, "error: {}{}\n", why.rfind(file, 0) == 0 ? "" : file + ": ", why);
    return kBadInput;
  }
  if (as_json) {
    fmt::print("{}\n", sg::platform_facts_json(f));
    return kOk;
  }
  fmt::print("{}: {}\n", file, sg::describe_platform(f));
  print_zones(f);
  print_clusters(f);
  if (all_hosts || f.hosts.size() <= 16)
    print_hosts(f);
  else
    fmt::print("\n(--hosts lists the {} hosts)\n", f.hosts.size());
  print_cluster_routes(f);
  print_route_coverage(f);
  print_findings(f);
  if (!png.empty())
    draw(f, png);
  return kOk;
}

}  // namespace

void add_platform_command(CLI::App& app, Shared& shared)
{
  auto file     = std::make_shared<std::string>();
  auto as_json  = std::make_shared<bool>(false);
  auto hosts    = std::make_shared<bool>(false);
  auto png      = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("platform", "Show what isogrid sees in a platform file: zones, clusters, hosts, "
                                                 "routes between clusters, and what models would refuse");
  cmd->add_option("file", *file, "a SimGrid XML platform or an isogrid YAML grid spec")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_flag("--json", *as_json, "print the facts as JSON (what the models' checks read) instead of tables");
  cmd->add_flag("--hosts", *hosts, "list every host (by default, only when there are at most 16)");
  cmd->add_option(
      "--plot", *png,
      "draw into this PNG file the zone tree, each cluster with its hosts' speeds (a small one as a star of its "
      "hosts and links) and the routes between clusters");
  cmd->footer("The platform is loaded into SimGrid in a worker process under isogrid's exact network settings, as\n"
              "before any experiment. A file SimGrid refuses exits 2 with SimGrid's one-line reason.");
  cmd->callback([=, &shared] { shared.exit_code = show_platform(*file, *as_json, *hosts, *png); });
}

}  // namespace isogrid::cli
